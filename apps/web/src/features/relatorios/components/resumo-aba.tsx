import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import { useColunasPorForma } from './colunas-por-forma';
import { useRelatorio } from '../api/get-relatorio';
import { dinheiroCompacto } from '../eixo';
import { textoDaRegra } from '../regra-vencimento';
import type { EscolhaPeriodo } from '../periodo';
import { EstadoAba, PeriodoVazio } from './estado-aba';
import { Figura, FiguraComparada, SemDados, Secao } from './figura';
import { Grafico } from './grafico';
import { Tabela } from './tabela';

export function ResumoAba({ escolha }: { escolha: EscolhaPeriodo }) {
  const { t } = useTranslation('relatorios');
  const fmt = useFormatters();
  const eixo = dinheiroCompacto(fmt.currency);
  const colunasPorForma = useColunasPorForma();
  const query = useRelatorio('resumo', escolha);
  const pct = (v: number | null) => (v === null ? '—' : fmt.percent(v));
  return (
    <EstadoAba aba="resumo" query={query}>
      {(r) =>
        r.vendas.quantidade.atual === 0 && r.canceladas.quantidade === 0 && r.recebido.quantidade.atual === 0 ? (
          <PeriodoVazio />
        ) : (
          <>
            <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              <FiguraComparada title={t('resumo.totalVendas')} valores={r.vendas.valor} formato={fmt.money} />
              <FiguraComparada title={t('resumo.numeroVendas')} valores={r.vendas.quantidade} formato={fmt.integer} />
              <FiguraComparada title={t('resumo.ticketMedio')} valores={r.vendas.ticketMedio} formato={fmt.money} />
              <FiguraComparada title={t('resumo.recebido')} valores={r.recebido.valor} formato={fmt.money} hint={t('resumo.recebidoHint')} />
              <FiguraComparada title={t('resumo.lucro')} valores={r.lucro} formato={fmt.money} hint={t('resumo.lucroHint')} />
              <FiguraComparada title={t('resumo.margem')} valores={r.margem} formato={pct} emPontos />
              {/* Today, not a figure of the period: of what customers owe, the overdue part (the same verdicts as Devedores). */}
              <Figura
                title={t('resumo.inadimplencia')}
                value={r.inadimplencia.taxa === null ? t('resumo.semDivida') : fmt.percent(r.inadimplencia.taxa)}
                hint={`${t('resumo.inadimplenciaHint')} · ${t('periodo.hoje', { data: fmt.date(r.periodo.hoje) })}`}
              >
                {r.inadimplencia.taxa !== null && (
                  <p className="text-xs">
                    {t('resumo.vencidoDe', {
                      vencido: fmt.money(r.inadimplencia.vencido),
                      total: fmt.money(r.inadimplencia.vencido + r.inadimplencia.aVencer),
                      aVencer: fmt.money(r.inadimplencia.aVencer),
                    })}
                  </p>
                )}
              </Figura>
              <FiguraComparada title={t('tabela.custo')} valores={r.custo} formato={fmt.money} neutro />
              {/* What the discounts of the period's sales took off (items' own and the sales'); neither more nor less is good news. */}
              <FiguraComparada title={t('resumo.descontos')} valores={r.descontos} formato={fmt.money} hint={t('resumo.descontosHint')} neutro />
            </div>
            <p className="text-xs text-muted-foreground">
              {textoDaRegra(t, r.regraVencimento, fmt.date)}
              {r.canceladas.quantidade > 0 && ` ${t('resumo.canceladas', { count: r.canceladas.quantidade, valor: fmt.money(r.canceladas.valor) })}`}
            </p>
            <div className="grid gap-4 lg:grid-cols-2">
              <Secao title={t('resumo.formasTitulo')}>
                {r.vendas.quantidade.atual === 0 ? (
                  <SemDados>{t('vazio.titulo')}</SemDados>
                ) : (
                  <Grafico
                    titulo={t('resumo.formasTitulo')}
                    deitado
                    dados={[
                      { forma: 'vista' as const, ...r.vista },
                      { forma: 'fiado' as const, ...r.fiado },
                    ]}
                    chave={(f) => f.forma}
                    rotulo={(f) => t(`formas.${f.forma}`)}
                    serie={{ nome: t('tabela.valor'), valor: (f) => f.valor.atual, formato: fmt.money, formatoEixo: eixo, cor: 'var(--primary)' }}
                    colunas={colunasPorForma}
                  />
                )}
              </Secao>
              <Secao title={t('resumo.recebidoTitulo')}>
                {r.recebido.porMetodo.length === 0 ? (
                  <SemDados>{t('vazio.pagamentos')}</SemDados>
                ) : (
                  <Tabela
                    caption={t('resumo.recebidoTitulo')}
                    linhas={r.recebido.porMetodo}
                    chave={(m) => m.metodo}
                    colunas={[
                      { header: t('tabela.metodo'), cell: (m) => t(`metodos.${m.metodo}`) },
                      { header: t('tabela.periodo'), cell: (m) => fmt.money(m.valor.atual), numero: true },
                      { header: t('tabela.anterior'), cell: (m) => fmt.money(m.valor.anterior), numero: true },
                    ]}
                  />
                )}
              </Secao>
            </div>
          </>
        )
      }
    </EstadoAba>
  );
}

import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import { useRelatorio } from '../api/get-relatorio';
import { dinheiroCompacto } from '../eixo';
import { textoDaRegra } from '../regra-vencimento';
import type { EscolhaPeriodo } from '../periodo';
import { EstadoAba, PeriodoVazio } from './estado-aba';
import { Figura, SemDados, Secao } from './figura';
import { Grafico } from './grafico';
import { Tabela } from './tabela';
import { Variacao } from './variacao';

export function ResumoAba({ escolha }: { escolha: EscolhaPeriodo }) {
  const { t } = useTranslation('relatorios');
  const fmt = useFormatters();
  const eixo = dinheiroCompacto(fmt.currency);
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
              <Figura title={t('resumo.totalVendas')} value={fmt.money(r.vendas.valor.atual)}>
                <Variacao {...r.vendas.valor} anteriorTexto={fmt.money(r.vendas.valor.anterior)} />
              </Figura>
              <Figura title={t('resumo.numeroVendas')} value={fmt.integer(r.vendas.quantidade.atual)}>
                <Variacao {...r.vendas.quantidade} anteriorTexto={fmt.integer(r.vendas.quantidade.anterior)} />
              </Figura>
              <Figura title={t('resumo.ticketMedio')} value={fmt.money(r.vendas.ticketMedio.atual)}>
                <Variacao {...r.vendas.ticketMedio} anteriorTexto={fmt.money(r.vendas.ticketMedio.anterior)} />
              </Figura>
              <Figura title={t('resumo.recebido')} value={fmt.money(r.recebido.valor.atual)} hint={t('resumo.recebidoHint')}>
                <Variacao {...r.recebido.valor} anteriorTexto={fmt.money(r.recebido.valor.anterior)} />
              </Figura>
              <Figura title={t('resumo.lucro')} value={fmt.money(r.lucro.atual)} hint={t('resumo.lucroHint')}>
                <Variacao {...r.lucro} anteriorTexto={fmt.money(r.lucro.anterior)} />
              </Figura>
              <Figura title={t('resumo.margem')} value={pct(r.margem.atual)}>
                <Variacao {...r.margem} emPontos anteriorTexto={pct(r.margem.anterior)} />
              </Figura>
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
              <Figura title={t('tabela.custo')} value={fmt.money(r.custo.atual)}>
                <Variacao {...r.custo} neutro anteriorTexto={fmt.money(r.custo.anterior)} />
              </Figura>
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
                    colunas={[
                      { header: t('tabela.forma'), cell: (f) => t(`formas.${f.forma}`) },
                      { header: t('tabela.vendas'), cell: (f) => fmt.integer(f.quantidade.atual), numero: true },
                      { header: t('tabela.valor'), cell: (f) => fmt.money(f.valor.atual), numero: true },
                      { header: t('tabela.anterior'), cell: (f) => fmt.money(f.valor.anterior), numero: true },
                    ]}
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

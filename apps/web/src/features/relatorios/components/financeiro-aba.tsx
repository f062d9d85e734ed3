import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import { useRelatorio } from '../api/get-relatorio';
import { dinheiroCompacto } from '../eixo';
import { textoDaRegra } from '../regra-vencimento';
import type { EscolhaPeriodo } from '../periodo';
import { EstadoAba } from './estado-aba';
import { Figura, FiguraComparada, SemDados, Secao } from './figura';
import { Grafico } from './grafico';

export function FinanceiroAba({ escolha }: { escolha: EscolhaPeriodo }) {
  const { t } = useTranslation('relatorios');
  const fmt = useFormatters();
  const eixo = dinheiroCompacto(fmt.currency);
  const query = useRelatorio('financeiro', escolha);
  return (
    <EstadoAba aba="financeiro" query={query}>
      {(r) => {
        const hoje = t('periodo.hoje', { data: fmt.date(r.periodo.hoje) });
        const aberto = r.atraso.some((f) => f.valor > 0);
        return (
          <>
            <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              <FiguraComparada title={t('financeiro.recebido')} valores={r.recebido.valor} formato={fmt.money} />
              <Figura title={t('financeiro.aReceber')} value={fmt.money(r.aReceber.saldoClientes)} hint={`${t('financeiro.aReceberHint')} · ${hoje}`}>
                {/* The dashboard's "Total a receber" counts active customers only: say what makes this figure larger. */}
                {r.aReceber.saldoDesativados > 0 && (
                  <p className="text-xs text-muted-foreground">{t('financeiro.aReceberDesativados', { valor: fmt.money(r.aReceber.saldoDesativados) })}</p>
                )}
              </Figura>
              <Figura title={t('financeiro.vendasPendentes')} value={fmt.money(r.aReceber.vendasPendentes)} hint={`${t('financeiro.vendasPendentesHint')} · ${hoje}`} />
              <Figura title={t('financeiro.vencido')} value={fmt.money(r.aReceber.vencido)} hint={`${t('financeiro.vencidoHint')} · ${hoje}`}>
                {r.aReceber.vencidoDesativados > 0 && (
                  <p className="text-xs text-muted-foreground">{t('financeiro.aReceberDesativados', { valor: fmt.money(r.aReceber.vencidoDesativados) })}</p>
                )}
              </Figura>
            </div>
            <div className="grid gap-4 lg:grid-cols-2">
              <Secao title={t('resumo.recebidoTitulo')}>
                {r.recebido.porMetodo.length === 0 ? (
                  <SemDados>{t('vazio.pagamentos')}</SemDados>
                ) : (
                  <Grafico
                    titulo={t('resumo.recebidoTitulo')}
                    deitado
                    dados={r.recebido.porMetodo}
                    chave={(m) => m.metodo}
                    rotulo={(m) => t(`metodos.${m.metodo}`)}
                    serie={{ nome: t('tabela.valor'), valor: (m) => m.valor.atual, formato: fmt.money, formatoEixo: eixo, cor: 'var(--primary)' }}
                    colunas={[
                      { header: t('tabela.metodo'), cell: (m) => t(`metodos.${m.metodo}`) },
                      { header: t('tabela.pagamentos'), cell: (m) => fmt.integer(m.quantidade.atual), numero: true },
                      { header: t('tabela.periodo'), cell: (m) => fmt.money(m.valor.atual), numero: true },
                      { header: t('tabela.anterior'), cell: (m) => fmt.money(m.valor.anterior), numero: true },
                    ]}
                  />
                )}
              </Secao>
              <Secao title={t('financeiro.atraso')} description={`${hoje} · ${textoDaRegra(t, r.regraVencimento, fmt.date)}`}>
                {!aberto ? (
                  <SemDados>{t('financeiro.semAberto')}</SemDados>
                ) : (
                  <Grafico
                    titulo={t('financeiro.atraso')}
                    deitado
                    dados={r.atraso}
                    chave={(f) => f.faixa}
                    rotulo={(f) => t(`faixas.${f.faixa}`)}
                    serie={{ nome: t('tabela.valor'), valor: (f) => f.valor, formato: fmt.money, formatoEixo: eixo, cor: 'var(--destructive)' }}
                    colunas={[
                      { header: t('tabela.faixa'), cell: (f) => t(`faixas.${f.faixa}`) },
                      { header: t('tabela.clientes'), cell: (f) => fmt.integer(f.clientes), numero: true },
                      { header: t('tabela.valor'), cell: (f) => fmt.money(f.valor), numero: true },
                    ]}
                  />
                )}
              </Secao>
            </div>
          </>
        );
      }}
    </EstadoAba>
  );
}

import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { useFormatters } from '@/lib/format';
import { useRelatorio } from '../api/get-relatorio';
import { dinheiroCompacto } from '../eixo';
import type { EscolhaPeriodo } from '../periodo';
import { EstadoAba } from './estado-aba';
import { Figura, FiguraComparada, SemDados, Secao } from './figura';
import { Grafico } from './grafico';
import { Tabela } from './tabela';

export function ClientesAba({ escolha }: { escolha: EscolhaPeriodo }) {
  const { t } = useTranslation('relatorios');
  const fmt = useFormatters();
  const eixo = dinheiroCompacto(fmt.currency);
  const query = useRelatorio('clientes', escolha);
  return (
    <EstadoAba aba="clientes" query={query}>
      {(r) => {
        const hoje = t('periodo.hoje', { data: fmt.date(r.periodo.hoje) });
        return (
          <>
            <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
              <FiguraComparada title={t('clientes.novos')} valores={r.novos} formato={fmt.integer} hint={t('clientes.novosHint')} />
              <FiguraComparada title={t('clientes.compradores')} valores={r.compradores} formato={fmt.integer} hint={t('clientes.compradoresHint')} />
              <Figura title={t('clientes.devedores')} value={fmt.money(r.devedores.valor)} hint={hoje}>
                <p className="text-xs">{t('clientes.devedoresValor', { count: r.devedores.quantidade, valor: fmt.money(r.devedores.valor) })}</p>
                {/* Devedores and the dashboard list active customers only: say what makes this figure larger. */}
                {r.devedores.desativados.quantidade > 0 && (
                  <p className="text-xs text-muted-foreground">
                    {t('clientes.devedoresDesativados', { count: r.devedores.desativados.quantidade, valor: fmt.money(r.devedores.desativados.valor) })}
                  </p>
                )}
              </Figura>
            </div>
            <div className="grid gap-4 lg:grid-cols-2">
              <Secao title={t('clientes.maioresSaldos')} description={hoje}>
                {r.maioresSaldos.length === 0 ? (
                  <SemDados>{t('clientes.semDevedores')}</SemDados>
                ) : (
                  <Tabela
                    caption={t('clientes.maioresSaldos')}
                    linhas={r.maioresSaldos}
                    chave={(c) => c.id}
                    colunas={[
                      {
                        header: t('tabela.cliente'),
                        cell: (c) => (
                          <>
                            {c.nome}
                            {!c.ativo && (
                              <Badge variant="outline" className="ml-1">
                                {t('clientes.desativado')}
                              </Badge>
                            )}
                          </>
                        ),
                      },
                      { header: t('tabela.saldo'), cell: (c) => <span className="text-destructive">{fmt.money(c.saldoPendente)}</span>, numero: true },
                    ]}
                  />
                )}
              </Secao>
              <Secao title={t('clientes.maioresCompradores')}>
                {r.maioresCompradores.length === 0 ? (
                  <SemDados>{t('clientes.semCompras')}</SemDados>
                ) : (
                  <Grafico
                    titulo={t('clientes.maioresCompradores')}
                    deitado
                    dados={r.maioresCompradores}
                    chave={(c) => c.id}
                    rotulo={(c) => c.nome}
                    rotuloEixo={(c) => (c.nome.length > 14 ? `${c.nome.slice(0, 13)}…` : c.nome)}
                    serie={{ nome: t('tabela.valor'), valor: (c) => c.valor, formato: fmt.money, formatoEixo: eixo, cor: 'var(--primary)' }}
                    colunas={[
                      { header: t('tabela.cliente'), cell: (c) => c.nome },
                      { header: t('tabela.compras'), cell: (c) => fmt.integer(c.quantidade), numero: true },
                      { header: t('tabela.valor'), cell: (c) => fmt.money(c.valor), numero: true },
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

import { numberFormat } from '@caderneta/shared/money';
import type { RelatorioProdutos } from '@caderneta/shared/schemas/relatorios';
import { escalaDaUnidade, type Unidade } from '@caderneta/shared/unidades';
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

/** A line of the margin table: a product, or the rest added up (no unit of its own: it may mix units). */
type Margem = Omit<RelatorioProdutos['margens'][number], 'unidade'>;

export function ProdutosAba({ escolha }: { escolha: EscolhaPeriodo }) {
  const { t } = useTranslation('relatorios');
  const fmt = useFormatters();
  const eixo = dinheiroCompacto(fmt.currency);
  const query = useRelatorio('produtos', escolha);
  const curto = (nome: string) => (nome.length > 14 ? `${nome.slice(0, 13)}…` : nome);
  // The chart's bars in whole units (2 un beside 0,350 kg, not beside 350 g), as the server ranks them.
  const inteiras = numberFormat(fmt.locale, { maximumFractionDigits: 3 });
  const emUnidades = (p: { quantidade: number; unidade: Unidade }) => p.quantidade / escalaDaUnidade(p.unidade);
  return (
    <EstadoAba aba="produtos" query={query}>
      {(r) => {
        const hoje = t('periodo.hoje', { data: fmt.date(r.periodo.hoje) });
        const vendeu = r.margens.length > 0;
        const outros: Margem | undefined = r.outros ? { ...r.outros, id: 'outros', nome: t('produtos.outros', { count: r.outros.produtos }) } : undefined;
        return (
          <>
            <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
              {/* Pieces only (un, cx, pct): the server leaves weights and volumes out of this sum. */}
              <FiguraComparada title={t('produtos.unidades')} valores={r.unidades} formato={fmt.integer} hint={t('produtos.unidadesHint')} />
              <FiguraComparada title={t('produtos.receita')} valores={r.receita} formato={fmt.money} />
              {/* Loose lines ("Avulso"): sold with no product, so apart from the products' revenue. */}
              <FiguraComparada title={t('produtos.avulsas')} valores={r.avulsas} formato={fmt.money} hint={t('produtos.avulsasHint')} />
              <Figura title={t('produtos.estoque')} value={fmt.integer(r.estoque.baixo)} hint={hoje}>
                <p className="text-xs">{t('produtos.estoqueResumo', { baixo: fmt.integer(r.estoque.baixo), zerados: fmt.integer(r.estoque.zerados) })}</p>
              </Figura>
            </div>
            {!vendeu ? (
              <Secao title={t('produtos.maisVendidosQuantidade')}>
                <SemDados>{t('produtos.semVendas')}</SemDados>
              </Secao>
            ) : (
              <>
                <div className="grid gap-4 lg:grid-cols-2">
                  <Secao title={t('produtos.maisVendidosQuantidade')}>
                    <Grafico
                      titulo={t('produtos.maisVendidosQuantidade')}
                      deitado
                      dados={r.maisVendidosQuantidade}
                      chave={(p) => p.id}
                      rotulo={(p) => p.nome}
                      rotuloEixo={(p) => curto(p.nome)}
                      serie={{
                        nome: t('tabela.quantidade'),
                        valor: emUnidades,
                        formato: (n) => inteiras.format(n),
                        formatoDaLinha: (p) => fmt.quantidade(p.quantidade, p.unidade),
                        cor: 'var(--primary)',
                      }}
                      colunas={[
                        { header: t('tabela.produto'), cell: (p) => p.nome },
                        { header: t('tabela.quantidade'), cell: (p) => fmt.quantidade(p.quantidade, p.unidade), numero: true },
                        { header: t('tabela.receita'), cell: (p) => fmt.money(p.valor), numero: true },
                      ]}
                    />
                  </Secao>
                  <Secao title={t('produtos.maisVendidosValor')}>
                    <Grafico
                      titulo={t('produtos.maisVendidosValor')}
                      deitado
                      dados={r.maisVendidosValor}
                      chave={(p) => p.id}
                      rotulo={(p) => p.nome}
                      rotuloEixo={(p) => curto(p.nome)}
                      serie={{ nome: t('tabela.receita'), valor: (p) => p.valor, formato: fmt.money, formatoEixo: eixo, cor: 'var(--primary)' }}
                      colunas={[
                        { header: t('tabela.produto'), cell: (p) => p.nome },
                        { header: t('tabela.receita'), cell: (p) => fmt.money(p.valor), numero: true },
                        { header: t('tabela.quantidade'), cell: (p) => fmt.quantidade(p.quantidade, p.unidade), numero: true },
                      ]}
                    />
                  </Secao>
                </div>
                <Secao title={t('produtos.margens')} description={t('produtos.margensHint')}>
                  <Tabela
                    caption={t('produtos.margens')}
                    linhas={r.margens}
                    rodape={outros}
                    chave={(p) => p.id}
                    colunas={[
                      { header: t('tabela.produto'), cell: (p) => p.nome },
                      { header: t('tabela.receita'), cell: (p) => fmt.money(p.valor), numero: true },
                      { header: t('tabela.lucro'), cell: (p) => fmt.money(p.lucro), numero: true },
                      { header: t('tabela.margem'), cell: (p) => (p.margem === null ? '—' : fmt.percent(p.margem)), numero: true },
                    ]}
                  />
                </Secao>
              </>
            )}
            <Secao title={t('produtos.estoque')} description={hoje}>
              {r.estoque.itens.length === 0 ? (
                <SemDados>{t('produtos.semEstoqueBaixo')}</SemDados>
              ) : (
                <Tabela
                  caption={t('produtos.estoque')}
                  linhas={r.estoque.itens}
                  chave={(p) => p.id}
                  colunas={[
                    {
                      header: t('tabela.produto'),
                      cell: (p) => (
                        <>
                          {p.nome}
                          {p.estoqueAtual === 0 && (
                            <Badge variant="destructive" className="ml-1">
                              {t('produtos.zerado')}
                            </Badge>
                          )}
                        </>
                      ),
                    },
                    { header: t('tabela.estoque'), cell: (p) => fmt.quantidade(p.estoqueAtual, p.unidade), numero: true },
                    { header: t('tabela.minimo'), cell: (p) => fmt.quantidade(p.estoqueMinimo, p.unidade), numero: true },
                  ]}
                />
              )}
            </Secao>
          </>
        );
      }}
    </EstadoAba>
  );
}

import MinusIcon from 'lucide-react/icons/minus';
import PlusIcon from 'lucide-react/icons/plus';
import TagIcon from 'lucide-react/icons/tag';
import ShoppingBasketIcon from 'lucide-react/icons/shopping-basket';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { unidadeFracionada } from '@caderneta/shared/unidades';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CardTitulo } from '@/components/card-titulo';
import { Card, CardContent } from '@/components/ui/card';
import { useFormatters } from '@/lib/format';
import { type AjustesPermitidos, chaveDaLinha, descontoDaLinha, ehAvulso, type ItemCarrinho, precoCobrado, valorBruto } from '../carrinho';
import { useNomeAvulso } from '../nome-avulso';

interface ItensVendaProps {
  itens: ItemCarrinho[];
  onQuantidade: (produtoId: string, quantidade: number) => void;
  /** The line's `chaveDaLinha`. */
  onRemover: (chave: string) => void;
  /** "Desconto / preço" on the line (its `chaveDaLinha`). */
  onAjustar: (chave: string) => void;
  /**
   * What the person selling may change (issue 37): a line shows "Desconto / preço" only when there
   * is something in it for them (a loose line has no price to change).
   */
  ajustes: AjustesPermitidos;
}

/**
 * The sale's items, each as "0,350 kg × R$ 29,90/kg" and its subtotal, with remove; an item counted
 * in whole units has minus / plus too (one step of a weight, a gram, would help nobody: a weighed
 * item is removed and weighed again). A loose line is "Avulso — pão e leite" and its value, with remove.
 * Each line has "Desconto / preço": a changed price shows the catalogue's beside it ("R$ 4,50 (tabela
 * R$ 5,00)"), a discount its own line ("Desconto −10% (−R$ 1,05)") under "… = R$ 10,47", and the
 * subtotal is then what the line comes to after it.
 */
export function ItensVenda({ itens, onQuantidade, onRemover, onAjustar, ajustes }: ItensVendaProps) {
  const { t } = useTranslation(['vendas', 'validation']);
  const fmt = useFormatters();
  const nomeAvulso = useNomeAvulso();

  /** The line's discount, or why it no longer fits (its quantity went down below a value discount). */
  function linhaDoDesconto(item: ItemCarrinho) {
    if (!item.desconto) return null;
    const valor = descontoDaLinha(item);
    if (valor === null) return <p className="text-sm font-medium text-destructive">{t('validation:descontoAcimaDoValor')}</p>;
    return (
      <p className="text-sm tabular-nums">
        {item.desconto.tipo === 'percentual'
          ? t('nova.itens.descontoPercentual', { percentual: fmt.percent(item.desconto.valor), valor: fmt.money(valor) })
          : t('nova.itens.desconto', { valor: fmt.money(valor) })}
      </p>
    );
  }

  const ajustar = (chave: string, nome: string) => (
    <Button type="button" variant="outline" size="icon" aria-label={t('nova.itens.ajustar', { nome })} onClick={() => onAjustar(chave)}>
      <TagIcon aria-hidden="true" />
    </Button>
  );

  /** After the line's own discount (the sale's comes off the total). */
  const liquido = (item: ItemCarrinho) => valorBruto(item) - (descontoDaLinha(item) ?? 0);
  return (
    <Card>
      <CardTitulo className="text-base" icon={<ShoppingBasketIcon className="size-4" aria-hidden="true" />}>{t('nova.itens.title')}</CardTitulo>
      <CardContent>
        {itens.length === 0 ? (
          <div className="rounded-md border border-dashed px-4 py-8 text-center">
            <p className="font-medium">{t('nova.itens.empty')}</p>
            <p className="mt-1 text-sm text-muted-foreground">{t('nova.itens.emptyHint')}</p>
          </div>
        ) : (
          <ul aria-label={t('nova.itens.title')} className="divide-y">
            {itens.map((item) => {
              const chave = chaveDaLinha(item);
              const nameId = `item-${chave}`;
              if (ehAvulso(item)) {
                const nome = nomeAvulso(item.descricao);
                return (
                  <li key={chave} aria-labelledby={nameId} className="flex flex-wrap items-center gap-3 py-3">
                    <div className="min-w-0 flex-1">
                      <p id={nameId} className="font-medium [overflow-wrap:anywhere]">
                        {nome}
                      </p>
                      {item.desconto && <p className="text-sm text-muted-foreground tabular-nums">{t('nova.itens.valorAvulso', { valor: fmt.money(item.valor) })}</p>}
                      {linhaDoDesconto(item)}
                    </div>
                    <p className="ml-auto min-w-24 text-right font-semibold [overflow-wrap:anywhere] tabular-nums">
                      <span className="sr-only">{t('nova.itens.subtotal')}: </span>
                      {fmt.money(liquido(item))}
                    </p>
                    {ajustes.desconto && ajustar(chave, nome)}
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="text-destructive hover:text-destructive"
                      aria-label={t('nova.itens.remove', { nome })}
                      onClick={() => onRemover(chave)}
                    >
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </li>
                );
              }
              return (
                <li key={chave} aria-labelledby={nameId} className="flex flex-wrap items-center gap-3 py-3">
                  <div className="flex min-w-0 basis-full items-start gap-3 sm:flex-1 sm:basis-0">
                    <div className="min-w-0 flex-1">
                      <p id={nameId} className="truncate font-medium">
                        {item.nome}
                      </p>
                      <p className="text-sm text-muted-foreground tabular-nums">
                        {t(item.desconto ? 'nova.itens.linhaComValor' : 'nova.itens.linha', {
                          quantidade: fmt.quantidade(item.quantidade, item.unidade),
                          preco:
                            item.precoUnitario === undefined
                              ? fmt.preco(item.precoVenda, item.unidade)
                              : t('nova.itens.precoAlterado', { preco: fmt.preco(precoCobrado(item), item.unidade), tabela: fmt.preco(item.precoVenda, item.unidade) }),
                          valor: fmt.money(valorBruto(item)),
                        })}
                      </p>
                      {linhaDoDesconto(item)}
                    </div>
                    {(ajustes.desconto || ajustes.preco) && ajustar(chave, item.nome)}
                  </div>
                  {unidadeFracionada(item.unidade) ? (
                    <output aria-label={t('nova.itens.quantidade', { nome: item.nome })} className="font-semibold tabular-nums">
                      {fmt.quantidade(item.quantidade, item.unidade)}
                    </output>
                  ) : (
                    <div className="flex items-center gap-1">
                      <Button
                        type="button"
                        variant="outline"
                        size="icon"
                        aria-label={t('nova.itens.decrease', { nome: item.nome })}
                        onClick={() => onQuantidade(item.produtoId, item.quantidade - 1)}
                      >
                        <MinusIcon aria-hidden="true" />
                      </Button>
                      <output aria-label={t('nova.itens.quantidade', { nome: item.nome })} className="min-w-10 text-center font-semibold tabular-nums">
                        {fmt.integer(item.quantidade)}
                      </output>
                      <Button
                        type="button"
                        variant="outline"
                        size="icon"
                        aria-label={t('nova.itens.increase', { nome: item.nome })}
                        onClick={() => onQuantidade(item.produtoId, item.quantidade + 1)}
                      >
                        <PlusIcon aria-hidden="true" />
                      </Button>
                    </div>
                  )}
                  <p className="ml-auto min-w-24 flex-1 text-right font-semibold [overflow-wrap:anywhere] tabular-nums sm:flex-none">
                    <span className="sr-only">{t('nova.itens.subtotal')}: </span>
                    {fmt.money(liquido(item))}
                  </p>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="text-destructive hover:text-destructive"
                    aria-label={t('nova.itens.remove', { nome: item.nome })}
                    onClick={() => onRemover(item.produtoId)}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

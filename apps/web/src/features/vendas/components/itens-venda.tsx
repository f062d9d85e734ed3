import MinusIcon from 'lucide-react/icons/minus';
import PlusIcon from 'lucide-react/icons/plus';
import ShoppingBasketIcon from 'lucide-react/icons/shopping-basket';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { unidadeFracionada } from '@caderneta/shared/unidades';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useFormatters } from '@/lib/format';
import { chaveDaLinha, ehAvulso, type ItemCarrinho, subtotal } from '../carrinho';
import { useNomeAvulso } from '../nome-avulso';

interface ItensVendaProps {
  itens: ItemCarrinho[];
  onQuantidade: (produtoId: string, quantidade: number) => void;
  /** The line's `chaveDaLinha`. */
  onRemover: (chave: string) => void;
}

/**
 * The sale's items, each as "0,350 kg × R$ 29,90/kg" and its subtotal, with remove; an item counted
 * in whole units has minus / plus too (one step of a weight, a gram, would help nobody: a weighed
 * item is removed and weighed again). A loose line is "Avulso — pão e leite" and its value, with remove.
 */
export function ItensVenda({ itens, onQuantidade, onRemover }: ItensVendaProps) {
  const { t } = useTranslation('vendas');
  const fmt = useFormatters();
  const nomeAvulso = useNomeAvulso();
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2 text-base">
            <ShoppingBasketIcon className="size-4" aria-hidden="true" />
            {t('nova.itens.title')}
          </h2>
        </CardTitle>
      </CardHeader>
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
                    <p id={nameId} className="min-w-0 flex-1 font-medium [overflow-wrap:anywhere]">
                      {nome}
                    </p>
                    <p className="ml-auto min-w-24 text-right font-semibold [overflow-wrap:anywhere] tabular-nums">
                      <span className="sr-only">{t('nova.itens.subtotal')}: </span>
                      {fmt.money(item.valor)}
                    </p>
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
                  <div className="min-w-0 basis-full sm:flex-1 sm:basis-0">
                    <p id={nameId} className="truncate font-medium">
                      {item.nome}
                    </p>
                    <p className="text-sm text-muted-foreground tabular-nums">
                      {t('nova.itens.linha', { quantidade: fmt.quantidade(item.quantidade, item.unidade), preco: fmt.preco(item.precoVenda, item.unidade) })}
                    </p>
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
                    {fmt.money(subtotal(item))}
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

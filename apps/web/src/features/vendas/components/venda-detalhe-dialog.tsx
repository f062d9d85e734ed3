import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { LoadError } from '@/components/load-error';
import { useFormatters } from '@/lib/format';
import { useLastPresent } from '@/lib/use-last-present';
import { useVenda } from '../api/get-venda';
import { StatusBadge } from './status-badge';

interface VendaDetalheDialogProps {
  venda: { id: string; numeroVenda: string } | null;
  onOpenChange: (open: boolean) => void;
}

/** A sale with its items (what was sold, at which price) and its payment situation. */
export function VendaDetalheDialog({ venda, onOpenChange }: VendaDetalheDialogProps) {
  const { t } = useTranslation('vendas');
  const fmt = useFormatters();
  const shownVenda = useLastPresent(venda);
  const query = useVenda(shownVenda?.id ?? null);
  const data = query.data;

  return (
    <Dialog open={!!venda} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('detail.title', { numero: shownVenda?.numeroVenda ?? '' })}</DialogTitle>
          <DialogDescription>{t('detail.description')}</DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <p role="status" className="py-6 text-center text-muted-foreground">
            {t('detail.loading')}
          </p>
        ) : !data ? (
          <LoadError title={t('detail.loadError')} error={query.error} onRetry={() => void query.refetch()} className="py-6" />
        ) : (
          <div className="grid gap-4">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-muted-foreground">{t('detail.cliente')}</dt>
                <dd className="font-medium [overflow-wrap:anywhere]">{data.clienteNome ?? t('row.semCliente')}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t('detail.data')}</dt>
                <dd>{fmt.dateTime(data.dataVenda)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t('detail.forma')}</dt>
                <dd>{data.formaPagamento === 'fiado' ? t('forma.fiado') : t('forma.vista')}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t('detail.status')}</dt>
                <dd>
                  <StatusBadge status={data.statusPagamento} />
                </dd>
              </div>
            </dl>
            {data.canceladaEm && <p className="text-sm text-muted-foreground">{t('detail.canceladaEm', { data: fmt.dateTime(data.canceladaEm) })}</p>}
            {data.limiteExcedidoConfirmado && <p className="text-sm text-amber-700 dark:text-amber-400">{t('detail.limiteConfirmado')}</p>}
            {data.observacoes && (
              <div className="text-sm">
                <p className="text-muted-foreground">{t('detail.observacoes')}</p>
                <p>{data.observacoes}</p>
              </div>
            )}
            {/* On a phone each item stacks: its name, then "quantity × price" and the subtotal. */}
            <div>
              <table className="w-full text-sm max-sm:block">
                <caption className="sr-only">{t('detail.itens')}</caption>
                <thead className="max-sm:hidden">
                  <tr className="border-b text-left text-muted-foreground">
                    <th scope="col" className="py-2 font-medium">
                      {t('detail.produto')}
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      {t('detail.quantidade')}
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      {t('detail.precoUnitario')}
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      {t('detail.subtotal')}
                    </th>
                  </tr>
                </thead>
                <tbody className="max-sm:block">
                  {data.itens.map((item) => (
                    <tr key={item.id} className="border-b last:border-0 max-sm:grid max-sm:grid-cols-[auto_minmax(0,1fr)_auto] max-sm:gap-x-1.5 max-sm:py-2">
                      <th scope="row" className="py-2 text-left font-normal [overflow-wrap:anywhere] max-sm:col-span-3 max-sm:p-0 max-sm:font-medium">
                        {item.produtoNome}
                      </th>
                      <td className="py-2 text-right tabular-nums max-sm:p-0 max-sm:text-muted-foreground">
                        {fmt.integer(item.quantidade)}
                        <span className="sm:hidden" aria-hidden="true">
                          {' ×'}
                        </span>
                      </td>
                      <td className="py-2 text-right tabular-nums max-sm:p-0 max-sm:text-left max-sm:text-muted-foreground">{fmt.money(item.precoUnitario)}</td>
                      <td className="py-2 text-right font-medium tabular-nums max-sm:p-0">{fmt.money(item.subtotal)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot className="max-sm:block">
                  <tr className="max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-3">
                    <th scope="row" colSpan={3} className="pt-3 text-right">
                      {t('detail.total')}
                    </th>
                    <td className="pt-3 text-right text-base font-bold tabular-nums">{fmt.money(data.valorTotal)}</td>
                  </tr>
                  {data.formaPagamento === 'fiado' && data.statusPagamento !== 'cancelado' && (
                    <tr className="max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-3">
                      <th scope="row" colSpan={3} className="pt-1 text-right font-normal text-muted-foreground">
                        {t('detail.valorPago')}
                      </th>
                      <td className="pt-1 text-right tabular-nums">{fmt.money(data.valorPago)}</td>
                    </tr>
                  )}
                </tfoot>
              </table>
            </div>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('detail.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

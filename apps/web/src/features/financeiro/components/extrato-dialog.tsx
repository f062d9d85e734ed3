import type { ExtratoItem } from '@caderneta/shared';
import ReceiptTextIcon from 'lucide-react/icons/receipt-text';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { useFormatters } from '@/lib/format';
import { useLastPresent } from '@/lib/use-last-present';
import { cn } from '@/lib/utils';
import { useExtrato } from '../api/get-extrato';
import { SaldoLinha } from './pagamento-dialog';
import type { ClienteSaldo } from './types';

interface ExtratoDialogProps {
  cliente: ClienteSaldo | null;
  onOpenChange: (open: boolean) => void;
}

/** "Extrato": every ledger entry with date, description, amount and the balance after it. */
export function ExtratoDialog({ cliente, onOpenChange }: ExtratoDialogProps) {
  const { t } = useTranslation('financeiro');
  const shownCliente = useLastPresent(cliente);
  // The list's first page (shared with ExtratoLista's cache): the balance as the statement reads it.
  const data = useExtrato(cliente?.id ?? null, 1).data;

  return (
    <Dialog open={!!cliente} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('extrato.title', { nome: shownCliente?.nome ?? '' })}</DialogTitle>
          <DialogDescription>{t('extrato.description')}</DialogDescription>
        </DialogHeader>
        {cliente && (
          <div>
            <p className="text-sm text-muted-foreground">{t('extrato.saldoAtual')}</p>
            <SaldoLinha cliente={data ? { ...cliente, ...data.cliente, id: cliente.id } : cliente} />
          </div>
        )}
        {cliente && <ExtratoLista clienteId={cliente.id} />}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('extrato.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The statement's entries, paged, with loading, error (retry) and empty states; any screen may show it. */
export function ExtratoLista({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation('financeiro');
  const fmt = useFormatters();
  const [page, setPage] = useState(1);
  const query = useExtrato(clienteId, page);
  const data = query.data;
  useEffect(() => setPage(1), [clienteId]);

  const signed = (c: number) => (c < 0 ? `−${fmt.money(-c)}` : `+${fmt.money(c)}`);
  const descricao = (item: ExtratoItem) => {
    const base =
      item.tipo === 'venda'
        ? t('extrato.tipos.venda', { numero: item.numeroVenda ?? '' })
        : item.tipo === 'estorno'
          ? t('extrato.tipos.estorno', { numero: item.numeroVenda ?? '' })
          : item.tipo === 'pagamento'
            ? t('extrato.tipos.pagamento', { metodo: t(`metodos.${item.metodo ?? 'dinheiro'}`) })
            : t('extrato.tipos.ajuste');
    return item.descricao ? `${base} — ${item.descricao}` : base;
  };

  return query.isPending ? (
    <p role="status" className="py-8 text-center text-muted-foreground">
      {t('extrato.loading')}
    </p>
  ) : !data ? (
    <div role="alert" className="grid justify-items-center gap-3 py-8 text-center">
      <p className="font-medium">{t('toast.extratoErro')}</p>
      <p className="text-sm text-muted-foreground">{errorMessage(query.error)}</p>
      <Button variant="outline" onClick={() => void query.refetch()}>
        {t('extrato.retry')}
      </Button>
    </div>
  ) : data.items.length === 0 ? (
    <div className="py-8 text-center">
      <p className="font-medium">{t('extrato.empty')}</p>
      <p className="text-sm text-muted-foreground">{t('extrato.emptyDescription')}</p>
    </div>
  ) : (
    // On a phone each entry stacks (description and amount, then date and balance) instead of
    // four columns that would not fit.
    <div>
      <table className="w-full text-sm max-sm:block" aria-busy={query.isPlaceholderData}>
        <caption className="sr-only">{t('extrato.label')}</caption>
        <thead className="max-sm:hidden">
          <tr className="border-b text-left text-muted-foreground">
            <th scope="col" className="py-2 pr-2 font-medium">
              {t('extrato.data')}
            </th>
            <th scope="col" className="py-2 pr-2 font-medium">
              {t('extrato.descricao')}
            </th>
            <th scope="col" className="py-2 pr-2 text-right font-medium">
              {t('extrato.valor')}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t('extrato.saldo')}
            </th>
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {data.items.map((item) => (
            <tr
              key={item.id}
              className="border-b align-top last:border-0 max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:gap-x-3 max-sm:py-2"
            >
              <td className="py-2 pr-2 whitespace-nowrap text-muted-foreground tabular-nums max-sm:col-start-1 max-sm:row-start-2 max-sm:p-0 max-sm:text-xs sm:text-foreground">
                {fmt.dateTime(item.data)}
              </td>
              <td className="py-2 pr-2 max-sm:col-start-1 max-sm:row-start-1 max-sm:p-0">
                <span>{descricao(item)}</span>
                {item.tipo === 'pagamento' && (
                  <Link
                    to={`/recibos/${item.id}`}
                    className="-my-3 ml-1 inline-flex size-11 items-center justify-center rounded-md align-middle text-primary hover:bg-accent"
                    aria-label={t('extrato.recibo', { data: fmt.dateTime(item.data) })}
                  >
                    <ReceiptTextIcon className="size-3.5" aria-hidden="true" />
                  </Link>
                )}
              </td>
              <td
                className={cn(
                  'py-2 pr-2 text-right whitespace-nowrap tabular-nums max-sm:col-start-2 max-sm:row-start-1 max-sm:p-0 max-sm:font-medium',
                  item.valor < 0 ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-400',
                )}
              >
                {signed(item.valor)}
              </td>
              <td
                // Without the column headers a phone labels the balance ("Saldo: −R$ 10,00").
                data-label={`${t('extrato.saldo')}: `}
                className={cn(
                  'py-2 text-right whitespace-nowrap tabular-nums max-sm:col-start-2 max-sm:row-start-2 max-sm:p-0 max-sm:text-xs max-sm:before:content-[attr(data-label)]',
                  item.saldo < 0 && 'text-destructive',
                )}
              >
                {item.saldo < 0 ? `−${fmt.money(-item.saldo)}` : fmt.money(item.saldo)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} busy={query.isPlaceholderData} onPageChange={setPage} />
    </div>
  );
}

import type { ExtratoItem } from '@caderneta/shared';
import HistoryIcon from 'lucide-react/icons/history';
import PrinterIcon from 'lucide-react/icons/printer';
import ReceiptTextIcon from 'lucide-react/icons/receipt-text';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListLoading } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useFormatters } from '@/lib/format';
import { usePode } from '@/lib/permissoes';
import { useLastPresent } from '@/lib/use-last-present';
import { cn } from '@/lib/utils';
import { useExtrato } from '../api/get-extrato';
import { SaldoLinha } from './pagamento-dialog';
import { notaTexto } from './resultado-texto';
import type { ClienteSaldo } from './types';

interface ExtratoDialogProps {
  cliente: ClienteSaldo | null;
  onOpenChange: (open: boolean) => void;
}

/** "Extrato": every ledger entry with date, description (and who posted it), amount and the balance after it. */
export function ExtratoDialog({ cliente, onOpenChange }: ExtratoDialogProps) {
  const { t } = useTranslation('financeiro');
  const shownCliente = useLastPresent(cliente);
  // The list's first page (the same cached query ExtratoLista reads): the balance as the statement has it.
  const data = useExtrato(cliente?.id ?? null, 1).data;
  // The shop's history is for who looks after its people (GET /api/auditoria needs `equipe`).
  const veHistorico = usePode('equipe');

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
          {cliente && <ExtratoCompartilhar clienteId={cliente.id} />}
          {cliente && veHistorico && (
            <Button variant="outline" asChild>
              <Link to={`/historico?clienteId=${cliente.id}`}>
                <HistoryIcon aria-hidden="true" />
                {t('extrato.historico')}
              </Link>
            </Button>
          )}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('extrato.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** What a ledger entry was, as the statement says it: "Pagamento — PIX — Metade", "Venda fiado V123". */
export function useDescricaoLancamento() {
  const { t } = useTranslation('financeiro');
  return (item: ExtratoItem) => {
    const base =
      item.tipo === 'venda'
        ? t('extrato.tipos.venda', { numero: item.numeroVenda ?? '' })
        : item.tipo === 'estorno'
          ? // A sale's cancellation names the sale; an online payment refunded or charged back has none.
            item.numeroVenda
            ? t('extrato.tipos.estorno', { numero: item.numeroVenda })
            : t('extrato.tipos.estornoPagamento')
          : item.tipo === 'pagamento'
            ? t('extrato.tipos.pagamento', { metodo: t(`metodos.${item.metodo ?? 'dinheiro'}`) })
            : t('extrato.tipos.ajuste');
    const nota = notaTexto(t, item.descricao);
    return nota ? `${base} — ${nota}` : base;
  };
}

/** An entry's amount with its sign: "+R$ 50,00", "−R$ 75,50". */
export function useValorAssinado() {
  const fmt = useFormatters();
  return (cents: number) => (cents < 0 ? `−${fmt.money(-cents)}` : `+${fmt.money(cents)}`);
}

/** "Imprimir ou compartilhar": the statement as a page of its own (printable, WhatsApp, copy). */
export function ExtratoCompartilhar({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation('financeiro');
  return (
    <Button variant="outline" asChild>
      <Link to={`/extratos/${clienteId}`}>
        <PrinterIcon aria-hidden="true" />
        {t('extrato.compartilhar')}
      </Link>
    </Button>
  );
}

/** The statement's entries, paged, with loading, error ("Tentar novamente") and empty states; any screen may show it. */
export function ExtratoLista({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation('financeiro');
  const fmt = useFormatters();
  const [page, setPage] = useState(1);
  const query = useExtrato(clienteId, page);
  const data = query.data;
  useEffect(() => setPage(1), [clienteId]);

  const signed = useValorAssinado();
  const descricao = useDescricaoLancamento();

  return query.isPending ? (
    <ListLoading text={t('extrato.loading')} className="py-8" />
  ) : !data ? (
    <LoadError title={t('toast.extratoErro')} error={query.error} onRetry={() => void query.refetch()} className="py-8" />
  ) : data.items.length === 0 ? (
    <div className="py-8 text-center">
      <p className="font-medium">{t('extrato.empty')}</p>
      <p className="text-sm text-muted-foreground">{t('extrato.emptyDescription')}</p>
    </div>
  ) : (
    // On a phone each entry stacks (description and amount, then date and balance) instead of
    // four columns that would not fit.
    <div>
      <Table stackOnPhone aria-busy={query.isPlaceholderData}>
        <TableCaption className="sr-only">{t('extrato.label')}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>{t('extrato.data')}</TableHead>
            <TableHead>{t('extrato.descricao')}</TableHead>
            <TableHead className="text-right">{t('extrato.valor')}</TableHead>
            <TableHead className="text-right">{t('extrato.saldo')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.items.map((item) => (
            <TableRow key={item.id} className="align-top max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:gap-x-3 max-sm:py-2 max-sm:[&>*]:p-0">
              <TableCell className="whitespace-nowrap text-muted-foreground tabular-nums max-sm:col-start-1 max-sm:row-start-2 max-sm:text-xs sm:text-foreground">
                {fmt.dateTime(item.data)}
              </TableCell>
              <TableCell className="max-sm:col-start-1 max-sm:row-start-1">
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
                {item.por && <span className="block text-xs text-muted-foreground [overflow-wrap:anywhere]">{t('extrato.por', { nome: item.por })}</span>}
                {/* What the customer said of it on their page: a dispute stands out until it is resolved. */}
                {item.conferencia && (
                  <span className={cn('block text-xs', item.conferencia === 'contestada' ? 'font-medium text-amber-800 dark:text-amber-300' : 'text-muted-foreground')}>
                    {t(`extrato.conferencia.${item.conferencia}`)}
                  </span>
                )}
              </TableCell>
              <TableCell
                className={cn(
                  'text-right whitespace-nowrap tabular-nums max-sm:col-start-2 max-sm:row-start-1 max-sm:font-medium',
                  item.valor < 0 ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-400',
                )}
              >
                {signed(item.valor)}
              </TableCell>
              <TableCell
                // Without the column headers a phone labels the balance ("Saldo: −R$ 10,00").
                data-label={`${t('extrato.saldo')}: `}
                className={cn(
                  'text-right whitespace-nowrap tabular-nums max-sm:col-start-2 max-sm:row-start-2 max-sm:text-xs max-sm:before:content-[attr(data-label)]',
                  item.saldo < 0 && 'text-destructive',
                )}
              >
                {item.saldo < 0 ? `−${fmt.money(-item.saldo)}` : fmt.money(item.saldo)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} busy={query.isPlaceholderData} onPageChange={setPage} />
    </div>
  );
}

import type { ItemVenda } from '@caderneta/shared';
import HistoryIcon from 'lucide-react/icons/history';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ListLoading } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { Table, TableBody, TableCaption, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useFormatters } from '@/lib/format';
import { usePode } from '@/lib/permissoes';
import { useLastPresent } from '@/lib/use-last-present';
import { cn } from '@/lib/utils';
import { useVenda } from '../api/get-venda';
import { useNomeAvulso } from '../nome-avulso';
import { useTextoDoAlerta } from '../alertas';
import { StatusBadge } from './status-badge';

interface VendaDetalheDialogProps {
  venda: { id: string; numeroVenda: string } | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * A sale with its items (what was sold, at which price) and its payment situation. A loose line
 * ("Avulso — pão e leite") has its value only: no quantity, no unit price. A price changed at the
 * counter shows the catalogue's under it ("tabela R$ 5,00"), a line's discount goes under its name,
 * and each line's value is after its own discount: the sale's discount comes off their subtotal
 * in the footer (Subtotal, Desconto na venda, Total), as on a till receipt.
 */
export function VendaDetalheDialog({ venda, onOpenChange }: VendaDetalheDialogProps) {
  const { t } = useTranslation(['vendas', 'offline']);
  const fmt = useFormatters();
  const textoDoAlerta = useTextoDoAlerta();
  const nomeAvulso = useNomeAvulso();
  const shownVenda = useLastPresent(venda);
  const query = useVenda(shownVenda?.id ?? null);
  const data = query.data;
  // The shop's history is for who looks after its people (GET /api/auditoria needs `equipe`).
  const veHistorico = usePode('equipe');

  /** A line's own discount: "Desconto −10% (−R$ 1,05)" or "Desconto −R$ 1,00". */
  function descontoDoItem(item: ItemVenda) {
    if (item.desconto <= 0) return null;
    const texto =
      item.descontoPercentual === null
        ? t('detail.desconto', { valor: fmt.money(item.desconto) })
        : t('detail.descontoPercentual', { percentual: fmt.percent(item.descontoPercentual), valor: fmt.money(item.desconto) });
    return <span className="block text-xs font-normal text-muted-foreground tabular-nums">{texto}</span>;
  }
  /** What the line came to before the sale's discount: its share of that is in the footer's line. */
  const valorDoItem = (item: ItemVenda) => item.subtotal + item.descontoRateado;

  return (
    <Dialog open={!!venda} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('detail.title', { numero: shownVenda?.numeroVenda ?? '' })}</DialogTitle>
          <DialogDescription>{t('detail.description')}</DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <ListLoading text={t('detail.loading')} className="py-6" />
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
              {data.atendente && (
                <div>
                  <dt className="text-muted-foreground">{t('detail.atendente')}</dt>
                  <dd className="[overflow-wrap:anywhere]">{data.atendente}</dd>
                </div>
              )}
            </dl>
            {data.canceladaEm && <p className="text-sm text-muted-foreground">{t('detail.canceladaEm', { data: fmt.dateTime(data.canceladaEm) })}</p>}
            {data.limiteExcedidoConfirmado && <p className="text-sm text-amber-700 dark:text-amber-400">{t('detail.limiteConfirmado')}</p>}
            {data.feitaOffline && (
              <p className="text-sm text-amber-700 dark:text-amber-400">
                {[t('offline:alertas.feitaOffline'), ...data.alertas.map(textoDoAlerta)].join(' — ')}
              </p>
            )}
            {data.observacoes && (
              <div className="text-sm">
                <p className="text-muted-foreground">{t('detail.observacoes')}</p>
                <p>{data.observacoes}</p>
              </div>
            )}
            {/* On a phone each item stacks: its name, then "0,350 kg × R$ 29,90/kg" and the subtotal. */}
            <Table stackOnPhone>
              <TableCaption className="sr-only">{t('detail.itens')}</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>{t('detail.produto')}</TableHead>
                  <TableHead className="text-right">{t('detail.quantidade')}</TableHead>
                  <TableHead className="text-right">{t('detail.precoUnitario')}</TableHead>
                  <TableHead className="text-right">{t('detail.subtotal')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.itens.map((item) =>
                  item.produtoId === null ? (
                    <TableRow key={item.id} className="max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-3 max-sm:py-2 max-sm:[&>*]:p-0">
                      <TableHead scope="row" className="font-normal [overflow-wrap:anywhere] max-sm:font-medium">
                        {nomeAvulso(item.produtoNome)}
                        {descontoDoItem(item)}
                      </TableHead>
                      <TableCell className="max-sm:hidden" />
                      <TableCell className="max-sm:hidden" />
                      <TableCell className="text-right font-medium tabular-nums">{fmt.money(valorDoItem(item))}</TableCell>
                    </TableRow>
                  ) : (
                  <TableRow key={item.id} className="max-sm:grid max-sm:grid-cols-[auto_minmax(0,1fr)_auto] max-sm:gap-x-1.5 max-sm:py-2 max-sm:[&>*]:p-0">
                    <TableHead scope="row" className="font-normal [overflow-wrap:anywhere] max-sm:col-span-3 max-sm:font-medium">
                      {item.produtoNome}
                      {descontoDoItem(item)}
                    </TableHead>
                    <TableCell className="text-right tabular-nums max-sm:text-muted-foreground">
                      {fmt.quantidade(item.quantidade, item.unidade)}
                      <span className="sm:hidden" aria-hidden="true">
                        {' ×'}
                      </span>
                    </TableCell>
                    <TableCell className="text-right tabular-nums max-sm:text-left max-sm:text-muted-foreground">
                      {fmt.preco(item.precoUnitario, item.unidade)}
                      {item.precoTabela !== null && (
                        <span className="block text-xs text-muted-foreground">{t('detail.precoTabela', { preco: fmt.preco(item.precoTabela, item.unidade) })}</span>
                      )}
                    </TableCell>
                    <TableCell className="text-right font-medium tabular-nums">{fmt.money(valorDoItem(item))}</TableCell>
                  </TableRow>
                  ),
                )}
              </TableBody>
              <TableFooter>
                {data.desconto > 0 && (
                  <>
                    <TotalRow label={t('detail.subtotalItens')} value={fmt.money(data.valorTotal + data.desconto)} />
                    <TotalRow
                      label={data.descontoPercentual === null ? t('detail.descontoVenda') : t('detail.descontoVendaPercentual', { percentual: fmt.percent(data.descontoPercentual) })}
                      value={t('detail.menos', { valor: fmt.money(data.desconto) })}
                    />
                  </>
                )}
                <TotalRow label={t('detail.total')} value={fmt.money(data.valorTotal)} strong />
                {data.formaPagamento === 'fiado' && data.statusPagamento !== 'cancelado' && (
                  <TotalRow label={t('detail.valorPago')} value={fmt.money(data.valorPago)} />
                )}
              </TableFooter>
            </Table>
          </div>
        )}
        <DialogFooter>
          {shownVenda && veHistorico && (
            <Button variant="outline" asChild>
              <Link to={`/historico?registro=venda&registroId=${shownVenda.id}`}>
                <HistoryIcon aria-hidden="true" />
                {t('detail.historico')}
              </Link>
            </Button>
          )}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('detail.close')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A line under the items ("Total", "Valor pago"): beside the subtotals, or label and amount on a phone. */
function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <TableRow className="border-0 max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-3">
      <TableHead scope="row" colSpan={3} className={cn('pb-0 text-right', strong ? 'pt-3 font-bold' : 'pt-1 font-normal text-muted-foreground')}>
        {label}
      </TableHead>
      <TableCell className={cn('pb-0 text-right tabular-nums', strong ? 'pt-3 text-base font-bold' : 'pt-1')}>{value}</TableCell>
    </TableRow>
  );
}

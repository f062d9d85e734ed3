import RotateCwIcon from 'lucide-react/icons/rotate-cw';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { translateDynamic } from '@/lib/i18n';
import { useFormatters } from '@/lib/format';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import type { ItemDaSaida, VendaNaSaida } from '@/offline/banco';
import { descartarDaSaida, enviarSaida, tentarDeNovo } from '@/offline/saida';
import { ReciboProvisorio } from './recibo-provisorio';

/**
 * On /vendas, above the list: the sales (each with its provisional receipt) and payments made on
 * this device without a connection that the server does not have yet, in the order they go. One the server
 * refused says why, and the seller sends it again or lets it go; nothing leaves on its own.
 * `itens`: the outbox as the page reads it (useSaida).
 */
export function VendasAguardando({ itens }: { itens: ItemDaSaida[] }) {
  const { t } = useTranslation(['vendas', 'offline']);
  const fmt = useFormatters();
  const sellerId = useSession().user.id;
  const [recibo, setRecibo] = useState<VendaNaSaida | null>(null);
  const [descartando, setDescartando] = useState<ItemDaSaida | null>(null);
  if (itens.length === 0) return null;

  return (
    <Card id="aguardando-envio" className="border-amber-600/50">
      <CardHeader>
        <CardTitle>{t('offline:aguardando.title')}</CardTitle>
        <CardDescription>{t('offline:aguardando.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul aria-label={t('offline:aguardando.lista')} className="grid divide-y">
          {itens.map((venda) => (
            <li key={venda.chave} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
              <div className="min-w-0">
                <p className="font-medium [overflow-wrap:anywhere]">
                  {venda.tipo === 'pagamento'
                    ? t('offline:aguardando.pagamento', { nome: venda.recibo.clienteNome, valor: fmt.money(venda.recibo.valor) })
                    : `${venda.recibo.clienteNome ?? t('row.semCliente')} · ${fmt.money(venda.recibo.total)}`}
                </p>
                <p className="text-sm text-muted-foreground">
                  {fmt.dateTime(venda.recibo.feitaEm)} ·{' '}
                  {venda.tipo === 'pagamento'
                    ? translateDynamic(`financeiro:metodos.${venda.recibo.metodo}`, venda.recibo.metodo)
                    : venda.recibo.formaPagamento === 'fiado'
                      ? t('forma.fiado')
                      : t('forma.vista')}
                </p>
                {venda.recusa ? (
                  <p className="text-sm text-destructive">
                    {t('offline:aguardando.recusada', { motivo: translateDynamic(`errors:${venda.recusa.code}`, venda.recusa.message) })}
                  </p>
                ) : (
                  <Badge variant="outline" className="mt-1">
                    {t('offline:aguardando.status')}
                  </Badge>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                {venda.tipo === 'venda' && (
                  <Button type="button" variant="outline" className="min-h-11 sm:min-h-9" onClick={() => setRecibo(venda)}>
                    {t('offline:aguardando.verRecibo')}
                  </Button>
                )}
                {venda.recusa && (
                  <>
                    <Button
                      type="button"
                      variant="outline"
                      className="min-h-11 sm:min-h-9"
                      onClick={() => void tentarDeNovo(sellerId, venda.chave).then(() => enviarSaida(sellerId))}
                    >
                      <RotateCwIcon aria-hidden="true" />
                      {t('offline:aguardando.tentarDeNovo')}
                    </Button>
                    <Button type="button" variant="outline" className="min-h-11 sm:min-h-9" onClick={() => setDescartando(venda)}>
                      <Trash2Icon aria-hidden="true" />
                      {t('offline:aguardando.descartar')}
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      </CardContent>

      <Dialog open={recibo !== null} onOpenChange={(aberto) => !aberto && setRecibo(null)}>
        <DialogContent data-impressao="recibo" className="max-h-[90svh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{t('offline:aguardando.verRecibo')}</DialogTitle>
            <DialogDescription>{t('offline:aguardando.description')}</DialogDescription>
          </DialogHeader>
          {recibo && <ReciboProvisorio chave={recibo.chave} recibo={recibo.recibo} />}
        </DialogContent>
      </Dialog>

      <ConfirmDialog
        open={descartando !== null}
        onOpenChange={(aberto) => !aberto && setDescartando(null)}
        title={descartando?.tipo === 'pagamento' ? t('offline:aguardando.descartarPagamentoTitle') : t('offline:aguardando.descartarTitle')}
        description={descartando?.tipo === 'pagamento' ? t('offline:aguardando.descartarPagamentoDescription') : t('offline:aguardando.descartarDescription')}
        cancelLabel={t('nova.descartar.cancel')}
        confirmLabel={t('offline:aguardando.descartar')}
        destructive
        onConfirm={async () => {
          if (!descartando) return;
          await descartarDaSaida(sellerId, descartando.chave);
          setDescartando(null);
          toast.success(descartando.tipo === 'pagamento' ? t('offline:aguardando.descartado') : t('offline:aguardando.descartada'));
        }}
      />
    </Card>
  );
}

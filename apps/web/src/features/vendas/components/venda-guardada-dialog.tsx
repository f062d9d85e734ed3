import PrinterIcon from 'lucide-react/icons/printer';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { ReciboProvisorio as Recibo } from '@/offline/banco';
import { ReciboProvisorio } from './recibo-provisorio';

/**
 * After "Finalizar Venda" without a connection: the sale is kept on the device, and this is its
 * provisional receipt (it shows the sale's number if the outbox delivers it while open). The
 * counter carries on: "Nova venda" starts the next one.
 */
export function VendaGuardadaDialog({
  chave,
  recibo,
  onNovaVenda,
  onVerVendas,
}: {
  chave: string;
  recibo: Recibo;
  onNovaVenda: () => void;
  onVerVendas: () => void;
}) {
  const { t } = useTranslation('offline');
  return (
    <Dialog open onOpenChange={(aberto) => !aberto && onNovaVenda()}>
      <DialogContent data-impressao="recibo" className="max-h-[90svh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('guardada.title')}</DialogTitle>
          <DialogDescription>{t('guardada.description')}</DialogDescription>
        </DialogHeader>
        <ReciboProvisorio chave={chave} recibo={recibo} />
        <DialogFooter className="gap-2">
          <Button type="button" variant="outline" onClick={() => window.print()}>
            <PrinterIcon aria-hidden="true" />
            {t('guardada.imprimir')}
          </Button>
          <Button type="button" variant="outline" onClick={onVerVendas}>
            {t('guardada.verVendas')}
          </Button>
          <Button type="button" onClick={onNovaVenda}>
            {t('guardada.novaVenda')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

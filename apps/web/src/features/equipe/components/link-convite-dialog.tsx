import { DIAS_CONVITE } from '@caderneta/shared';
import CopyIcon from 'lucide-react/icons/copy';
import MailWarningIcon from 'lucide-react/icons/mail-warning';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { useLastPresent } from '@/lib/use-last-present';
import type { ConviteCriado } from '../api/convite-criado';

/**
 * The invitation just made (or made again): whether its e-mail left, and its link with "Copiar
 * link" — owners share it over WhatsApp too, and it is the only way in when the e-mail did not leave.
 */
export function LinkConviteDialog({ convite, onOpenChange }: { convite: ConviteCriado | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('equipe');
  const inputId = useId();
  // The text stays while the dialog animates closed.
  const shown = useLastPresent(convite);
  const nome = shown?.pessoa.nome ?? '';
  const email = shown?.pessoa.email ?? '';

  async function copiar() {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.link);
      toast.success(t('link.copiado'), { description: t('link.copiadoDescription', { nome }) });
    } catch {
      // No clipboard (plain HTTP on a LAN, or refused): the link is on screen, selected, to copy by hand.
      toast.error(t('link.copiarErro'), { description: t('link.copiarErroDescription') });
      const input = document.getElementById(inputId);
      if (input instanceof HTMLInputElement) input.select();
    }
  }

  return (
    <Dialog open={!!convite} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('link.title', { nome })}</DialogTitle>
          <DialogDescription>{shown?.emailEnviado === false ? t('link.naoEnviado', { email }) : t('link.enviado', { email })}</DialogDescription>
        </DialogHeader>
        {shown?.emailEnviado === false && (
          <p role="alert" className="flex items-start gap-2 rounded-md border border-amber-500/60 bg-amber-500/10 px-3 py-2 text-sm">
            <MailWarningIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('link.naoEnviadoAviso')}
          </p>
        )}
        <div className="grid gap-2">
          <Label htmlFor={inputId}>{t('link.label')}</Label>
          <input
            id={inputId}
            readOnly
            value={shown?.link ?? ''}
            onFocus={(event) => event.currentTarget.select()}
            className="h-11 w-full min-w-0 rounded-md border bg-muted/40 px-3 font-mono text-xs"
          />
          <p className="text-sm text-muted-foreground">{t('link.validade', { count: DIAS_CONVITE })}</p>
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t('link.fechar')}
            </Button>
          </DialogClose>
          <Button type="button" onClick={() => void copiar()}>
            <CopyIcon aria-hidden="true" />
            {t('link.copiar')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

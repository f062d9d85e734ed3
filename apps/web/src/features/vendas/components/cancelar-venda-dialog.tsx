import { cancelarVendaInputSchema, MAX_MOTIVO, type VendaListItem } from '@caderneta/shared';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage, isApiError, toastError } from '@/lib/api-client';
import { useFormatters } from '@/lib/format';
import { useLastPresent } from '@/lib/use-last-present';
import { useValidationMessage } from '@/lib/validation-message';
import { useCancelVenda } from '../api/cancel-venda';

interface CancelarVendaDialogProps {
  venda: VendaListItem | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Confirmation with the reason (it goes into the shop's history), then one server transaction:
 * stock back, ledger reversed, sale kept as cancelled. A reason too short is refused here, before
 * any request; a refusal from the server stays under the field.
 */
export function CancelarVendaDialog({ venda, onOpenChange }: CancelarVendaDialogProps) {
  const { t } = useTranslation('vendas');
  const fmt = useFormatters();
  const mensagemDeValidacao = useValidationMessage();
  const cancel = useCancelVenda();
  const shownVenda = useLastPresent(venda);
  const open = !!venda;
  const inputId = useId();
  const [motivo, setMotivo] = useState('');
  const [erro, setErro] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setMotivo('');
      setErro(null);
    }
  }, [open]);

  async function confirmar() {
    if (!venda) return;
    const parsed = cancelarVendaInputSchema.safeParse({ motivo });
    if (!parsed.success) {
      setErro(mensagemDeValidacao({ message: parsed.error.issues[0]?.message }));
      return;
    }
    setErro(null);
    try {
      await cancel.mutateAsync({ id: venda.id, motivo: parsed.data.motivo });
    } catch (error) {
      toastError(error, 'vendas:cancel.error');
      const issue = isApiError(error) ? error.issues.find((i) => i.path === 'motivo') : undefined;
      setErro(issue ? mensagemDeValidacao({ message: issue.message }) : errorMessage(error));
      return;
    }
    toast.success(t('cancel.success'), { description: t('cancel.successDescription', { numero: venda.numeroVenda }) });
    onOpenChange(false);
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('cancel.title', { numero: shownVenda?.numeroVenda ?? '' })}
      description={
        <>
          {t('cancel.description')}
          {shownVenda?.formaPagamento === 'fiado' && shownVenda.clienteNome && (
            <> {t('cancel.descriptionFiado', { valor: fmt.money(shownVenda.valorTotal), cliente: shownVenda.clienteNome })}</>
          )}
        </>
      }
      cancelLabel={t('cancel.keep')}
      confirmLabel={t('cancel.confirm')}
      busyLabel={t('cancel.cancelling')}
      destructive
      onConfirm={confirmar}
    >
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{t('cancel.motivo')}</Label>
        <Input
          id={inputId}
          value={motivo}
          autoComplete="off"
          maxLength={MAX_MOTIVO}
          required
          placeholder={t('cancel.motivoPlaceholder')}
          aria-invalid={!!erro}
          aria-describedby={erro ? `${inputId}-erro` : `${inputId}-dica`}
          onChange={(event) => {
            setMotivo(event.target.value);
            setErro(null);
          }}
        />
        {erro ? (
          <p id={`${inputId}-erro`} role="alert" className="text-sm text-destructive">
            {erro}
          </p>
        ) : (
          <p id={`${inputId}-dica`} className="text-sm text-muted-foreground">
            {t('cancel.motivoDica')}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}

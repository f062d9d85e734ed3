import type { LimiteExcedidoDetails } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useFormatters } from '@/lib/format';
import { usePode } from '@/lib/permissoes';

type Aviso = LimiteExcedidoDetails & { cliente: string; valorVenda: number };

interface LimiteDialogProps {
  aviso: Aviso | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * A fiado sale past the customer's credit limit: the available credit and an explicit confirmation.
 * A person who may not sell past the limit (`vender_acima_limite`, issue 37) sees the same figures
 * and that they cannot, with only the way back to the sale.
 */
export function LimiteDialog({ aviso, onCancel, onConfirm }: LimiteDialogProps) {
  const { t } = useTranslation('vendas');
  const podeVender = usePode('vender_acima_limite');
  const cliente = aviso?.cliente ?? '';
  return (
    <ConfirmDialog
      open={!!aviso}
      onOpenChange={(open) => !open && onCancel()}
      {...(podeVender
        ? { title: t('nova.limite.title'), description: t('nova.limite.description', { cliente }), cancelLabel: t('nova.limite.cancel'), confirmLabel: t('nova.limite.confirm'), onConfirm }
        : { title: t('nova.limite.semPermissaoTitle'), description: t('nova.limite.semPermissao', { cliente }), cancelLabel: t('nova.limite.entendi') })}
    >
      {aviso && <Figuras aviso={aviso} />}
    </ConfirmDialog>
  );
}

function Figuras({ aviso }: { aviso: Aviso }) {
  const { t } = useTranslation('vendas');
  const fmt = useFormatters();
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-md border p-3 text-sm">
      <dt className="text-muted-foreground">{t('nova.limite.limite')}</dt>
      <dd className="text-right tabular-nums">{fmt.money(aviso.limite)}</dd>
      <dt className="text-muted-foreground">{t('nova.limite.saldoPendente')}</dt>
      <dd className="text-right tabular-nums">{fmt.money(aviso.saldoPendente)}</dd>
      <dt className="font-medium">{t('nova.limite.disponivel')}</dt>
      <dd className="text-right font-semibold tabular-nums">{fmt.money(aviso.disponivel)}</dd>
      <dt className="text-muted-foreground">{t('nova.limite.venda')}</dt>
      <dd className="text-right font-semibold text-destructive tabular-nums">{fmt.money(aviso.valorVenda)}</dd>
    </dl>
  );
}

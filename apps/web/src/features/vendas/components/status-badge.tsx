import type { StatusPagamento } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

/** Pago (green) / Pendente (amber) / Cancelado (grey, struck through). */
export function StatusBadge({ status }: { status: StatusPagamento }) {
  const { t } = useTranslation('vendas');
  if (status === 'pago') return <Badge className="bg-emerald-700 text-white">{t('status.pago')}</Badge>;
  if (status === 'pendente') return <Badge className="bg-amber-500 text-amber-950">{t('status.pendente')}</Badge>;
  return (
    <Badge variant="secondary" className="line-through">
      {t('status.cancelado')}
    </Badge>
  );
}

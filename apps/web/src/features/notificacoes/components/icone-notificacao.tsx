import type { NotificationKind } from '@caderneta/shared';
import AlertTriangleIcon from 'lucide-react/icons/triangle-alert';
import BanknoteIcon from 'lucide-react/icons/banknote';
import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import MessageSquareWarningIcon from 'lucide-react/icons/message-square-warning';
import PackageIcon from 'lucide-react/icons/package';
import ShoppingCartIcon from 'lucide-react/icons/shopping-cart';
import { cn } from '@/lib/utils';

const ICONES = {
  venda: ShoppingCartIcon,
  pagamento: BanknoteIcon,
  estoque_baixo: PackageIcon,
  devedor: AlertTriangleIcon,
  pagamento_divergente: CircleAlertIcon,
  contestacao: MessageSquareWarningIcon,
} as const;

const CORES: Record<NotificationKind, string> = {
  venda: 'bg-primary/10 text-primary',
  pagamento: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
  estoque_baixo: 'bg-amber-500/10 text-amber-700 dark:text-amber-400',
  devedor: 'bg-destructive/10 text-destructive',
  pagamento_divergente: 'bg-destructive/10 text-destructive',
  contestacao: 'bg-amber-500/10 text-amber-700 dark:text-amber-400',
};

export function IconeNotificacao({ tipo, className }: { tipo: NotificationKind; className?: string }) {
  const Icon = ICONES[tipo];
  return (
    <span className={cn('inline-flex size-9 shrink-0 items-center justify-center rounded-full', CORES[tipo], className)}>
      <Icon className="size-4" aria-hidden="true" />
    </span>
  );
}

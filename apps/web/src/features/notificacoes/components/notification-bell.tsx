import { MAX_CONTAGEM_NAO_LIDAS } from '@caderneta/shared';
import BellIcon from 'lucide-react/icons/bell';
import { useTranslation } from 'react-i18next';
import { DeferredPopup } from '@/components/layout/deferred-popup';
import { Button } from '@/components/ui/button';
import { useNotificacoesResumo } from '../api/get-resumo';

const loadMenu = () => import('./notification-menu').then((m) => m.NotificationMenu);

/**
 * The header's bell: the unread count (polled every 30 s while the page is visible, and right
 * after the seller's own sales and payments), and a menu with the latest notifications, loaded on
 * first use.
 */
export function NotificationBell() {
  const { t } = useTranslation('notificacoes');
  const resumo = useNotificacoesResumo();
  const naoLidas = resumo.data?.naoLidas ?? 0;
  const muitas = naoLidas > MAX_CONTAGEM_NAO_LIDAS;
  const label = muitas ? t('bell.labelMany') : naoLidas > 0 ? t('bell.labelUnread', { count: naoLidas }) : t('bell.label');

  return (
    <DeferredPopup
      load={loadMenu}
      trigger={
        <Button variant="ghost" size="icon" className="relative" aria-label={label} title={label}>
          <BellIcon />
          {naoLidas > 0 && (
            <span
              aria-hidden="true"
              data-testid="contador-notificacoes"
              className="absolute top-1 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-destructive px-1 text-[0.6875rem] leading-none font-semibold text-white tabular-nums"
            >
              {muitas ? t('bell.many') : naoLidas}
            </span>
          )}
        </Button>
      }
    />
  );
}

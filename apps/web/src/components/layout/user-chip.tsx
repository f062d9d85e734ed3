import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { emailParaMostrar } from '@caderneta/shared/usuario';
import { useSession } from '@/lib/session';
import { displayName } from '@/lib/user-identity';
import { cn } from '@/lib/utils';
import { DeferredPopup, type PopupProps } from './deferred-popup';
import { UserAvatar } from './user-avatar';

const CHIP = 'flex min-w-0 items-center gap-2 rounded-full border bg-card py-1 pr-3 pl-1 shadow-xs';

/**
 * "Olá, {name}" with the e-mail and the seller's avatar; cut short only where the phone's header
 * lacks room. With `loadMenu` it is a button that opens the account menu (loaded on first use,
 * like the header's other menus).
 */
export function UserChip({ loadMenu }: { loadMenu?: () => Promise<ComponentType<PopupProps>> }) {
  const { t } = useTranslation('layout');
  const { user } = useSession();
  const name = displayName(user, t('user.fallbackName'));
  const content = (
    <>
      <UserAvatar user={user} label={t('user.avatarAlt', { name })} />
      <span className="flex min-w-0 flex-col text-left leading-tight">
        <span className="max-w-[160px] truncate text-sm font-medium md:max-w-none">{t('user.greeting', { name })}</span>
        <span className="max-w-[120px] truncate text-xs text-muted-foreground md:max-w-none" title={emailParaMostrar(user.email)}>
          {emailParaMostrar(user.email)}
        </span>
      </span>
    </>
  );
  if (!loadMenu) return <div className={CHIP}>{content}</div>;
  return (
    <DeferredPopup
      load={loadMenu}
      trigger={
        <button
          type="button"
          aria-label={t('conta.menu', { name })}
          className={cn(
            CHIP,
            'min-h-11 max-w-full outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 md:pointer-fine:min-h-0',
          )}
        >
          {content}
        </button>
      }
    />
  );
}

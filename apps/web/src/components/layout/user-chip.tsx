import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session';
import { displayName } from '@/lib/user-identity';
import { UserAvatar } from './user-avatar';

/** "Olá, {name}" with the e-mail and the seller's avatar; cut short only where the phone's header lacks room. */
export function UserChip() {
  const { t } = useTranslation('layout');
  const { user } = useSession();
  const name = displayName(user, t('user.fallbackName'));
  return (
    <div className="flex min-w-0 items-center gap-2 rounded-full border bg-card py-1 pr-3 pl-1 shadow-xs">
      <UserAvatar user={user} label={t('user.avatarAlt', { name })} />
      <div className="flex min-w-0 flex-col leading-tight">
        <span className="max-w-[160px] truncate text-sm font-medium md:max-w-none">
          {t('user.greeting', { name })}
        </span>
        <span className="max-w-[120px] truncate text-xs text-muted-foreground md:max-w-none" title={user.email}>
          {user.email}
        </span>
      </div>
    </div>
  );
}

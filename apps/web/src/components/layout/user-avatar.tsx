import { useState } from 'react';
import { avatarGradient, initials, type UserIdentity } from '@/lib/user-identity';
import { cn } from '@/lib/utils';

interface UserAvatarProps {
  /** The signed-in seller. `avatar`: their own photo (a data: URL); without it, the picture the server draws from the e-mail. */
  user: UserIdentity & { email: string; avatar?: string | null };
  /** Accessible name of the picture, e.g. "Avatar de Maria". */
  label: string;
  className?: string;
}

/** The signed-in seller's generated avatar (DiceBear, drawn by the server; cached by the browser for a day). */
export const GENERATED_AVATAR_URL = '/api/me/avatar.svg';

/**
 * Initials on a gradient right away; the picture covers them once it has loaded. If the picture
 * fails, the initials simply stay.
 */
export function UserAvatar({ user, label, className }: UserAvatarProps) {
  const image = user.avatar ?? GENERATED_AVATAR_URL;
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = loaded === image && failed !== image;
  return (
    <span
      role="img"
      aria-label={label}
      className={cn(
        'relative inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br text-xs font-semibold text-white select-none',
        avatarGradient(user.email),
        className,
      )}
    >
      <span aria-hidden="true" data-testid="avatar-initials" className={cn(showImage && 'invisible')}>
        {initials(user)}
      </span>
      {failed !== image && (
        <img
          src={image}
          alt=""
          width={64}
          height={64}
          className={cn('absolute inset-0 size-full', !showImage && 'invisible')}
          onLoad={() => setLoaded(image)}
          onError={() => setFailed(image)}
        />
      )}
    </span>
  );
}

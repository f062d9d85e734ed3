import { useEffect, useState } from 'react';
import { avatarGradient, initials, type UserIdentity } from '@/lib/user-identity';
import { cn } from '@/lib/utils';

interface UserAvatarProps {
  /** `avatar`: the seller's own photo (a data: URL); without it, a picture generated from the e-mail. */
  user: UserIdentity & { email: string; avatar?: string | null };
  /** Accessible name of the picture, e.g. "Avatar de Maria". */
  label: string;
  className?: string;
}

/**
 * Initials on a gradient right away; the DiceBear picture replaces them once its (lazy) module
 * has produced it. If generation or the image fails, the initials simply stay.
 */
export function UserAvatar({ user, label, className }: UserAvatarProps) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const email = user.email;
  const photo = user.avatar ?? null;

  useEffect(() => {
    let active = true;
    setSrc(null);
    setFailed(false);
    // The seller's own photo needs no generated picture.
    if (photo) return;
    import('./avatar-image')
      .then(({ createAvatarDataUri }) => createAvatarDataUri(email))
      .then((uri) => {
        if (active) setSrc(uri);
      })
      .catch((error: unknown) => {
        console.error('Avatar generation failed', error);
        if (active) setFailed(true);
      });
    return () => {
      active = false;
    };
  }, [email, photo]);

  const image = photo ?? src;
  const showImage = image !== null && !failed;
  return (
    <span
      role="img"
      aria-label={label}
      className={cn(
        'relative inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-gradient-to-br text-xs font-semibold text-white select-none',
        avatarGradient(email),
        className,
      )}
    >
      <span aria-hidden="true" data-testid="avatar-initials" className={cn(showImage && 'invisible')}>
        {initials(user)}
      </span>
      {showImage && (
        <img
          src={image}
          alt=""
          width={64}
          height={64}
          className="absolute inset-0 size-full"
          onError={() => setFailed(true)}
        />
      )}
    </span>
  );
}

import type { ReactNode } from 'react';

/**
 * Around a form's controls: while its request is in flight every field and button inside is off
 * (the request was sent with what they held; a "Quitar tudo" or a new value would change nothing
 * but what the seller believes was sent). Lays out nothing itself.
 */
export function BusyFieldset({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <fieldset disabled={busy} aria-busy={busy || undefined} className="contents">
      {children}
    </fieldset>
  );
}

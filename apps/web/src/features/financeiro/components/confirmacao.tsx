import type { ReactNode } from 'react';

/** The line that says, before saving, what the entry will do to the balance. */
export function Confirmacao({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-md bg-muted px-3 py-2 text-sm tabular-nums" aria-live="polite" data-testid="confirmacao">
      {children}
    </p>
  );
}

import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders `children` (typically a React.lazy dialog) from the first time `open` is true, and keeps
 * them afterwards so the dialog can animate closed and open again at once: a page downloads a
 * dialog's code when the seller first asks for it, not with the page.
 */
export function OpenedOnce({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}

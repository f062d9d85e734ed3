import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToasterProps } from 'sonner';
import { subscribeToaster, toasterWanted } from '@/lib/toast';

const SonnerToaster = lazy(() => import('./sonner-toaster').then((m) => ({ default: m.SonnerToaster })));

/**
 * Where toasts appear. sonner (about 10 KB on the wire) is downloaded with the first toast, not
 * with every page: until then nothing is rendered here (lib/toast.ts says when it is wanted).
 */
export function Toaster(props: ToasterProps) {
  const wanted = useSyncExternalStore(subscribeToaster, toasterWanted, toasterWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster {...props} />
    </Suspense>
  );
}

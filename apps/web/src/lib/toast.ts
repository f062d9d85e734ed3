import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * The app's toasts, with sonner's API (`toast.success(title, { description })`…), but sonner
 * itself is downloaded with the first toast rather than with every page: each call asks for the
 * <Toaster> (components/ui/sonner.tsx), waits until it is on screen and then shows the toast. Calls
 * answer the toast's id at once, so `toast.dismiss(id)` works before sonner has arrived.
 */
type Sonner = typeof sonnerToast;
type Message = Parameters<Sonner['success']>[0];

let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export function subscribeToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toasterWanted = (): boolean => wanted;

/** Called by the toaster once it listens to sonner's store. */
export function toasterMounted(): void {
  markMounted();
}

function withSonner(run: (toast: Sonner) => void): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  void Promise.all([import('sonner'), mounted]).then(([{ toast }]) => run(toast));
}

let lastId = 0;
function show(kind: 'success' | 'error' | 'info' | 'warning' | null) {
  return (message: Message, data?: ExternalToast): string | number => {
    const id = data?.id ?? `toast-${++lastId}`;
    withSonner((toast) => {
      if (kind) toast[kind](message, { ...data, id });
      else toast(message, { ...data, id });
    });
    return id;
  };
}

export const toast = Object.assign(show(null), {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  dismiss(id?: string | number): void {
    if (wanted) withSonner((toast) => toast.dismiss(id));
  },
});

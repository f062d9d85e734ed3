import type { QueryClient } from '@tanstack/react-query';

export const TABS_CHANNEL = 'caderneta.dados';

/**
 * Keeps the other tabs of this browser current: after any save in one tab (a sale, a payment, a new
 * price, signing in or out), the others refetch what they show at once, instead of showing a stock
 * or a balance up to 30 s old (the queries' staleTime) that could lead to a wrong decision at the
 * counter. Returns the function that stops it.
 */
export function syncAcrossTabs(client: QueryClient): () => void {
  if (typeof BroadcastChannel !== 'function') return () => {};
  const channel = new BroadcastChannel(TABS_CHANNEL);
  channel.onmessage = () => void client.invalidateQueries();
  const unsubscribe = client.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') channel.postMessage('salvou');
  });
  return () => {
    unsubscribe();
    channel.close();
  };
}

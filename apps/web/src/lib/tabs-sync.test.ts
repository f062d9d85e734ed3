import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { syncAcrossTabs } from './tabs-sync';

const stops: Array<() => void> = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));

function tab() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
  stops.push(syncAcrossTabs(client));
  client.setQueryData(['produtos', 'lista'], { estoque: 13 });
  return client;
}

const save = (client: QueryClient, ok = true) =>
  client
    .getMutationCache()
    .build(client, { mutationFn: () => (ok ? Promise.resolve('venda') : Promise.reject(new Error('sem rede'))) })
    .execute(undefined)
    .catch(() => undefined);

describe('two tabs of the app', () => {
  it("a save in one tab makes the other's data stale at once", async () => {
    const a = tab();
    const b = tab();
    await save(a);
    await expect.poll(() => b.getQueryState(['produtos', 'lista'])?.isInvalidated).toBe(true);
    // The tab that saved invalidates what it needs itself (each mutation's onSuccess).
    expect(a.getQueryState(['produtos', 'lista'])?.isInvalidated).toBe(false);
  });

  it('a failed save changes nothing in the other tab', async () => {
    const a = tab();
    const b = tab();
    await save(a, false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(b.getQueryState(['produtos', 'lista'])?.isInvalidated).toBe(false);
  });
});

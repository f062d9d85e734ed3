import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateAreas, queryKeys, REFRESHES, toSearchParams } from './query-keys';

describe('toSearchParams', () => {
  it('keeps the given order, trims text and leaves out empty values and defaults', () => {
    expect(toSearchParams({ busca: '  josé ', status: 'ativos', page: 1, pageSize: 20 }, { status: 'ativos', page: 1 })).toBe(
      '?busca=jos%C3%A9&pageSize=20',
    );
    expect(toSearchParams({ busca: 'x', status: 'inativos', page: 3, pageSize: 20 }, { status: 'ativos', page: 1 })).toBe(
      '?busca=x&status=inativos&page=3&pageSize=20',
    );
    expect(toSearchParams({ busca: '   ', de: undefined, ate: null })).toBe('');
  });
});

describe('invalidateAreas', () => {
  it('refreshes every query under the named areas and no other', async () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.clientes.list({ page: 2 }), 'a');
    client.setQueryData(queryKeys.vendas.detail('v1'), 'b');
    client.setQueryData(queryKeys.produtos.paraVenda(''), 'c');
    await invalidateAreas(client, ['clientes', 'vendas']);
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(stale(queryKeys.clientes.list({ page: 2 }))).toBe(true);
    expect(stale(queryKeys.vendas.detail('v1'))).toBe(true);
    expect(stale(queryKeys.produtos.paraVenda(''))).toBe(false);
  });
});

describe('REFRESHES', () => {
  it('refreshes every area of the app, and the session, after a restored backup', () => {
    expect([...REFRESHES.restoreBackup].sort()).toEqual(Object.keys(queryKeys).sort());
  });
});

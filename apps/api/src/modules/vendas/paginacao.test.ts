import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VendasPage } from '@caderneta/shared';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { insertCliente, insertProduto } from '../../../test/fixtures';

/** Keyset pagination of GET /api/vendas: a walk through the pages while sales keep arriving. */
describe('sales list pagination', () => {
  let t: TestApp;
  let seller: SellerSession;
  let produtoId: string;
  let clienteId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    seller = await createSeller(t);
    produtoId = (await insertProduto(t, seller.id, { estoqueAtual: 10_000, precoVenda: 250 })).id;
    clienteId = (await insertCliente(t, seller.id)).id;
  });
  afterAll(() => t.close());

  const vender = (i: number) =>
    seller.request({
      method: 'POST',
      url: '/api/vendas',
      payload: i % 3 === 0 ? { formaPagamento: 'fiado', clienteId, itens: [{ produtoId, quantidade: 1 }] } : { formaPagamento: 'vista', itens: [{ produtoId, quantidade: 1 }] },
    });
  const listar = async (query: string) => {
    const response = await seller.request({ method: 'GET', url: `/api/vendas?${query}` });
    expect(response.statusCode).toBe(200);
    return response.json() as VendasPage;
  };

  it('returns every sale exactly once, newest first, while new sales arrive between pages', async () => {
    for (let i = 0; i < 23; i++) expect((await vender(i)).statusCode).toBe(201);
    const antes = await listar('pageSize=100');
    expect(antes.total).toBe(23);
    const existentes = antes.items.map((v) => v.id);

    const vistos: string[] = [];
    let cursor: string | null = null;
    let paginas = 0;
    do {
      const page: VendasPage = await listar(`pageSize=5${cursor ? `&cursor=${cursor}` : ''}`);
      vistos.push(...page.items.map((v) => v.id));
      cursor = page.nextCursor;
      paginas++;
      // Two new sales after each page: with offsets they would push rows already seen onto the next page.
      for (let i = 0; i < 2; i++) expect((await vender(100 + paginas * 2 + i)).statusCode).toBe(201);
    } while (cursor && paginas < 20);

    expect(paginas).toBe(5);
    expect(new Set(vistos).size).toBe(vistos.length);
    expect(vistos).toEqual(existentes);
    // The cards and the count follow the new sales.
    const depois = await listar('pageSize=1');
    expect(depois.total).toBe(23 + paginas * 2);
    expect(depois.resumo.totalVendas).toBe(23 + paginas * 2);
  });

  it('pages by cursor with the filters applied, and ends with a null cursor', async () => {
    const todas = (await listar('status=pendente&pageSize=100')).items.map((v) => v.id);
    expect(todas.length).toBeGreaterThan(3);
    const vistos: string[] = [];
    let cursor: string | null = null;
    do {
      const page: VendasPage = await listar(`status=pendente&pageSize=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.every((v) => v.statusPagamento === 'pendente')).toBe(true);
      vistos.push(...page.items.map((v) => v.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(vistos).toEqual(todas);
  });

  it('refuses a cursor that was not made by the server (400, never 500)', async () => {
    const farFuture = Buffer.from(`999999999999999999.${crypto.randomUUID()}`).toString('base64url');
    for (const cursor of ['abc', Buffer.from('1.x').toString('base64url'), 'a%2Fb', farFuture]) {
      const response = await seller.request({ method: 'GET', url: `/api/vendas?cursor=${cursor}` });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION' });
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Notificacao, NotificacoesPage, NotificacoesResumo } from '@caderneta/shared';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { insertCliente, insertProduto } from '../../../test/fixtures';
import { withSeller } from '../../db/client';
import { notificacoes, perfis } from '../../db/schema';

const clock = { current: new Date('2025-05-20T15:00:00Z'), now: () => new Date(clock.current) };

let t: TestApp;
let seller: SellerSession;
let other: SellerSession;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  seller = await createSeller(t);
  other = await createSeller(t);
});
afterAll(() => t.close());

async function setPrefs(s: SellerSession, prefs: Record<string, boolean>) {
  await withSeller(t.db, s.id, (tx) => tx.update(perfis).set({ notificacoes: prefs }).where(eq(perfis.ownerId, s.id)));
}
async function clear(s: SellerSession) {
  await withSeller(t.db, s.id, (tx) => tx.delete(notificacoes).where(eq(notificacoes.ownerId, s.id)));
}
async function list(s: SellerSession, query = ''): Promise<NotificacoesPage> {
  const response = await s.request({ method: 'GET', url: `/api/notificacoes${query}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}
async function sale(s: SellerSession, body: Record<string, unknown>) {
  const response = await s.request({ method: 'POST', url: '/api/vendas', payload: body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; numeroVenda: string };
}

describe('raised with their events, by the seller’s preferences', () => {
  it('a sale, a payment, a product going low and a customer falling into debt, each once, newest first', async () => {
    await clear(seller);
    await setPrefs(seller, { devedor: true });
    const cliente = await insertCliente(t, seller.id, { nome: 'Dona Cida' });
    const produto = await insertProduto(t, seller.id, { nome: 'Café 500g', precoVenda: 1500, estoqueAtual: 6, estoqueMinimo: 5 });
    const venda = await sale(seller, { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 2 }] });
    const pagamento = await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 1000, metodo: 'pix' } });
    expect(pagamento.statusCode).toBe(201);

    const page = await list(seller);
    expect(page.items.map((n) => n.tipo).sort()).toEqual(['devedor', 'estoque_baixo', 'pagamento', 'venda']);
    expect(page.items[0]!.tipo).toBe('pagamento');
    const byTipo = Object.fromEntries(page.items.map((n) => [n.tipo, n])) as Record<string, Notificacao>;
    // Each says who of the shop sold or received (here the owner).
    const nome = (await seller.request({ method: 'GET', url: '/api/me' })).json().user.nome as string;
    expect(byTipo.venda!.params).toMatchObject({ vendaId: venda.id, numero: venda.numeroVenda, valor: 3000, forma: 'fiado', cliente: 'Dona Cida', por: nome });
    expect(byTipo.pagamento!.params).toEqual({ lancamentoId: pagamento.json().lancamento.id, clienteId: cliente.id, cliente: 'Dona Cida', valor: 1000, metodo: 'pix', por: nome });
    expect(byTipo.estoque_baixo!.params).toEqual({ produtoId: produto.id, nome: 'Café 500g', quantidade: 4, unidade: 'un' });
    expect(byTipo.devedor!.params).toEqual({ clienteId: cliente.id, nome: 'Dona Cida', valor: 3000 });
    expect(page.items.every((n) => !n.lida)).toBe(true);
    expect(page.naoLidas).toBe(4);
  });

  it('a debit adjustment that puts a customer in debt raises "devedor"; one on a customer already owing does not', async () => {
    await clear(seller);
    await setPrefs(seller, { devedor: true });
    const cliente = await insertCliente(t, seller.id, { nome: 'Seu Jorge' });
    const ajuste = (valor: number) =>
      seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/ajustes`, payload: { tipo: 'debito', valor, motivo: 'Caderno antigo' } });
    expect((await ajuste(5000)).statusCode).toBe(201);
    expect((await ajuste(700)).statusCode).toBe(201);
    const page = await list(seller);
    expect(page.items.map((n) => [n.tipo, n.params])).toEqual([['devedor', { clienteId: cliente.id, nome: 'Seu Jorge', valor: 5000 }]]);
  });

  it('nothing of a kind the seller turned off; the defaults leave "devedor" off', async () => {
    await clear(seller);
    await setPrefs(seller, { venda: false, pagamento: false });
    const cliente = await insertCliente(t, seller.id);
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 6, estoqueMinimo: 5 });
    await sale(seller, { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 2 }] });
    await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 100 } });
    expect((await list(seller)).items.map((n) => n.tipo)).toEqual(['estoque_baixo']);

    await clear(seller);
    await setPrefs(seller, {});
    await sale(seller, { formaPagamento: 'fiado', clienteId: (await insertCliente(t, seller.id)).id, itens: [{ produtoId: produto.id, quantidade: 1 }] });
    expect((await list(seller)).items.map((n) => n.tipo)).toEqual(['venda']);
  });

  it('a payment retried with the same key is notified once', async () => {
    await clear(seller);
    await setPrefs(seller, {});
    const cliente = await insertCliente(t, seller.id);
    const payload = { valor: 500, chave: crypto.randomUUID() };
    for (let i = 0; i < 2; i++) expect((await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload })).statusCode).toBe(201);
    expect((await list(seller)).items.filter((n) => n.tipo === 'pagamento')).toHaveLength(1);
  });
});

describe('the list and the bell', () => {
  it('pages newest first, filters the unread, counts them', async () => {
    await clear(seller);
    await setPrefs(seller, {});
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 1000 });
    for (let i = 0; i < 5; i++) await sale(seller, { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: i + 1 }] });
    const first = await list(seller, '?pageSize=2');
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2, naoLidas: 5 });
    expect(first.items.map((n) => n.params.valor)).toEqual([5000, 4000]);
    const third = await list(seller, '?pageSize=2&page=3');
    expect(third.items.map((n) => n.params.valor)).toEqual([1000]);

    const lida = await seller.request({ method: 'POST', url: `/api/notificacoes/${first.items[0]!.id}/lida` });
    expect(lida.statusCode).toBe(200);
    expect(lida.json()).toMatchObject({ id: first.items[0]!.id, lida: true });
    const unread = await list(seller, '?filtro=nao_lidas');
    expect(unread).toMatchObject({ total: 4, naoLidas: 4 });
    expect(unread.items.every((n) => !n.lida)).toBe(true);
  });

  it('"Marcar todas como lidas" marks every unread one and says how many', async () => {
    const before = await list(seller);
    expect(before.naoLidas).toBeGreaterThan(0);
    const response = await seller.request({ method: 'POST', url: '/api/notificacoes/lidas' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ atualizadas: before.naoLidas });
    expect(await list(seller)).toMatchObject({ naoLidas: 0, total: before.total });
  });

  it('the bell: count and latest five, and 304 while nothing changed', async () => {
    await clear(seller);
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 1000 });
    for (let i = 0; i < 6; i++) await sale(seller, { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }] });
    const first = await seller.request({ method: 'GET', url: '/api/notificacoes/resumo' });
    expect(first.statusCode).toBe(200);
    const resumo = first.json() as NotificacoesResumo;
    expect(resumo.naoLidas).toBe(6);
    expect(resumo.recentes).toHaveLength(5);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await seller.request({ method: 'GET', url: '/api/notificacoes/resumo', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await sale(seller, { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }] });
    const changed = await seller.request({ method: 'GET', url: '/api/notificacoes/resumo', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().naoLidas).toBe(7);
  });

  it('counts unread up to 100, never the whole table', async () => {
    await clear(seller);
    await withSeller(t.db, seller.id, (tx) =>
      tx.insert(notificacoes).values(Array.from({ length: 150 }, (_, i) => ({ ownerId: seller.id, tipo: 'venda' as const, params: { valor: i } }))),
    );
    const resumo = (await seller.request({ method: 'GET', url: '/api/notificacoes/resumo' })).json() as NotificacoesResumo;
    expect(resumo.naoLidas).toBe(100);
    expect((await list(seller)).total).toBe(150);
  });

  it('refuses a malformed id and an unknown one', async () => {
    expect((await seller.request({ method: 'POST', url: '/api/notificacoes/abc/lida' })).statusCode).toBe(400);
    expect((await seller.request({ method: 'POST', url: `/api/notificacoes/${crypto.randomUUID()}/lida` })).statusCode).toBe(404);
  });
});

describe('another seller', () => {
  it('never sees, counts nor marks someone else’s notifications', async () => {
    await clear(seller);
    await clear(other);
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 1000 });
    await sale(seller, { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }] });
    const mine = await list(seller);
    expect(mine.total).toBe(1);

    expect(await list(other)).toMatchObject({ total: 0, naoLidas: 0, items: [] });
    expect(((await other.request({ method: 'GET', url: '/api/notificacoes/resumo' })).json() as NotificacoesResumo).naoLidas).toBe(0);
    expect((await other.request({ method: 'POST', url: `/api/notificacoes/${mine.items[0]!.id}/lida` })).statusCode).toBe(404);
    expect((await other.request({ method: 'POST', url: '/api/notificacoes/lidas' })).json()).toEqual({ atualizadas: 0 });
    expect((await list(seller)).naoLidas).toBe(1);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notificacoes' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/notificacoes/resumo' })).statusCode).toBe(401);
  });
});

describe('the daily clean-up', () => {
  it('forgets notifications older than 90 days, of every seller, and keeps the rest', async () => {
    await clear(seller);
    await clear(other);
    const day = 86_400_000;
    for (const s of [seller, other]) {
      await withSeller(t.db, s.id, (tx) =>
        tx.insert(notificacoes).values([
          { ownerId: s.id, tipo: 'venda', params: { idade: 91 }, createdAt: new Date(clock.current.getTime() - 91 * day) },
          { ownerId: s.id, tipo: 'venda', params: { idade: 89 }, createdAt: new Date(clock.current.getTime() - 89 * day) },
        ]),
      );
    }
    clock.current = new Date('2025-05-20T09:00:00Z'); // 06:00 in São Paulo: after the job's hour
    const summary = await t.app.jobs.runDue();
    expect(summary.ok['limpar-notificacoes']).toBeGreaterThanOrEqual(2);
    for (const s of [seller, other]) expect((await list(s)).items.map((n) => n.params.idade)).toEqual([89]);
  });
});

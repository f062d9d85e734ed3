import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { itensVenda, notificacoes, perfis, produtos, vendas } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const base = { nome: 'Arroz Tipo 1 5kg', precoVenda: 2590, precoCusto: 1800, estoqueAtual: 20, estoqueMinimo: 5 };

async function novoProduto(seller: SellerSession, body: Record<string, unknown> = {}) {
  const response = await seller.request({ method: 'POST', url: '/api/produtos', payload: { ...base, ...body } });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

const list = async (seller: SellerSession, query = '') => {
  const response = await seller.request({ method: 'GET', url: `/api/produtos${query}` });
  expect(response.statusCode).toBe(200);
  return response.json();
};

const edit = (seller: SellerSession, id: string, body: Record<string, unknown>) =>
  seller.request({ method: 'PUT', url: `/api/produtos/${id}`, payload: { ...base, ...body } });

const rowOf = async (id: string) => (await t.db.select().from(produtos).where(eq(produtos.id, id)))[0];
const alertsOf = (ownerId: string) =>
  t.db
    .select()
    .from(notificacoes)
    .where(and(eq(notificacoes.ownerId, ownerId), eq(notificacoes.tipo, 'estoque_baixo')))
    .orderBy(notificacoes.createdAt);
const issuesOf = (body: { issues?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.issues ?? []).map((i) => [i.path, i.message]));

describe('editing a product while sales move its stock', () => {
  it('keeps the live stock when the seller did not touch the stock field', async () => {
    const seller = await createSeller(t);
    const produto = await novoProduto(seller, { estoqueAtual: 20 });
    // A sale took 3 units after the form was opened with 20.
    await t.db.update(produtos).set({ estoqueAtual: 17 }).where(eq(produtos.id, produto.id));
    const response = await edit(seller, produto.id, { precoVenda: 2790, estoqueAtual: 20, estoqueAnterior: 20 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ precoVenda: 2790, estoqueAtual: 17 });
  });

  it('refuses a changed stock that would undo sales made meanwhile, changing nothing', async () => {
    const seller = await createSeller(t);
    const produto = await novoProduto(seller, { estoqueAtual: 20 });
    await t.db.update(produtos).set({ estoqueAtual: 17 }).where(eq(produtos.id, produto.id));
    const response = await edit(seller, produto.id, { precoVenda: 2790, estoqueAtual: 30, estoqueAnterior: 20 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'ESTOQUE_ALTERADO', details: { estoqueAtual: 17 } });
    expect(await rowOf(produto.id)).toMatchObject({ estoqueAtual: 17, precoVenda: 2590 });
  });

  it('sets the typed stock when nothing moved it', async () => {
    const seller = await createSeller(t);
    const produto = await novoProduto(seller, { estoqueAtual: 20 });
    const response = await edit(seller, produto.id, { estoqueAtual: 35, estoqueAnterior: 20 });
    expect(response.json()).toMatchObject({ estoqueAtual: 35 });
  });
});

describe('creating and editing products', () => {
  it('stores the product and answers its stock state, margin and stock value', async () => {
    const seller = await createSeller(t);
    const produto = await novoProduto(seller, { categoria: 'Mercearia', descricao: '', codigoBarras: ' 7891234567890 ', estoqueMinimo: undefined });
    expect(produto).toMatchObject({
      nome: 'Arroz Tipo 1 5kg',
      descricao: null,
      categoria: 'Mercearia',
      codigoBarras: '7891234567890',
      precoVenda: 2590,
      precoCusto: 1800,
      estoqueAtual: 20,
      estoqueMinimo: 5,
      ativo: true,
      estoqueBaixo: false,
      margem: 30.5,
      valorTotal: 51800,
    });
    expect((await rowOf(produto.id))!.nomeBusca).toBe('arroz tipo 1 5kg');
  });

  it('refuses invalid input with the spec §5 message keys', async () => {
    const seller = await createSeller(t);
    const response = await seller.request({
      method: 'POST',
      url: '/api/produtos',
      payload: { nome: ' ', precoVenda: 0, precoCusto: -5, estoqueAtual: 2.5, estoqueMinimo: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
    expect(issuesOf(response.json())).toEqual({
      nome: 'produtoNomeObrigatorio',
      precoVenda: 'precoVendaInvalido',
      precoCusto: 'precoCustoInvalido',
      estoqueAtual: 'quantidadeInvalida',
      estoqueMinimo: 'estoqueMinimoInvalido',
    });
    const missing = await seller.request({ method: 'POST', url: '/api/produtos', payload: {} });
    expect(issuesOf(missing.json())).toMatchObject({ nome: 'produtoNomeObrigatorio', precoVenda: 'precoVendaInvalido', estoqueAtual: 'quantidadeInvalida' });
    const negative = await seller.request({ method: 'POST', url: '/api/produtos', payload: { ...base, estoqueAtual: -1 } });
    expect(issuesOf(negative.json())).toEqual({ estoqueAtual: 'quantidadeInvalida' });
    expect((await list(seller)).total).toBe(0);
  });

  it('edits every field', async () => {
    const seller = await createSeller(t);
    const produto = await novoProduto(seller);
    const response = await edit(seller, produto.id, {
      nome: 'Feijão Carioca',
      categoria: 'Grãos',
      descricao: 'Pacote 1kg',
      codigoBarras: null,
      precoVenda: 899,
      precoCusto: 500,
      estoqueAtual: 40,
      estoqueMinimo: 10,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: produto.id,
      nome: 'Feijão Carioca',
      categoria: 'Grãos',
      descricao: 'Pacote 1kg',
      codigoBarras: null,
      precoVenda: 899,
      precoCusto: 500,
      estoqueAtual: 40,
      estoqueMinimo: 10,
      margem: 44.4,
      valorTotal: 35960,
    });
    const read = await seller.request({ method: 'GET', url: `/api/produtos/${produto.id}` });
    expect(read.json().nome).toBe('Feijão Carioca');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const seller = await createSeller(t);
    expect((await seller.request({ method: 'GET', url: `/api/produtos/${MISSING_ID}` })).statusCode).toBe(404);
    expect((await edit(seller, MISSING_ID, {})).statusCode).toBe(404);
    expect((await seller.request({ method: 'DELETE', url: `/api/produtos/${MISSING_ID}` })).statusCode).toBe(404);
    for (const url of ['/api/produtos/abc', '/api/produtos/123/reativar']) {
      const response = await seller.request({ method: url.endsWith('reativar') ? 'POST' : 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
  });
});

describe('listing, filters and the four cards', () => {
  it('searches by name ignoring case and accents, or by category', async () => {
    const seller = await createSeller(t);
    const feijao = await novoProduto(seller, { nome: 'Feijão Preto', categoria: 'Grãos' });
    const pao = await novoProduto(seller, { nome: 'PÃO FRANCÊS', categoria: 'Padaria' });
    const leite = await novoProduto(seller, { nome: 'Leite Integral', categoria: 'LATICÍNIOS' });
    const ids = async (busca: string) => (await list(seller, `?busca=${encodeURIComponent(busca)}`)).items.map((p: { id: string }) => p.id);
    expect(await ids('feijao')).toEqual([feijao.id]);
    expect(await ids('pão francês')).toEqual([pao.id]);
    expect(await ids('frances')).toEqual([pao.id]);
    expect(await ids('graos')).toEqual([feijao.id]);
    expect(await ids('laticinios')).toEqual([leite.id]);
    expect(await ids('Padaria')).toEqual([pao.id]);
    expect(await ids('%')).toEqual([]);
  });

  it('filters by stock, pages, and summarises the catalogue in the cards', async () => {
    const seller = await createSeller(t);
    const empty = await list(seller);
    expect(empty.resumo).toEqual({ total: 0, estoqueBaixo: 0, valorTotal: 0, margemMedia: 0 });

    await novoProduto(seller, { nome: 'Açúcar', precoVenda: 1000, precoCusto: 600, estoqueAtual: 3, estoqueMinimo: 5 }); // low, 40 %
    await novoProduto(seller, { nome: 'Café', precoVenda: 2000, precoCusto: 1500, estoqueAtual: 10, estoqueMinimo: 10 }); // low, 25 %
    await novoProduto(seller, { nome: 'Biscoito', precoVenda: 300, precoCusto: 100, estoqueAtual: 50, estoqueMinimo: 5 }); // normal, 66.67 %
    const inativo = await novoProduto(seller, { nome: 'Doce', precoVenda: 500, precoCusto: 500, estoqueAtual: 1, estoqueMinimo: 5 });
    await seller.request({ method: 'POST', url: `/api/produtos/${inativo.id}/desativar` });

    const all = await list(seller);
    expect(all.items.map((p: { nome: string }) => p.nome)).toEqual(['Açúcar', 'Biscoito', 'Café']);
    // 3000 + 20000 + 15000 centavos; (40 + 25 + 66.67) / 3 = 43.9
    expect(all.resumo).toEqual({ total: 3, estoqueBaixo: 2, valorTotal: 38000, margemMedia: 43.9 });

    const baixo = await list(seller, '?estoque=baixo');
    expect(baixo.items.map((p: { nome: string }) => p.nome)).toEqual(['Açúcar', 'Café']);
    expect(baixo.items.every((p: { estoqueBaixo: boolean }) => p.estoqueBaixo)).toBe(true);
    expect(baixo.resumo).toEqual(all.resumo);
    const normal = await list(seller, '?estoque=normal&busca=bis');
    expect(normal.items.map((p: { nome: string }) => p.nome)).toEqual(['Biscoito']);
    expect(normal.total).toBe(1);
    expect(normal.resumo).toEqual(all.resumo);

    const page2 = await list(seller, '?pageSize=2&page=2');
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items.map((p: { nome: string }) => p.nome)).toEqual(['Café']);

    const inativos = await list(seller, '?status=inativos');
    expect(inativos.items.map((p: { nome: string }) => p.nome)).toEqual(['Doce']);
    expect(inativos.resumo).toEqual({ total: 1, estoqueBaixo: 1, valorTotal: 500, margemMedia: 0 });
    expect((await list(seller, '?status=todos')).resumo.total).toBe(4);
  });

  it('refuses an unknown stock filter', async () => {
    const seller = await createSeller(t);
    const response = await seller.request({ method: 'GET', url: '/api/produtos?estoque=zerado' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION');
  });
});

describe('duplicate names', () => {
  const check = (seller: SellerSession, query: string) => seller.request({ method: 'GET', url: `/api/produtos/nome-duplicado?${query}` });

  it('finds the same name ignoring case, accents and spaces, only among the seller\'s own products', async () => {
    const seller = await createSeller(t);
    const other = await createSeller(t);
    const cafe = await novoProduto(seller, { nome: 'Café Torrado 500g' });

    const same = await check(seller, `nome=${encodeURIComponent('  CAFE  torrado 500G ')}`);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual({ duplicado: true, produto: { id: cafe.id, nome: 'Café Torrado 500g', ativo: true } });

    expect((await check(seller, 'nome=Café')).json()).toEqual({ duplicado: false, produto: null });
    // Another seller's catalogue is not looked at.
    expect((await check(other, `nome=${encodeURIComponent('Café Torrado 500g')}`)).json()).toEqual({ duplicado: false, produto: null });
    // Editing the product itself is not a duplicate.
    expect((await check(seller, `nome=${encodeURIComponent('café torrado 500g')}&excetoId=${cafe.id}`)).json()).toMatchObject({ duplicado: false });
    // A deactivated product with that name still counts.
    await seller.request({ method: 'POST', url: `/api/produtos/${cafe.id}/desativar` });
    expect((await check(seller, `nome=${encodeURIComponent('Café Torrado 500g')}`)).json()).toMatchObject({ duplicado: true, produto: { ativo: false } });
  });

  it('refuses an empty name with 400', async () => {
    const seller = await createSeller(t);
    const response = await check(seller, 'nome=');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION' });
  });
});

describe('low-stock notification', () => {
  it('is stored when a save leaves the product at or below its minimum, not on every save while low', async () => {
    const seller = await createSeller(t);
    const produto = await novoProduto(seller, { nome: 'Óleo de Soja', estoqueAtual: 3, estoqueMinimo: 5 });
    expect(produto).toMatchObject({ estoqueBaixo: true, estoqueAtual: 3 });
    let alerts = await alertsOf(seller.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ tipo: 'estoque_baixo', lida: false, params: { produtoId: produto.id, nome: 'Óleo de Soja', quantidade: 3, unidade: 'un' } });

    // The seller lowers a low stock: that is news (2 units now).
    const lowered = await edit(seller, produto.id, { nome: 'Óleo de Soja', estoqueAtual: 2, estoqueMinimo: 5 });
    expect(lowered.json()).toMatchObject({ estoqueBaixo: true, estoqueAtual: 2 });
    alerts = await alertsOf(seller.id);
    expect(alerts).toHaveLength(2);
    expect(alerts[1]!.params).toEqual({ produtoId: produto.id, nome: 'Óleo de Soja', quantidade: 2, unidade: 'un' });
    // Editing other fields, or a partial restock that stays low: nothing new.
    await edit(seller, produto.id, { nome: 'Óleo de Soja', precoVenda: 2690, estoqueAtual: 2, estoqueMinimo: 5 });
    await edit(seller, produto.id, { nome: 'Óleo de Soja', estoqueAtual: 4, estoqueMinimo: 5 });
    expect(await alertsOf(seller.id)).toHaveLength(2);
    await edit(seller, produto.id, { nome: 'Óleo de Soja', estoqueAtual: 30, estoqueMinimo: 5 }); // back to normal
    expect(await alertsOf(seller.id)).toHaveLength(2);
    await edit(seller, produto.id, { nome: 'Óleo de Soja', estoqueAtual: 30, estoqueMinimo: 30 }); // raising the minimum crosses too
    alerts = await alertsOf(seller.id);
    expect(alerts).toHaveLength(3);
    expect(alerts[2]!.params).toEqual({ produtoId: produto.id, nome: 'Óleo de Soja', quantidade: 30, unidade: 'un' });

    const normal = await novoProduto(seller, { nome: 'Sal', estoqueAtual: 100 });
    expect(await alertsOf(seller.id)).toHaveLength(3);
    await edit(seller, normal.id, { nome: 'Sal', estoqueAtual: 5, estoqueMinimo: 5 });
    expect(await alertsOf(seller.id)).toHaveLength(4);
  });

  it('is raised on reactivation when already low, never for an inactive product, nor when turned off', async () => {
    const seller = await createSeller(t);
    const produto = await novoProduto(seller, { nome: 'Vela', estoqueAtual: 50 });
    await seller.request({ method: 'POST', url: `/api/produtos/${produto.id}/desativar` });
    await edit(seller, produto.id, { nome: 'Vela', estoqueAtual: 1 });
    expect(await alertsOf(seller.id)).toHaveLength(0);
    const back = await seller.request({ method: 'POST', url: `/api/produtos/${produto.id}/reativar` });
    expect(back.json()).toMatchObject({ ativo: true, estoqueBaixo: true });
    expect(await alertsOf(seller.id)).toHaveLength(1);
    // Reactivating an active product changes nothing and alerts nobody.
    await seller.request({ method: 'POST', url: `/api/produtos/${produto.id}/reativar` });
    expect(await alertsOf(seller.id)).toHaveLength(1);

    await t.db.update(perfis).set({ notificacoes: { estoque_baixo: false } }).where(eq(perfis.ownerId, seller.id));
    await novoProduto(seller, { nome: 'Fósforo', estoqueAtual: 0 });
    expect(await alertsOf(seller.id)).toHaveLength(1);
  });
});

describe('deactivating and deleting', () => {
  it('hides a deactivated product and brings it back', async () => {
    const seller = await createSeller(t);
    const produto = await novoProduto(seller);
    const off = await seller.request({ method: 'POST', url: `/api/produtos/${produto.id}/desativar` });
    expect(off.statusCode).toBe(200);
    expect(off.json().ativo).toBe(false);
    expect((await list(seller)).total).toBe(0);
    expect((await list(seller, '?status=inativos')).total).toBe(1);
    await seller.request({ method: 'POST', url: `/api/produtos/${produto.id}/reativar` });
    expect((await list(seller)).items[0].id).toBe(produto.id);
  });

  it('deletes a product no sale refers to, and refuses one that was sold', async () => {
    const seller = await createSeller(t);
    const livre = await novoProduto(seller, { nome: 'Livre' });
    const vendido = await novoProduto(seller, { nome: 'Vendido' });
    const [venda] = await t.db
      .insert(vendas)
      .values({ ownerId: seller.id, numeroVenda: 'V100', valorTotal: 2590, formaPagamento: 'vista', statusPagamento: 'pago' })
      .returning();
    await t.db.insert(itensVenda).values({
      ownerId: seller.id,
      vendaId: venda!.id,
      produtoId: vendido.id,
      produtoNome: 'Vendido',
      quantidade: 1,
      precoUnitario: 2590,
      custoUnitario: 1800,
      subtotal: 2590,
      custo: 1800,
    });

    expect((await seller.request({ method: 'DELETE', url: `/api/produtos/${livre.id}` })).statusCode).toBe(204);
    expect(await rowOf(livre.id)).toBeUndefined();

    const refused = await seller.request({ method: 'DELETE', url: `/api/produtos/${vendido.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'PRODUTO_TEM_VENDAS',
      message: 'Não é possível deletar produto que possui vendas registradas. Desative o produto em vez de deletá-lo.',
    });
    expect(await rowOf(vendido.id)).toBeDefined();
  });
});

describe('another seller', () => {
  it('cannot see, change, delete, deactivate or reactivate the first seller\'s products', async () => {
    const owner = await createSeller(t);
    const intruder = await createSeller(t);
    const produto = await novoProduto(owner, { nome: 'Produto Alheio', categoria: 'Segredo', estoqueAtual: 50 });
    const before = await rowOf(produto.id);

    const attempts = [
      { method: 'GET', url: `/api/produtos/${produto.id}` },
      { method: 'PUT', url: `/api/produtos/${produto.id}`, payload: { ...base, nome: 'Roubado', estoqueAtual: 0 } },
      { method: 'DELETE', url: `/api/produtos/${produto.id}` },
      { method: 'POST', url: `/api/produtos/${produto.id}/desativar` },
      { method: 'POST', url: `/api/produtos/${produto.id}/reativar` },
    ] as const;
    for (const attempt of attempts) {
      const response = await intruder.request(attempt);
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect(await rowOf(produto.id)).toEqual(before);
    expect(await alertsOf(intruder.id)).toHaveLength(0);
    expect(await alertsOf(owner.id)).toHaveLength(0);

    for (const query of ['?status=todos', '?busca=segredo', '?estoque=normal']) {
      const page = await list(intruder, query);
      expect(page).toMatchObject({ items: [], total: 0, resumo: { total: 0, estoqueBaixo: 0, valorTotal: 0, margemMedia: 0 } });
    }
  });
});

describe('API description', () => {
  it('documents the customer and product routes in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/clientes', '/api/clientes/{id}/regenerar-login', '/api/produtos', '/api/produtos/{id}']));
  });
});

describe('barcodes', () => {
  const post = (seller: SellerSession, body: Record<string, unknown>) =>
    seller.request({ method: 'POST', url: '/api/produtos', payload: { ...base, ...body } });

  it('finds a product by its whole barcode, as a scanner types it, and not by a part of it', async () => {
    const seller = await createSeller(t);
    const leite = await novoProduto(seller, { nome: 'Leite Integral 1L', codigoBarras: '7891000100103' });
    await novoProduto(seller, { nome: 'Café 500g', codigoBarras: '7896005800010' });
    expect((await list(seller, '?busca=7891000100103')).items.map((p: { id: string }) => p.id)).toEqual([leite.id]);
    expect((await list(seller, '?busca=%207891000100103%20')).items.map((p: { id: string }) => p.id)).toEqual([leite.id]);
    expect((await list(seller, '?busca=78910001')).total).toBe(0);
  });

  it("refuses a code another active product has, on the field, and saves nothing; another seller's codes are theirs", async () => {
    const seller = await createSeller(t);
    const leite = await novoProduto(seller, { nome: 'Leite Integral 1L', codigoBarras: '7891000100103' });
    const response = await post(seller, { nome: 'Leite Desnatado 1L', codigoBarras: '7891000100103' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CODIGO_BARRAS_EM_USO', details: { produtoId: leite.id, produtoNome: 'Leite Integral 1L' } });
    expect(issuesOf(response.json())).toEqual({ codigoBarras: 'codigoBarrasEmUso' });
    expect((await list(seller)).total).toBe(1);

    const outro = await createSeller(t);
    expect((await post(outro, { nome: 'Leite', codigoBarras: '7891000100103' })).statusCode).toBe(201);
    expect((await list(outro, '?busca=7891000100103')).items).toHaveLength(1);
    expect((await list(seller, '?busca=7891000100103')).items.map((p: { id: string }) => p.id)).toEqual([leite.id]);
  });

  it('refuses an edit to a code in use, but keeps a product saving with its own code', async () => {
    const seller = await createSeller(t);
    await novoProduto(seller, { nome: 'Leite Integral 1L', codigoBarras: '7891000100103' });
    const cafe = await novoProduto(seller, { nome: 'Café 500g', codigoBarras: '7896005800010' });
    const taken = await edit(seller, cafe.id, { nome: 'Café 500g', codigoBarras: '7891000100103' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CODIGO_BARRAS_EM_USO' });
    expect(await rowOf(cafe.id)).toMatchObject({ codigoBarras: '7896005800010' });
    const same = await edit(seller, cafe.id, { nome: 'Café Torrado 500g', codigoBarras: '7896005800010' });
    expect(same.statusCode).toBe(200);
  });

  it("lets a new product take an inactive product's code, and refuses to reactivate the old one while it is taken", async () => {
    const seller = await createSeller(t);
    const velho = await novoProduto(seller, { nome: 'Biscoito antigo', codigoBarras: '7890000000017' });
    expect((await seller.request({ method: 'POST', url: `/api/produtos/${velho.id}/desativar` })).statusCode).toBe(200);
    const novo = await post(seller, { nome: 'Biscoito novo', codigoBarras: '7890000000017' });
    expect(novo.statusCode).toBe(201);
    const reativar = await seller.request({ method: 'POST', url: `/api/produtos/${velho.id}/reativar` });
    expect(reativar.statusCode).toBe(409);
    expect(reativar.json()).toMatchObject({ code: 'CODIGO_BARRAS_EM_USO', details: { produtoId: novo.json().id } });
    expect(await rowOf(velho.id)).toMatchObject({ ativo: false });
  });

  // Two counters saving at once: the check and the write must not interleave (no unique index, since
  // shops saved before the check may already hold duplicates among their products).
  const activeWithCode = async (ownerId: string, codigo: string) =>
    (await t.db.select().from(produtos).where(and(eq(produtos.ownerId, ownerId), eq(produtos.codigoBarras, codigo), eq(produtos.ativo, true)))).length;

  it('saves exactly one of several products created at once with one code; another seller with the same code is not held back', async () => {
    const seller = await createSeller(t);
    const outro = await createSeller(t);
    const codigo = '7891000100110';
    // Warm connections, so the five saves start together rather than one per new connection.
    await Promise.all([seller, seller, seller, seller, outro].map((s) => list(s)));
    const responses = await Promise.all([
      ...[1, 2, 3, 4].map((n) => post(seller, { nome: `Leite ${n}`, codigoBarras: codigo })),
      post(outro, { nome: 'Leite do outro', codigoBarras: codigo }),
    ]);
    const mine = responses.slice(0, 4);
    expect(mine.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const r of mine.filter((r) => r.statusCode === 409)) expect(r.json()).toMatchObject({ code: 'CODIGO_BARRAS_EM_USO' });
    expect(responses[4]!.statusCode).toBe(201);
    expect(await activeWithCode(seller.id, codigo)).toBe(1);
    expect(await activeWithCode(outro.id, codigo)).toBe(1);
  });

  it('lets only one of an edit, a reactivation and a create take a free code at the same moment', async () => {
    const seller = await createSeller(t);
    const codigo = '7891000100127';
    const cafe = await novoProduto(seller, { nome: 'Café 500g', codigoBarras: '7896005800027' });
    const velho = await novoProduto(seller, { nome: 'Leite antigo', codigoBarras: codigo });
    expect((await seller.request({ method: 'POST', url: `/api/produtos/${velho.id}/desativar` })).statusCode).toBe(200);
    const responses = await Promise.all([
      edit(seller, cafe.id, { nome: 'Café 500g', codigoBarras: codigo }),
      seller.request({ method: 'POST', url: `/api/produtos/${velho.id}/reativar` }),
      post(seller, { nome: 'Leite novo', codigoBarras: codigo }),
    ]);
    expect(responses.filter((r) => r.statusCode < 300)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual(['CODIGO_BARRAS_EM_USO', 'CODIGO_BARRAS_EM_USO']);
    expect(await activeWithCode(seller.id, codigo)).toBe(1);
  });
});

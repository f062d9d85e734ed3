import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DESCRICAO_SALDO_ANTERIOR, type AuditoriaPage, type ClienteImportado, type Extrato, type Importacao, type PortalCliente, type ProdutoImportado } from '@caderneta/shared';
import { buildTestApp, createSeller, createStaff, type SellerSession, type TestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';
import { insertCliente, insertProduto, ledgerSum, readCliente, readProduto } from '../../../test/fixtures';
import { checkInvariants, withAdmin } from '../../../test/invariants';
import { clientes, produtos } from '../../db/schema';

const clock = testClock('2026-03-10T15:00:00Z');
let t: TestApp;
let dono: SellerSession;
let outraLoja: SellerSession;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  dono = await createSeller(t, { nomeCompleto: 'Dona Rosa', nomeLoja: 'Mercadinho da Rosa' });
  outraLoja = await createSeller(t);
});
afterAll(() => t.close());

let proxima = 2;
const cliente = (telefone: string, extra: Partial<ClienteImportado> = {}): ClienteImportado => ({
  linha: proxima++,
  nome: `Cliente ${telefone}`,
  telefone,
  email: null,
  endereco: null,
  cpf: null,
  limiteCredito: null,
  observacoes: null,
  saldoInicial: 0,
  dataSaldo: null,
  dataVencimento: null,
  ...extra,
});
const produto = (nome: string, extra: Partial<ProdutoImportado> = {}): ProdutoImportado => ({
  linha: proxima++,
  nome,
  codigoBarras: null,
  unidade: 'un',
  precoVenda: 500,
  precoCusto: 0,
  estoqueAtual: 0,
  estoqueMinimo: 5,
  categoria: null,
  ...extra,
});

const importar = (s: SellerSession, linhas: ClienteImportado[], existentes: 'atualizar' | 'ignorar' = 'ignorar') =>
  s.request({ method: 'POST', url: '/api/importacoes/clientes', payload: { nomeArquivo: 'caderneta.xlsx', existentes, linhas } });
const importarProdutos = (s: SellerSession, linhas: ProdutoImportado[], existentes: 'atualizar' | 'ignorar' = 'ignorar') =>
  s.request({ method: 'POST', url: '/api/importacoes/produtos', payload: { nomeArquivo: 'produtos.csv', existentes, linhas } });
const desfazer = (s: SellerSession, id: string) => s.request({ method: 'POST', url: `/api/importacoes/${id}/desfazer` });
/** Ledger sums, rollups and counters against a recount, over every shop (past RLS). */
async function assertInvariants() {
  const pglite = () => (t.db as unknown as { $client: { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> } }).$client;
  const violacoes =
    t.database.kind === 'pglite'
      ? await checkInvariants(async <T,>(text: string, params?: unknown[]) => (await pglite().query<T>(text, params)).rows)
      : await withAdmin((t.database as { url?: string }).url!, (query) => checkInvariants(query));
  expect(violacoes).toEqual([]);
}
const porTelefone = async (ownerId: string, telefone: string) =>
  (await t.db.select().from(clientes).where(and(eq(clientes.ownerId, ownerId), eq(clientes.telefone, telefone))))[0];

describe('importing customers with their opening balances', () => {
  it('creates every customer in one go; an opening balance is a dated ledger entry Devedores and the statement see like any debt', async () => {
    const linhas = [
      cliente('11911110001', { nome: 'Ana Prado', saldoInicial: 12_550, dataSaldo: '2026-01-15', dataVencimento: '2026-03-05', cpf: '52998224725', observacoes: 'Paga no dia 5' }),
      cliente('11911110002', { nome: 'Bruno Lima', limiteCredito: 50_000 }),
      cliente('1133334444', { nome: 'Carla Dias', saldoInicial: 4_000 }),
    ];
    const res = await importar(dono, linhas);
    expect(res.statusCode, res.body).toBe(201);
    const imp = res.json() as Importacao;
    expect(imp).toMatchObject({ tipo: 'clientes', nomeArquivo: 'caderneta.xlsx', por: 'Dona Rosa', criados: 3, atualizados: 0, ignorados: 0, saldos: 2, totalSaldos: 16_550, desfeitaEm: null });

    const ana = (await porTelefone(dono.id, '11911110001'))!;
    expect(ana).toMatchObject({ nome: 'Ana Prado', saldoAtual: -12_550, limiteCredito: 100_000, dataVencimento: '2026-03-05', observacoes: 'CPF 529.982.247-25\nPaga no dia 5' });
    expect(ana.pendenteDesde?.toISOString()).toBe('2026-01-15T15:00:00.000Z');
    expect(await ledgerSum(t, ana.id)).toBe(-12_550);
    expect((await porTelefone(dono.id, '11911110002'))).toMatchObject({ saldoAtual: 0, limiteCredito: 50_000, pendenteDesde: null });

    const extrato = (await dono.request({ method: 'GET', url: `/api/clientes/${ana.id}/extrato` })).json() as Extrato;
    expect(extrato.items).toEqual([expect.objectContaining({ tipo: 'ajuste', valor: -12_550, descricao: DESCRICAO_SALDO_ANTERIOR, data: expect.stringMatching(/^2026-01-15T15:00:00\.0+Z$/), por: 'Dona Rosa' })]);
    const devedores = (await dono.request({ method: 'GET', url: '/api/devedores' })).json() as { items: Array<{ nome: string; saldoPendente: number }> };
    expect(devedores.items.map((d) => [d.nome, d.saldoPendente])).toEqual(expect.arrayContaining([['Ana Prado', 12_550], ['Carla Dias', 4_000]]));

    // The customer's own page says where the debt came from (the list gives the new customers their links).
    await dono.request({ method: 'GET', url: '/api/clientes' });
    const { login } = await readCliente(t, ana.id);
    const pagina = (await t.app.inject({ method: 'GET', url: `/api/portal/${login}` })).json() as PortalCliente;
    expect(pagina).toMatchObject({ saldoPendente: 12_550, pendentes: [], saldosAnteriores: [{ data: '2026-01-15T15:00:00.000Z', valor: 12_550 }] });

    const historico = (await dono.request({ method: 'GET', url: `/api/auditoria?registroId=${ana.id}` })).json() as AuditoriaPage;
    expect(historico.items).toEqual([expect.objectContaining({ acao: 'cliente.importado', detalhes: { importacao: imp.id, linha: linhas[0]!.linha } })]);
    await assertInvariants();
  });

  it('matches customers the shop has by phone: ignored, or updated with their balance posted through the ledger, never duplicated', async () => {
    const existente = await insertCliente(t, dono.id, { nome: 'Dona Maria', telefone: '11922220001', limiteCredito: 20_000 });
    const ignorado = await importar(dono, [cliente('11922220001', { nome: 'Maria da Silva', saldoInicial: 1_000 }), cliente('11922220002')], 'ignorar');
    expect(ignorado.json()).toMatchObject({ criados: 1, atualizados: 0, ignorados: 1, saldos: 0 });
    expect(await readCliente(t, existente.id)).toMatchObject({ nome: 'Dona Maria', saldoAtual: 0 });

    const atualizado = await importar(dono, [cliente('11922220001', { nome: 'Maria da Silva', saldoInicial: 1_000, limiteCredito: 30_000 })], 'atualizar');
    expect(atualizado.json()).toMatchObject({ criados: 0, atualizados: 1, ignorados: 0, saldos: 1, totalSaldos: 1_000 });
    expect(await readCliente(t, existente.id)).toMatchObject({ nome: 'Maria da Silva', limiteCredito: 30_000, saldoAtual: -1_000 });
    expect((await t.db.select().from(clientes).where(and(eq(clientes.ownerId, dono.id), eq(clientes.telefone, '11922220001')))).length).toBe(1);
    await assertInvariants();
  });

  it('refuses the whole file when a row is wrong, writing nothing, and says which rows', async () => {
    const antes = (await t.db.select().from(clientes).where(eq(clientes.ownerId, dono.id))).length;
    const res = await importar(dono, [
      cliente('11933330001'),
      cliente('11933330001'),
      cliente('11933330002', { saldoInicial: 500, dataSaldo: '2026-03-11' }),
      cliente('119', { nome: '' }),
      cliente('11933330003', { saldoInicial: -1 }),
      cliente('11933330004', { cpf: '52998224724', nome: 'Zé <b>negrito</b>\u0007' }),
    ]);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; issues: Array<{ path: string; message: string }> };
    expect(body.code).toBe('VALIDATION');
    expect(body.issues.map((i) => i.path)).toEqual(expect.arrayContaining(['linhas.3.telefone', 'linhas.3.nome', 'linhas.4.saldoInicial', 'linhas.5.cpf', 'linhas.5.nome']));
    expect((await t.db.select().from(clientes).where(eq(clientes.ownerId, dono.id))).length).toBe(antes);

    const repetido = await importar(dono, [cliente('11933330001'), cliente('11933330001'), cliente('11933330002', { saldoInicial: 500, dataSaldo: '2026-03-11' })]);
    expect(repetido.statusCode).toBe(400);
    expect((repetido.json() as { issues: Array<{ path: string; message: string }> }).issues).toEqual([
      { path: 'linhas.1.telefone', message: 'duplicadoNoArquivo' },
      { path: 'linhas.2.dataSaldo', message: 'dataFutura' },
    ]);
    expect((await t.db.select().from(clientes).where(eq(clientes.ownerId, dono.id))).length).toBe(antes);
    expect((await importar(dono, [])).statusCode).toBe(400);
  });

  it('is undone as a whole while nothing else touched its customers, and not after', async () => {
    const existente = await insertCliente(t, dono.id, { nome: 'Seu Jorge', telefone: '11944440001', limiteCredito: 20_000 });
    const imp = (await importar(dono, [cliente('11944440001', { nome: 'Jorge Souza', saldoInicial: 2_500 }), cliente('11944440002', { saldoInicial: 700 })], 'atualizar')).json() as Importacao;
    expect(imp).toMatchObject({ criados: 1, atualizados: 1 });

    const desfeito = await desfazer(dono, imp.id);
    expect(desfeito.statusCode, desfeito.body).toBe(200);
    const { desfeitaEm } = desfeito.json() as Importacao;
    expect(desfeitaEm).toMatch(/^2026-03-10T15:00/);
    expect(await porTelefone(dono.id, '11944440002')).toBeUndefined();
    // The customer the shop had gets its fields back, and the balance a reversing entry.
    expect(await readCliente(t, existente.id)).toMatchObject({ nome: 'Seu Jorge', limiteCredito: 20_000, saldoAtual: 0 });
    expect(await ledgerSum(t, existente.id)).toBe(0);
    await dono.request({ method: 'GET', url: '/api/clientes' });
    const { login } = await readCliente(t, existente.id);
    expect(((await t.app.inject({ method: 'GET', url: `/api/portal/${login}` })).json() as PortalCliente).saldosAnteriores).toEqual([]);
    expect((await desfazer(dono, imp.id)).json()).toMatchObject({ code: 'IMPORTACAO_DESFEITA' });

    // After a payment on one of its customers, the import stays.
    const outra = (await importar(dono, [cliente('11944440003', { saldoInicial: 900 })])).json() as Importacao;
    const novo = (await porTelefone(dono.id, '11944440003'))!;
    const pago = await dono.request({ method: 'POST', url: `/api/clientes/${novo.id}/pagamentos`, payload: { valor: 400 } });
    expect(pago.statusCode, pago.body).toBe(201);
    const recusado = await desfazer(dono, outra.id);
    expect(recusado.statusCode).toBe(409);
    expect(recusado.json()).toMatchObject({ code: 'IMPORTACAO_EM_USO' });
    expect(await readCliente(t, novo.id)).toMatchObject({ saldoAtual: -500 });

    const lista = (await dono.request({ method: 'GET', url: '/api/importacoes' })).json() as { items: Importacao[] };
    expect(lista.items[0]).toMatchObject({ id: outra.id, desfeitaEm: null });
    expect(lista.items.find((i) => i.id === imp.id)).toMatchObject({ desfeitaEm });
    await assertInvariants();
  });

  it('tells the preview which phones the shop already has, its own customers only', async () => {
    await insertCliente(t, dono.id, { nome: 'Dona Cida', telefone: '11955550001' });
    await insertCliente(t, outraLoja.id, { nome: 'Cliente de outra loja', telefone: '11955550002' });
    const res = await dono.request({ method: 'POST', url: '/api/importacoes/clientes/existentes', payload: { chaves: ['11955550001', '11955550002', '11955550003'] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ existentes: [{ chave: '11955550001', id: expect.any(String), nome: 'Dona Cida' }] });
  });
});

describe('importing products', () => {
  it('creates products and updates the ones with a known barcode; undo puts them back', async () => {
    const arroz = await insertProduto(t, dono.id, { nome: 'Arroz 5kg', codigoBarras: '7891000100103', precoVenda: 2_500, estoqueAtual: 3 });
    const res = await importarProdutos(
      dono,
      [
        produto('Arroz Tio João 5kg', { codigoBarras: '7891000100103', precoVenda: 2_790, precoCusto: 2_100, estoqueAtual: 20 }),
        produto('Queijo minas', { unidade: 'kg', precoVenda: 4_990, estoqueAtual: 2_500, categoria: 'Frios' }),
      ],
      'atualizar',
    );
    expect(res.statusCode, res.body).toBe(201);
    const imp = res.json() as Importacao;
    expect(imp).toMatchObject({ tipo: 'produtos', criados: 1, atualizados: 1, ignorados: 0 });
    expect(await readProduto(t, arroz.id)).toMatchObject({ nome: 'Arroz Tio João 5kg', precoVenda: 2_790, estoqueAtual: 20 });
    const [queijo] = await t.db.select().from(produtos).where(and(eq(produtos.ownerId, dono.id), eq(produtos.nome, 'Queijo minas')));
    expect(queijo).toMatchObject({ unidade: 'kg', estoqueAtual: 2_500, categoria: 'Frios', precoVenda: 4_990 });

    expect((await desfazer(dono, imp.id)).statusCode).toBe(200);
    expect(await readProduto(t, arroz.id)).toMatchObject({ nome: 'Arroz 5kg', precoVenda: 2_500, estoqueAtual: 3 });
    expect((await t.db.select().from(produtos).where(and(eq(produtos.ownerId, dono.id), eq(produtos.nome, 'Queijo minas')))).length).toBe(0);
  });

  it('is not undone once one of its products was sold', async () => {
    const imp = (await importarProdutos(dono, [produto('Pão de queijo', { estoqueAtual: 10 })])).json() as Importacao;
    const [pao] = await t.db.select().from(produtos).where(and(eq(produtos.ownerId, dono.id), eq(produtos.nome, 'Pão de queijo')));
    const venda = await dono.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'vista', clienteId: null, itens: [{ produtoId: pao!.id, quantidade: 1 }] } });
    expect(venda.statusCode, venda.body).toBe(201);
    expect((await desfazer(dono, imp.id)).json()).toMatchObject({ code: 'IMPORTACAO_EM_USO' });
  });
});

describe('who may import', () => {
  it("a cashier may not import, and another shop cannot see or undo this shop's imports", async () => {
    const caixa = await createStaff(t, dono, { papel: 'caixa' });
    const res = await importar(caixa, [cliente('11966660001')]);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SEM_PERMISSAO' });
    expect(await porTelefone(dono.id, '11966660001')).toBeUndefined();

    const imp = (await importar(dono, [cliente('11966660002')])).json() as Importacao;
    expect((await outraLoja.request({ method: 'GET', url: '/api/importacoes' })).json()).toEqual({ items: [] });
    expect((await desfazer(outraLoja, imp.id)).statusCode).toBe(404);
    expect(await porTelefone(dono.id, '11966660002')).toBeDefined();
  });
});

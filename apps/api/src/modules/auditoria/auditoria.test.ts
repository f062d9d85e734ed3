import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AuditoriaItem, AuditoriaPage } from '@caderneta/shared';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { withSeller } from '../../db/client';

const clock = { current: new Date('2026-03-10T15:00:00Z'), now: () => new Date(clock.current) };

let t: TestApp;
let ana: SellerSession;
let bia: SellerSession;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  ana = await createSeller(t, { nomeCompleto: 'Ana Souza' });
  bia = await createSeller(t);
});
afterAll(() => t.close());

async function ok<T>(s: SellerSession, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T> {
  const response = await s.request({ method, url, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return (response.body ? response.json() : null) as T;
}
const historico = (s: SellerSession, query = '') => ok<AuditoriaPage>(s, 'GET', `/api/auditoria${query}`);
const ultima = async (s: SellerSession): Promise<AuditoriaItem> => (await historico(s, '?pageSize=1')).items[0]!;

describe('every change of the shop writes one row: who, when, what, before → after', () => {
  it('a customer: created, edited (only what changed), deactivated, reactivated, link regenerated, deleted', async () => {
    const cliente = await ok<{ id: string }>(ana, 'POST', '/api/clientes', { nome: 'Joana', telefone: '11987654321', limiteCredito: 10_000 });
    const criado = await ultima(ana);
    expect(criado).toMatchObject({
      acao: 'cliente.criado',
      autor: { tipo: 'pessoa', id: ana.id, nome: 'Ana Souza' },
      registro: { tipo: 'cliente', id: cliente.id, nome: 'Joana' },
      clienteId: cliente.id,
      em: clock.current.toISOString(),
      ip: '127.0.0.1',
    });
    expect(criado.mudancas).toContainEqual({ campo: 'limiteCredito', antes: null, depois: 10_000 });

    await ok(ana, 'PUT', `/api/clientes/${cliente.id}`, { nome: 'Joana', telefone: '11999998888', limiteCredito: 25_000 });
    expect(await ultima(ana)).toMatchObject({
      acao: 'cliente.alterado',
      mudancas: [
        { campo: 'telefone', antes: '11987654321', depois: '11999998888' },
        { campo: 'limiteCredito', antes: 10_000, depois: 25_000 },
      ],
    });
    // Saved as it was: nothing changed, nothing recorded.
    const antes = (await historico(ana)).items.length;
    await ok(ana, 'PUT', `/api/clientes/${cliente.id}`, { nome: 'Joana', telefone: '11999998888', limiteCredito: 25_000 });
    expect((await historico(ana)).items).toHaveLength(antes);

    await ok(ana, 'POST', `/api/clientes/${cliente.id}/desativar`);
    expect(await ultima(ana)).toMatchObject({ acao: 'cliente.desativado', mudancas: [{ campo: 'ativo', antes: true, depois: false }] });
    await ok(ana, 'POST', `/api/clientes/${cliente.id}/reativar`);
    expect(await ultima(ana)).toMatchObject({ acao: 'cliente.reativado', mudancas: [{ campo: 'ativo', antes: false, depois: true }] });
    await ok(ana, 'POST', `/api/clientes/${cliente.id}/regenerar-login`);
    expect(await ultima(ana)).toMatchObject({ acao: 'cliente.link_regenerado', mudancas: [] });
    await ok(ana, 'DELETE', `/api/clientes/${cliente.id}`);
    expect(await ultima(ana)).toMatchObject({ acao: 'cliente.excluido', registro: { id: cliente.id, nome: 'Joana' } });

    // The customer's own history, newest first, survives the customer.
    const proprio = await historico(ana, `?clienteId=${cliente.id}`);
    expect(proprio.items.map((i) => i.acao)).toEqual([
      'cliente.excluido',
      'cliente.link_regenerado',
      'cliente.reativado',
      'cliente.desativado',
      'cliente.alterado',
      'cliente.criado',
    ]);
  });

  it('a fiado sale with a changed price and a discount, a payment, an adjustment, a cancellation with its reason', async () => {
    const cliente = await ok<{ id: string }>(ana, 'POST', '/api/clientes', { nome: 'Marcos', telefone: '11911112222', limiteCredito: 100_000 });
    const produto = await ok<{ id: string }>(ana, 'POST', '/api/produtos', { nome: 'Café', precoVenda: 1_000, precoCusto: 600, estoqueAtual: 10, estoqueMinimo: 1 });
    const venda = await ok<{ id: string; numeroVenda: string; valorTotal: number }>(ana, 'POST', '/api/vendas', {
      formaPagamento: 'fiado',
      clienteId: cliente.id,
      itens: [{ produtoId: produto.id, quantidade: 2, precoUnitario: 900 }],
      desconto: { tipo: 'valor', valor: 100 },
    });
    expect(venda.valorTotal).toBe(1_700);
    expect(await ultima(ana)).toMatchObject({
      acao: 'venda.criada',
      registro: { tipo: 'venda', id: venda.id, nome: venda.numeroVenda },
      clienteId: cliente.id,
      mudancas: [{ campo: 'precoVenda', item: 'Café', antes: 1_000, depois: 900 }],
      detalhes: { valorTotal: 1_700, formaPagamento: 'fiado', cliente: 'Marcos', itens: 1, desconto: 100, descontoVenda: 100 },
    });

    await ok(ana, 'POST', `/api/clientes/${cliente.id}/pagamentos`, { valor: 500, metodo: 'pix' });
    expect(await ultima(ana)).toMatchObject({
      acao: 'pagamento.registrado',
      registro: { tipo: 'cliente', id: cliente.id, nome: 'Marcos' },
      mudancas: [{ campo: 'saldo', antes: -1_700, depois: -1_200 }],
      detalhes: { valor: 500, metodo: 'pix' },
    });
    await ok(ana, 'POST', `/api/clientes/${cliente.id}/ajustes`, { tipo: 'debito', valor: 300, motivo: 'Saldo anterior do caderno' });
    expect(await ultima(ana)).toMatchObject({
      acao: 'ajuste.registrado',
      motivo: 'Saldo anterior do caderno',
      mudancas: [{ campo: 'saldo', antes: -1_200, depois: -1_500 }],
      detalhes: { valor: -300 },
    });

    // A cancellation always says why: without a reason nothing is cancelled and nothing recorded.
    const semMotivo = await ana.request({ method: 'POST', url: `/api/vendas/${venda.id}/cancelar`, payload: { motivo: ' ' } });
    expect(semMotivo.statusCode).toBe(400);
    expect(semMotivo.json().issues).toEqual([{ path: 'motivo', message: 'motivoCancelamentoObrigatorio' }]);
    expect((await ultima(ana)).acao).toBe('ajuste.registrado');
    await ok(ana, 'POST', `/api/vendas/${venda.id}/cancelar`, { motivo: 'Cliente devolveu o café' });
    expect(await ultima(ana)).toMatchObject({
      acao: 'venda.cancelada',
      motivo: 'Cliente devolveu o café',
      registro: { tipo: 'venda', id: venda.id },
      mudancas: [{ campo: 'statusPagamento', antes: 'pendente', depois: 'cancelado' }],
    });

    // The sale's own history, and the customer's, which holds its sale and money.
    expect((await historico(ana, `?registro=venda&registroId=${venda.id}`)).items.map((i) => i.acao)).toEqual(['venda.cancelada', 'venda.criada']);
    expect((await historico(ana, `?clienteId=${cliente.id}`)).items.map((i) => i.acao)).toEqual([
      'venda.cancelada',
      'ajuste.registrado',
      'pagamento.registrado',
      'venda.criada',
      'cliente.criado',
    ]);
  });

  it('a product: price, cost and a stock correction; a sale moving the stock is not a product change', async () => {
    const produto = await ok<{ id: string }>(ana, 'POST', '/api/produtos', { nome: 'Açúcar', unidade: 'kg', precoVenda: 500, precoCusto: 300, estoqueAtual: 5_000, estoqueMinimo: 1_000 });
    await ok(ana, 'POST', '/api/vendas', { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 250 }] });
    await ok(ana, 'PUT', `/api/produtos/${produto.id}`, {
      nome: 'Açúcar',
      unidade: 'kg',
      precoVenda: 550,
      precoCusto: 300,
      estoqueAtual: 4_000,
      estoqueMinimo: 1_000,
      estoqueAnterior: 4_750,
    });
    const proprio = await historico(ana, `?registro=produto&registroId=${produto.id}`);
    expect(proprio.items.map((i) => i.acao)).toEqual(['produto.alterado', 'produto.criado']);
    expect(proprio.items[0]).toMatchObject({
      mudancas: [
        { campo: 'precoVenda', antes: 500, depois: 550 },
        { campo: 'estoqueAtual', antes: 4_750, depois: 4_000 },
      ],
      detalhes: { unidade: 'kg' },
    });
    await ok(ana, 'POST', `/api/produtos/${produto.id}/desativar`);
    expect(await ultima(ana)).toMatchObject({ acao: 'produto.desativado', registro: { id: produto.id } });
  });

  it('settings: the fields that changed, and a secret said to change without its value', async () => {
    await ok(ana, 'PUT', '/api/configuracoes/sistema', { moeda: 'BRL', idioma: 'en-US', backupAutomatico: true });
    expect(await ultima(ana)).toMatchObject({
      acao: 'configuracoes.sistema',
      registro: { tipo: 'loja', id: null },
      mudancas: expect.arrayContaining([{ campo: 'idioma', antes: 'pt-BR', depois: 'en-US' }]),
    });
    // Collection messages: what the seller set, not the defaults shown beside it.
    await ok(ana, 'PUT', '/api/cobranca/mensagens', { mensagens: { padrao: null, gentil: 'Oi {nome}, lembrete de {valor}.', firme: null, formal: null }, lembreteAntecipado: true, diasAntecedencia: 2 });
    const mensagens = await ultima(ana);
    expect(mensagens.acao).toBe('configuracoes.mensagens');
    expect(mensagens.mudancas.map((m) => m.campo).sort()).toEqual(['diasAntecedencia', 'lembreteAntecipado', 'mensagens.gentil']);
    await ok(ana, 'PUT', '/api/configuracoes/mercadopago', { accessToken: 'APP_USR-segredo-muito-longo-1234', publicKey: 'APP_USR-publica', ambiente: 'sandbox', ativo: false });
    const mp = await ultima(ana);
    expect(mp.acao).toBe('configuracoes.mercadopago');
    expect(mp.mudancas).toContainEqual({ campo: 'accessToken', antes: null, depois: null });
    expect(JSON.stringify(mp)).not.toContain('segredo-muito-longo');
  });

  it("the person's own profile, saved in its own transaction, is theirs too; a new photo is said to change", async () => {
    await ok(ana, 'PUT', '/api/configuracoes/perfil', { nome: 'Ana Souza', avatar: null, telefone: '11955556666' });
    expect(await ultima(ana)).toMatchObject({
      acao: 'configuracoes.perfil',
      autor: { tipo: 'pessoa', id: ana.id },
      ip: '127.0.0.1',
      mudancas: [{ campo: 'telefone', antes: null, depois: '11955556666' }],
    });
    await ok(ana, 'PUT', '/api/configuracoes/perfil', { nome: 'Ana Souza', avatar: 'data:image/png;base64,iVBORw0KGgo=', telefone: '11955556666' });
    const foto = await ultima(ana);
    expect(foto.mudancas).toEqual([{ campo: 'avatar', antes: null, depois: null }]);
    expect(JSON.stringify(foto)).not.toContain('iVBORw0KGgo');
  });

  it("a debtor's collection: the agreed date and notes, a promise made and removed, a reminder sent", async () => {
    const cliente = await ok<{ id: string }>(ana, 'POST', '/api/clientes', { nome: 'Rita', telefone: '11944445555', limiteCredito: 100_000 });
    await ok(ana, 'POST', `/api/clientes/${cliente.id}/ajustes`, { tipo: 'debito', valor: 2_000, motivo: 'Caderno' });
    await ok(ana, 'PUT', `/api/devedores/${cliente.id}/cobranca`, { observacoes: 'Paga no dia 5', dataVencimento: '2026-04-05' });
    await ok(ana, 'PUT', `/api/devedores/${cliente.id}/promessa`, { data: '2026-03-20' });
    await ok(ana, 'PUT', `/api/devedores/${cliente.id}/promessa`, { data: null });
    await ok(ana, 'POST', `/api/devedores/${cliente.id}/lembretes`);
    const proprio = (await historico(ana, `?clienteId=${cliente.id}`)).items;
    expect(proprio.map((i) => i.acao)).toEqual([
      'cliente.lembrete_enviado',
      'cliente.promessa_removida',
      'cliente.promessa_registrada',
      'cliente.cobranca_alterada',
      'ajuste.registrado',
      'cliente.criado',
    ]);
    expect(proprio[0]!.detalhes).toMatchObject({ valor: 2_000 });
    expect(proprio[1]!.mudancas).toEqual([{ campo: 'promessa', antes: '2026-03-20', depois: null }]);
    expect(proprio[3]!.mudancas).toEqual([
      { campo: 'observacoes', antes: null, depois: 'Paga no dia 5' },
      { campo: 'dataVencimento', antes: null, depois: '2026-04-05' },
    ]);
  });

  it('a restore records itself and leaves the history before it in place', async () => {
    const antes = (await historico(ana, '?pageSize=100')).items.map((i) => i.id);
    const exportado = await ana.request({ method: 'GET', url: '/api/backup/exportar' });
    expect(exportado.statusCode).toBe(200);
    const restaurado = await ana.request({ method: 'POST', url: '/api/backup/restaurar', payload: JSON.parse(exportado.body) });
    expect(restaurado.body).toContain('"tipo":"concluido"');
    const depois = (await historico(ana, '?pageSize=100')).items;
    expect(depois[0]).toMatchObject({ acao: 'backup.restaurado', autor: { tipo: 'pessoa', id: ana.id }, registro: { tipo: 'loja' } });
    expect(depois[0]!.detalhes['restaurados.clientes']).toBeGreaterThan(0);
    expect(depois.slice(1).map((i) => i.id)).toEqual(antes);
  });

  it('a change that fails records nothing', async () => {
    const antes = (await historico(ana)).items[0]!.id;
    const recusada = await ana.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'fiado', itens: [{ valor: 100 }] } });
    expect(recusada.statusCode).toBe(400);
    expect((await historico(ana)).items[0]!.id).toBe(antes);
  });
});

describe('reading the history', () => {
  it('pages newest first with a cursor, and filters by kind, author and period', async () => {
    const cliente = await ok<{ id: string }>(ana, 'POST', '/api/clientes', { nome: 'Paginada', telefone: '11933334444', limiteCredito: 100_000 });
    for (let i = 1; i <= 5; i++) await ok(ana, 'POST', `/api/clientes/${cliente.id}/pagamentos`, { valor: i * 100, metodo: 'dinheiro' });
    const lidos: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AuditoriaPage = await historico(ana, `?clienteId=${cliente.id}&pageSize=2${cursor ? `&cursor=${cursor}` : ''}`);
      lidos.push(...page.items.map((i) => String(i.detalhes.valor ?? i.acao)));
      cursor = page.nextCursor;
    } while (cursor);
    expect(lidos).toEqual(['500', '400', '300', '200', '100', 'cliente.criado']);

    const pagamentos = await historico(ana, '?grupo=pagamentos');
    expect(pagamentos.items.every((i) => i.acao.startsWith('pagamento'))).toBe(true);
    expect((await historico(ana, `?autor=${ana.id}&grupo=clientes`)).items.every((i) => i.autor.id === ana.id)).toBe(true);
    expect((await historico(ana, '?autor=mercado_pago')).items).toEqual([]);

    // The shop's calendar days (São Paulo): 10 March holds everything so far, 11 March nothing.
    expect((await historico(ana, '?de=2026-03-10&ate=2026-03-10&pageSize=1')).items).toHaveLength(1);
    expect((await historico(ana, '?de=2026-03-11')).items).toEqual([]);
  });

  it('refuses a bad filter with a clear error', async () => {
    for (const query of ['?cursor=abc', '?grupo=tudo', '?registroId=not-a-uuid', '?de=2026-03-11&ate=2026-03-10', '?pageSize=101', `?autor=${'a'.repeat(101)}`]) {
      const response = await ana.request({ method: 'GET', url: `/api/auditoria${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', issues: expect.any(Array) });
    }
  });

  it("another seller sees none of it, even asking by the first seller's ids", async () => {
    const daAna = await historico(ana, '?pageSize=100');
    expect(daAna.items.length).toBeGreaterThan(0);
    expect((await historico(bia)).items).toEqual([]);
    const cliente = daAna.items.find((i) => i.clienteId)!.clienteId!;
    expect((await historico(bia, `?clienteId=${cliente}`)).items).toEqual([]);
    expect((await historico(bia, `?autor=${ana.id}`)).items).toEqual([]);
    expect((await ok<Array<{ id: string | null }>>(bia, 'GET', '/api/auditoria/autores')).map((a) => a.id)).toEqual([bia.id, null, null, null]);
  });
});

describe('the trail cannot be rewritten by the app', () => {
  it('app_user may insert and read it, and may not update, delete or truncate it', async () => {
    for (const statement of [sql`update auditoria set motivo = 'apagado'`, sql`delete from auditoria`, sql`truncate auditoria`]) {
      await expect(withSeller(t.db, ana.id, (tx) => tx.execute(statement))).rejects.toMatchObject({ cause: expect.objectContaining({ code: '42501' }) });
    }
    expect((await historico(ana)).items.length).toBeGreaterThan(0);
  });
});

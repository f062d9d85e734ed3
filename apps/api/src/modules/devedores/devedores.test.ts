import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CobrancaConfig, Devedor, DevedorDetalhe, DevedoresPage, Lembrete } from '@caderneta/shared';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';
import { insertCliente, insertProduto } from '../../../test/fixtures';
import { withSeller } from '../../db/client';
import { cobrancaConfig, perfis } from '../../db/schema';
import { clientesQueVenceram } from './devedores.service';

/** The shop's clock: São Paulo, 10 March 2026 in the morning, unless a test moves it. */
const HOJE = '2026-03-10';
const MANHA = `${HOJE}T10:00:00-03:00`;
const clock = testClock(MANHA);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());

type Seller = SellerSession;

async function fiado(seller: Seller, clienteId: string, total: number, at: string) {
  const produto = await insertProduto(t, seller.id, { precoVenda: total, estoqueAtual: 10 });
  clock.set(at);
  const response = await seller.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'fiado', clienteId, itens: [{ produtoId: produto.id, quantidade: 1 }] } });
  expect(response.statusCode, response.body).toBe(201);
  clock.set(MANHA);
  return response.json() as { id: string };
}

async function cliente(seller: Seller, nome: string, telefone = '11987654321') {
  return insertCliente(t, seller.id, { nome, telefone, limiteCredito: 10_000_000 });
}

async function lista(seller: Seller, query = ''): Promise<DevedoresPage> {
  const response = await seller.request({ method: 'GET', url: `/api/devedores${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const put = (seller: Seller, url: string, payload: Record<string, unknown>) => seller.request({ method: 'PUT', url, payload });
const regra = (seller: Seller, payload: Record<string, unknown>) => put(seller, '/api/cobranca/regra', payload);
const proprio = (seller: Seller, id: string, dataVencimento: string | null, observacoes: string | null = null) =>
  put(seller, `/api/devedores/${id}/cobranca`, { dataVencimento, observacoes });
const item = (page: DevedoresPage, id: string) => page.items.find((d) => d.id === id)!;

describe('due dates', () => {
  let seller: Seller;
  let ana: { id: string };
  let bruno: { id: string };
  beforeAll(async () => {
    seller = await createSeller(t);
    ana = await cliente(seller, 'Ana');
    // 23:30 in São Paulo on 31 January is already 1 February in UTC.
    await fiado(seller, ana.id, 5000, '2026-01-31T23:30:00-03:00');
    await fiado(seller, ana.id, 2000, '2026-03-01T09:00:00-03:00');
    bruno = await cliente(seller, 'Bruno');
    clock.set(MANHA);
    const ajuste = await seller.request({ method: 'POST', url: `/api/clientes/${bruno.id}/ajustes`, payload: { tipo: 'debito', valor: 3000, motivo: 'Caderno antigo' } });
    expect(ajuste.statusCode).toBe(201);
  });

  it('follow the default rule (day 1 of the next month) from the oldest pending sale, on the shop calendar', async () => {
    const page = await lista(seller);
    expect(page.hoje).toBe(HOJE);
    expect(item(page, ana.id)).toMatchObject({
      pendenteDesde: '2026-01-31',
      totalVendas: 2,
      saldoPendente: 7000,
      dataVencimento: '2026-02-01',
      vencimentoProprio: false,
      diasEmAtraso: 37,
      estaVencido: true,
      nivel: 'critico',
      faixa: 'formal',
    });
  });

  it('fall due by the rule from the day an opening balance was posted, like a sale (a debit posted by hand is a debt)', async () => {
    expect(item(await lista(seller), bruno.id)).toMatchObject({
      pendenteDesde: HOJE,
      totalVendas: 0,
      dataVencimento: '2026-04-01',
      diasEmAtraso: 0,
      estaVencido: false,
      nivel: 'baixo',
      faixa: 'a_vencer',
    });
    // A month later it is overdue, as a sale of that day would be.
    clock.set('2026-04-12T10:00:00-03:00');
    expect(item(await lista(seller), bruno.id)).toMatchObject({ dataVencimento: '2026-04-01', diasEmAtraso: 11, estaVencido: true, nivel: 'medio', faixa: 'firme' });
    clock.set(MANHA);
  });

  it.each([
    [{ tipo: 'proximo_mes', diaVencimento: 28 }, '2026-02-28', 10, 'medio', '2026-04-28'],
    [{ tipo: 'dias_fixos', diasPrazo: 30 }, '2026-03-02', 8, 'medio', '2026-04-09'],
    [{ tipo: 'dias_fixos', diasPrazo: 1 }, '2026-02-01', 37, 'critico', '2026-03-11'],
    [{ tipo: 'dias_fixos', diasPrazo: 365 }, '2027-01-31', 0, 'baixo', '2027-03-10'],
    [{ tipo: 'data_fixa', dataFixa: '2026-03-05' }, '2026-03-05', 5, 'baixo', '2026-03-05'],
    [{ tipo: 'data_fixa', dataFixa: null }, '2026-02-01', 37, 'critico', '2026-04-01'],
    [{ tipo: 'proximo_mes' }, '2026-02-01', 37, 'critico', '2026-04-01'],
  ] as const)('with the rule %j move at once to %s', async (body, vencimento, dias, nivel, vencimentoAjuste) => {
    const response = await regra(seller, body);
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as CobrancaConfig).regra).toMatchObject(body);
    expect(item(await lista(seller), ana.id)).toMatchObject({ dataVencimento: vencimento, diasEmAtraso: dias, nivel, estaVencido: dias > 0 });
    // The opening balance moves with the rule too.
    expect(item(await lista(seller), bruno.id).dataVencimento).toBe(vencimentoAjuste);
  });

  it("follow the customer's own date, whatever the rule, until it is removed", async () => {
    expect((await regra(seller, { tipo: 'dias_fixos', diasPrazo: 30 })).statusCode).toBe(200);
    const response = await proprio(seller, ana.id, '2026-03-09', 'Paga quando receber');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ dataVencimento: '2026-03-09', dataVencimentoPropria: '2026-03-09', vencimentoProprio: true, diasEmAtraso: 1, observacoes: 'Paga quando receber' });
    expect(item(await lista(seller), ana.id)).toMatchObject({ dataVencimento: '2026-03-09', diasEmAtraso: 1, faixa: 'gentil' });
    expect((await proprio(seller, ana.id, null)).json()).toMatchObject({ dataVencimento: '2026-03-02', vencimentoProprio: false, observacoes: null });
    expect((await regra(seller, { tipo: 'proximo_mes' })).statusCode).toBe(200);
  });

  it('move with the days: the same debt is more overdue tomorrow', async () => {
    clock.set('2026-03-11T00:30:00-03:00');
    const page = await lista(seller);
    expect(page.hoje).toBe('2026-03-11');
    expect(item(page, ana.id).diasEmAtraso).toBe(38);
    clock.set(MANHA);
  });

  it('are stored per seller on the server, not per device', async () => {
    expect((await regra(seller, { tipo: 'dias_fixos', diasPrazo: 45 })).statusCode).toBe(200);
    const config = (await seller.request({ method: 'GET', url: '/api/cobranca' })).json() as CobrancaConfig;
    expect(config.regra).toEqual({ tipo: 'dias_fixos', diaVencimento: 1, diasPrazo: 45, dataFixa: null });
    const other = await createSeller(t);
    const theirs = (await other.request({ method: 'GET', url: '/api/cobranca' })).json() as CobrancaConfig;
    expect(theirs.regra).toEqual({ tipo: 'proximo_mes', diaVencimento: 1, diasPrazo: 30, dataFixa: null });
    expect((await regra(seller, { tipo: 'proximo_mes' })).statusCode).toBe(200);
  });
});

describe('the list', () => {
  let seller: Seller;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    seller = await createSeller(t);
    expect((await regra(seller, { tipo: 'dias_fixos', diasPrazo: 30 })).statusCode).toBe(200);
    // Due 3, 10 and 40 days ago; one not due yet; one who owes nothing; one inactive debtor.
    const plan: Array<[string, string, number, string]> = [
      ['José Conceição', '11987654321', 15_000, '2026-02-05T12:00:00-03:00'],
      ['Maria Silva', '21987654321', 4_000, '2026-01-29T12:00:00-03:00'],
      ['Antônio Souza', '31987654321', 90_000, '2025-12-30T12:00:00-03:00'],
      ['Beatriz Lima', '41987654321', 2_500, '2026-03-05T12:00:00-03:00'],
    ];
    for (const [nome, telefone, total, at] of plan) {
      const c = await cliente(seller, nome, telefone);
      await fiado(seller, c.id, total, at);
      ids[nome.split(' ')[0]!] = c.id;
    }
    const quite = await cliente(seller, 'Carlos Quitado');
    await fiado(seller, quite.id, 1000, '2026-01-10T12:00:00-03:00');
    expect((await seller.request({ method: 'POST', url: `/api/clientes/${quite.id}/pagamentos`, payload: { valor: 1000 } })).statusCode).toBe(201);
    const inativo = await cliente(seller, 'Dora Inativa');
    await fiado(seller, inativo.id, 1000, '2026-01-10T12:00:00-03:00');
    expect((await seller.request({ method: 'POST', url: `/api/clientes/${inativo.id}/desativar` })).statusCode).toBe(200);
  });

  it('shows the active customers who owe, with the cards from one aggregate', async () => {
    const page = await lista(seller);
    expect(page.total).toBe(4);
    expect(page.items.map((d) => d.nome)).toEqual(['Antônio Souza', 'José Conceição', 'Maria Silva', 'Beatriz Lima']);
    expect(page.items.map((d) => d.diasEmAtraso)).toEqual([40, 3, 10, 0]);
    expect(page.items.map((d) => d.nivel)).toEqual(['critico', 'baixo', 'medio', 'baixo']);
    expect(page.resumo).toEqual({ totalDevedores: 4, dividasVencidas: 3, valorTotal: 111_500, casosCriticos: 1, mediaAtraso: 13 });
  });

  it.each([
    ['maior_divida', ['Antônio Souza', 'José Conceição', 'Maria Silva', 'Beatriz Lima']],
    ['menor_divida', ['Beatriz Lima', 'Maria Silva', 'José Conceição', 'Antônio Souza']],
    ['mais_antigo', ['Antônio Souza', 'Maria Silva', 'José Conceição', 'Beatriz Lima']],
    ['mais_recente', ['Beatriz Lima', 'José Conceição', 'Maria Silva', 'Antônio Souza']],
  ])('sorts by %s', async (ordem, nomes) => {
    expect((await lista(seller, `?ordem=${ordem}`)).items.map((d) => d.nome)).toEqual(nomes);
  });

  it('searches by name without accents or case, and by phone digits as typed', async () => {
    expect((await lista(seller, '?busca=jose%20CONCEICAO')).items.map((d) => d.nome)).toEqual(['José Conceição']);
    expect((await lista(seller, '?busca=ant%C3%B4nio')).items.map((d) => d.nome)).toEqual(['Antônio Souza']);
    expect((await lista(seller, `?busca=${encodeURIComponent('(21) 98765')}`)).items.map((d) => d.nome)).toEqual(['Maria Silva']);
    const none = await lista(seller, '?busca=ninguem');
    expect(none.items).toEqual([]);
    expect(none.total).toBe(0);
    // The cards keep counting every debtor whatever is searched.
    expect(none.resumo.totalDevedores).toBe(4);
  });

  it('filters by level and by overdue', async () => {
    expect((await lista(seller, '?nivel=critico')).items.map((d) => d.nome)).toEqual(['Antônio Souza']);
    expect((await lista(seller, '?nivel=medio')).items.map((d) => d.nome)).toEqual(['Maria Silva']);
    expect((await lista(seller, '?nivel=baixo')).items.map((d) => d.nome)).toEqual(['José Conceição', 'Beatriz Lima']);
    expect((await lista(seller, '?nivel=alto')).total).toBe(0);
    expect((await lista(seller, '?situacao=vencidos&ordem=mais_antigo')).items.map((d) => d.diasEmAtraso)).toEqual([40, 10, 3]);
  });

  it('lists those due within the reminder window under a_vencer', async () => {
    // Beatriz is due on 4 April (25 days): outside the default 3 days, inside 30.
    expect((await lista(seller, '?situacao=a_vencer')).items).toEqual([]);
    const save = await put(seller, '/api/cobranca/mensagens', { mensagens: {}, lembreteAntecipado: true, diasAntecedencia: 30 });
    expect(save.statusCode, save.body).toBe(200);
    expect((await lista(seller, '?situacao=a_vencer')).items.map((d) => [d.nome, d.dataVencimento, d.faixa])).toEqual([['Beatriz Lima', '2026-04-04', 'a_vencer']]);
  });

  it('puts a broken promise to pay first in every order, and flags it', async () => {
    const response = await put(seller, `/api/devedores/${ids.Beatriz}/promessa`, { data: '2026-03-12' });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as DevedorDetalhe).promessa).toEqual({ data: '2026-03-12', quebrada: false });
    expect((await lista(seller)).items[0]!.nome).toBe('Antônio Souza');
    clock.set('2026-03-13T09:00:00-03:00');
    for (const ordem of ['maior_divida', 'menor_divida', 'mais_antigo', 'mais_recente']) {
      const first = (await lista(seller, `?ordem=${ordem}`)).items[0]!;
      expect(first.nome).toBe('Beatriz Lima');
      expect(first.promessa).toEqual({ data: '2026-03-12', quebrada: true });
    }
    clock.set(MANHA);
    expect((await put(seller, `/api/devedores/${ids.Beatriz}/promessa`, { data: null })).json().promessa).toBeNull();
  });

  it('pages on the server without repeating or skipping anyone', async () => {
    const big = await createSeller(t);
    for (let i = 0; i < 23; i++) {
      const c = await cliente(big, `Cliente ${String(i).padStart(2, '0')}`);
      await fiado(big, c.id, 1000 + (i % 3) * 100, '2026-02-01T12:00:00-03:00');
    }
    const first = await lista(big, '?pageSize=20&ordem=maior_divida');
    const second = await lista(big, '?pageSize=20&page=2&ordem=maior_divida');
    expect(first.items).toHaveLength(20);
    expect(second.items).toHaveLength(3);
    expect(first.total).toBe(23);
    expect(new Set([...first.items, ...second.items].map((d) => d.id)).size).toBe(23);
    expect((await lista(big, '?page=3')).items).toEqual([]);
  });

  it('reads the default order page by page as one sort of every debtor would: broken promises, then the largest debt, name and id', async () => {
    const loja = await createSeller(t);
    // Ties in amount and in name, promises kept, broken and still ahead, and one who paid a part.
    const plan: Array<[string, number]> = [
      ['Ana', 3000], ['Ana', 3000], ['Bruno', 3000], ['Célia', 5000], ['Davi', 1000], ['Édson', 5000], ['Fábio', 2000],
      ['Gil', 1000], ['Hugo', 4000], ['Íris', 3000], ['João', 2000], ['Lia', 6000], ['Ana', 1000],
    ];
    const criados: Array<{ id: string; nome: string }> = [];
    for (const [nome, total] of plan) {
      const c = await cliente(loja, nome);
      await fiado(loja, c.id, total, '2026-02-20T12:00:00-03:00');
      criados.push({ id: c.id, nome });
    }
    expect((await loja.request({ method: 'POST', url: `/api/clientes/${criados[5]!.id}/pagamentos`, payload: { valor: 2000 } })).statusCode).toBe(201);
    for (const [i, data] of [[1, '2026-03-11'], [4, '2026-03-11'], [9, '2026-03-11'], [11, '2026-03-20']] as const) {
      expect((await put(loja, `/api/devedores/${criados[i]!.id}/promessa`, { data })).statusCode).toBe(200);
    }
    clock.set('2026-03-12T09:00:00-03:00');
    try {
      const lidos: Devedor[] = [];
      for (let page = 1; page <= 4; page++) lidos.push(...(await lista(loja, `?pageSize=4&page=${page}`)).items);
      const esperado = [...lidos].sort(
        (a, b) =>
          Number(b.promessa?.quebrada ?? false) - Number(a.promessa?.quebrada ?? false) ||
          a.saldoAtual - b.saldoAtual ||
          a.nome.localeCompare(b.nome, 'pt-BR', { sensitivity: 'base' }) ||
          (a.id < b.id ? -1 : 1),
      );
      expect(new Set(lidos.map((d) => d.id)).size).toBe(plan.length);
      expect(lidos.map((d) => d.id)).toEqual(esperado.map((d) => d.id));
      // Broken: Davi (R$ 10), Ana (R$ 30) and Íris (R$ 30) — by amount, then name; Lia's promise is ahead.
      expect(lidos.slice(0, 3).map((d) => [d.nome, d.promessa?.quebrada])).toEqual([['Ana', true], ['Íris', true], ['Davi', true]]);
      expect(lidos[3]!.nome).toBe('Lia');
    } finally {
      clock.set(MANHA);
    }
  });
});

describe('reminders', () => {
  let seller: Seller;
  let devedor: { id: string };
  beforeAll(async () => {
    seller = await createSeller(t);
    devedor = await cliente(seller, 'Rita');
    await fiado(seller, devedor.id, 8000, '2026-01-15T12:00:00-03:00'); // due 1 Feb: 37 days
  });
  const lembrar = (id: string, who: Seller = seller) => who.request({ method: 'POST', url: `/api/devedores/${id}/lembretes` });

  it('are stored with the tier of the day and shown on the card', async () => {
    expect(item(await lista(seller), devedor.id)).toMatchObject({ ultimoLembrete: null, lembradoHoje: false });
    const response = await lembrar(devedor.id);
    expect(response.statusCode, response.body).toBe(201);
    const lembrete = response.json() as Lembrete;
    expect(lembrete).toMatchObject({ clienteId: devedor.id, faixa: 'formal', diasAtraso: 37, valor: 8000 });
    const card = item(await lista(seller), devedor.id);
    expect(card.ultimoLembrete).toEqual({ data: lembrete.data, faixa: 'formal' });
    expect(card.lembradoHoje).toBe(true);
  });

  it('are no longer "today" the next day, but stay the last one sent', async () => {
    clock.set('2026-03-11T08:00:00-03:00');
    const card = item(await lista(seller), devedor.id) as Devedor;
    expect(card.lembradoHoje).toBe(false);
    expect(card.ultimoLembrete?.faixa).toBe('formal');
    clock.set(MANHA);
  });

  it('are refused for a customer who owes nothing', async () => {
    const quite = await cliente(seller, 'Sem dívida');
    const response = await lembrar(quite.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CLIENTE_SEM_DIVIDA');
  });
});

describe('a debt paid off', () => {
  it("drops the customer's own due date and promise with it", async () => {
    const seller = await createSeller(t);
    const c = await cliente(seller, 'Paulo');
    await fiado(seller, c.id, 5000, '2026-03-01T12:00:00-03:00');
    expect((await proprio(seller, c.id, '2026-03-20', 'Combinou dia 20')).statusCode).toBe(200);
    expect((await put(seller, `/api/devedores/${c.id}/promessa`, { data: '2026-03-15' })).statusCode).toBe(200);
    expect((await seller.request({ method: 'POST', url: `/api/clientes/${c.id}/pagamentos`, payload: { valor: 2000 } })).statusCode).toBe(201);
    let detalhe = (await seller.request({ method: 'GET', url: `/api/devedores/${c.id}` })).json() as DevedorDetalhe;
    expect(detalhe).toMatchObject({ dataVencimentoPropria: '2026-03-20', promessa: { data: '2026-03-15' }, saldoPendente: 3000 });
    expect((await seller.request({ method: 'POST', url: `/api/clientes/${c.id}/pagamentos`, payload: { valor: 3000 } })).statusCode).toBe(201);
    detalhe = (await seller.request({ method: 'GET', url: `/api/devedores/${c.id}` })).json() as DevedorDetalhe;
    expect(detalhe).toMatchObject({ dataVencimentoPropria: null, promessa: null, saldoPendente: 0, observacoes: 'Combinou dia 20', pendenteDesde: null });
    expect((await lista(seller)).items).toEqual([]);
  });
});

describe('details', () => {
  it('tell who the customer is and what they may still buy', async () => {
    const seller = await createSeller(t);
    const c = await insertCliente(t, seller.id, { nome: 'Lúcia', telefone: '11912345678', email: 'lucia@example.com', endereco: 'Rua A, 1', limiteCredito: 50_000 });
    await fiado(seller, c.id, 12_000, '2026-03-02T12:00:00-03:00');
    const response = await seller.request({ method: 'GET', url: `/api/devedores/${c.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      nome: 'Lúcia',
      email: 'lucia@example.com',
      endereco: 'Rua A, 1',
      limiteCredito: 50_000,
      disponivel: 38_000,
      saldoAtual: -12_000,
      dataVencimento: '2026-04-01',
      diasEmAtraso: 0,
      ativo: true,
      hoje: HOJE,
    });
  });
});

describe('invalid input', () => {
  let seller: Seller;
  let c: { id: string };
  beforeAll(async () => {
    seller = await createSeller(t);
    c = await cliente(seller, 'Teste');
    await fiado(seller, c.id, 1000, '2026-03-01T12:00:00-03:00');
  });

  it.each([
    [{ tipo: 'proximo_mes', diaVencimento: 0 }, 'diaVencimento'],
    [{ tipo: 'proximo_mes', diaVencimento: 29 }, 'diaVencimento'],
    [{ tipo: 'proximo_mes', diaVencimento: '5' }, 'diaVencimento'],
    [{ tipo: 'dias_fixos', diasPrazo: 0 }, 'diasPrazo'],
    [{ tipo: 'dias_fixos', diasPrazo: 366 }, 'diasPrazo'],
    [{ tipo: 'data_fixa', dataFixa: '2026-02-30' }, 'dataFixa'],
    [{ tipo: 'data_fixa', dataFixa: '30/03/2026' }, 'dataFixa'],
    [{ tipo: 'anual' }, 'tipo'],
  ])('refuses the rule %j with 400 on %s', async (body, path) => {
    const response = await regra(seller, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', issues: [expect.objectContaining({ path })] });
    expect(((await seller.request({ method: 'GET', url: '/api/cobranca' })).json() as CobrancaConfig).regra.tipo).toBe('proximo_mes');
  });

  it('refuses impossible due dates and promises outside today … a year ahead', async () => {
    expect((await proprio(seller, c.id, '2026-13-01')).statusCode).toBe(400);
    expect((await proprio(seller, c.id, '2027-02-29')).statusCode).toBe(400);
    for (const data of ['2026-03-09', '2027-03-11', '2026-02-30']) {
      const response = await put(seller, `/api/devedores/${c.id}/promessa`, { data });
      expect(response.statusCode, data).toBe(400);
      expect(response.json().issues[0].path).toBe('data');
    }
    expect((await put(seller, `/api/devedores/${c.id}/promessa`, { data: HOJE })).statusCode).toBe(200);
  });

  it('refuses an agreed due date before the oldest purchase still owed, on the shop calendar, and changes nothing', async () => {
    const maria = await cliente(seller, 'Maria José');
    // 23:30 in São Paulo on 27 February is already 28 February in UTC: the purchase is of the 27th.
    await fiado(seller, maria.id, 4430, '2026-02-27T23:30:00-03:00');
    await fiado(seller, maria.id, 1000, '2026-03-05T10:00:00-03:00');
    const antes = await proprio(seller, maria.id, '2026-02-26', 'Combinado');
    expect(antes.statusCode).toBe(400);
    expect(antes.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'dataVencimento', message: 'vencimentoAntesDaCompra' }] });
    const detalhe = (await seller.request({ method: 'GET', url: `/api/devedores/${maria.id}` })).json() as DevedorDetalhe;
    expect(detalhe).toMatchObject({ dataVencimentoPropria: null, observacoes: null, pendenteDesde: '2026-02-27', compraMaisAntiga: '2026-02-27', diasEmAtraso: 9 });
    // The day of the purchase itself is allowed (and so is any later day, past or not).
    expect((await proprio(seller, maria.id, '2026-02-27')).json()).toMatchObject({ dataVencimentoPropria: '2026-02-27' });
    expect((await proprio(seller, maria.id, '2026-03-02')).json()).toMatchObject({ dataVencimentoPropria: '2026-03-02', diasEmAtraso: 8 });
    // A debt with no purchase behind it (an opening balance) has no such bound.
    const caderno = await cliente(seller, 'Caderno antigo');
    expect((await seller.request({ method: 'POST', url: `/api/clientes/${caderno.id}/ajustes`, payload: { tipo: 'debito', valor: 3000, motivo: 'Caderno antigo' } })).statusCode).toBe(201);
    expect((await proprio(seller, caderno.id, '2026-01-02')).statusCode).toBe(200);
    // Nor does a purchase made after it: the debt began with the notebook's balance (entries are
    // stamped by the database's clock; the sale by the shop's, here far ahead).
    await fiado(seller, caderno.id, 1500, '2099-01-10T10:00:00-03:00');
    const detalheCaderno = (await seller.request({ method: 'GET', url: `/api/devedores/${caderno.id}` })).json() as DevedorDetalhe;
    expect(detalheCaderno.compraMaisAntiga).toBeNull();
    expect((await proprio(seller, caderno.id, '2026-01-03')).statusCode).toBe(200);
  });

  it('refuses a due date or promise for a customer who owes nothing (409) but saves their notes', async () => {
    const quite = await cliente(seller, 'Quite');
    expect((await proprio(seller, quite.id, '2026-03-20')).json().code).toBe('CLIENTE_SEM_DIVIDA');
    expect((await put(seller, `/api/devedores/${quite.id}/promessa`, { data: '2026-03-20' })).statusCode).toBe(409);
    const notes = await proprio(seller, quite.id, null, 'Cliente antigo');
    expect(notes.statusCode).toBe(200);
    expect(notes.json().observacoes).toBe('Cliente antigo');
  });

  it('refuses unknown sorts, levels and pages', async () => {
    for (const q of ['?ordem=nome', '?nivel=altissimo', '?situacao=x', '?page=0', '?pageSize=101', '?busca=a%00']) {
      expect((await seller.request({ method: 'GET', url: `/api/devedores${q}` })).statusCode, q).toBe(400);
    }
  });

  it('answers 404 for an id that is not a customer', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await seller.request({ method: 'GET', url: `/api/devedores/${id}` })).statusCode).toBe(404);
    expect((await seller.request({ method: 'POST', url: `/api/devedores/${id}/lembretes` })).statusCode).toBe(404);
  });
});

describe('messages', () => {
  let seller: Seller;
  beforeAll(async () => {
    seller = await createSeller(t);
  });
  const get = async () => (await seller.request({ method: 'GET', url: '/api/cobranca' })).json() as CobrancaConfig;
  const vazias = { padrao: null, gentil: null, firme: null, formal: null };

  it('start as the defaults of the shop language, with the reminder before the due date off', async () => {
    const config = await get();
    expect(config.mensagens).toEqual(config.padroes);
    expect(config.padroes.gentil).toMatch(/^Olá, \{nome\}!/);
    expect(config).toMatchObject({ lembreteAntecipado: false, diasAntecedencia: 3, idioma: 'pt-BR', hoje: HOJE });
  });

  it("store only what the seller rewrote; 'Restaurar padrão' brings the default back", async () => {
    const defaults = (await get()).padroes;
    const response = await put(seller, '/api/cobranca/mensagens', {
      mensagens: { ...vazias, gentil: 'Oi {nome}, sua conta de {saldo} venceu. {link}', padrao: defaults.padrao },
      lembreteAntecipado: true,
      diasAntecedencia: 5,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as CobrancaConfig).mensagens.gentil).toBe('Oi {nome}, sua conta de {saldo} venceu. {link}');
    const [row] = await withSeller(t.db, seller.id, (tx) => tx.select().from(cobrancaConfig).where(eq(cobrancaConfig.ownerId, seller.id)));
    expect(row!.mensagens).toEqual({ gentil: 'Oi {nome}, sua conta de {saldo} venceu. {link}' });
    expect(await get()).toMatchObject({ lembreteAntecipado: true, diasAntecedencia: 5 });
    await put(seller, '/api/cobranca/mensagens', { mensagens: vazias, lembreteAntecipado: true, diasAntecedencia: 5 });
    expect((await get()).mensagens.gentil).toBe(defaults.gentil);
  });

  it('follow the shop language when not rewritten', async () => {
    await withSeller(t.db, seller.id, (tx) => tx.update(perfis).set({ idioma: 'es-ES' }).where(eq(perfis.ownerId, seller.id)));
    expect((await get()).mensagens.padrao).toMatch(/^Hola, \{nome\}/);
    await withSeller(t.db, seller.id, (tx) => tx.update(perfis).set({ idioma: 'pt-BR' }).where(eq(perfis.ownerId, seller.id)));
  });

  it('refuse unknown placeholders, empty and too long texts, and keep what was saved', async () => {
    for (const [gentil, message] of [
      ['Olá {nomee}', 'placeholderDesconhecido'],
      ['   ', 'required'],
      ['x'.repeat(1001), 'tooLong'],
    ]) {
      const response = await put(seller, '/api/cobranca/mensagens', { mensagens: { ...vazias, gentil } });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual([expect.objectContaining({ path: 'mensagens.gentil', message })]);
    }
    expect((await put(seller, '/api/cobranca/mensagens', { mensagens: vazias, diasAntecedencia: 31 })).statusCode).toBe(400);
    expect((await get()).diasAntecedencia).toBe(5);
  });
});

describe('the {pix} placeholder', () => {
  it("carries the shop's PIX copia e cola for each debtor's pending balance, and nothing without a PIX key", async () => {
    const seller = await createSeller(t);
    const celia = await cliente(seller, 'Célia Prado');
    await fiado(seller, celia.id, 1234, '2026-03-01T09:00:00-03:00');
    const config = async () => (await seller.request({ method: 'GET', url: '/api/cobranca' })).json() as CobrancaConfig;
    const detalhe = async () => (await seller.request({ method: 'GET', url: `/api/devedores/${celia.id}` })).json() as DevedorDetalhe;

    expect(item(await lista(seller), celia.id).pix).toBeNull();
    expect((await detalhe()).pix).toBeNull();
    expect((await config()).pixExemplo).toBeNull();

    const chave = await put(seller, '/api/configuracoes/pix', { chave: '(11) 98765-4321', nomeRecebedor: 'Mercadinho São João', cidade: 'São Paulo' });
    expect(chave.statusCode, chave.body).toBe(200);
    const pix = item(await lista(seller), celia.id).pix;
    expect(pix).toMatch(/^000201/);
    expect(pix).toContain('+5511987654321');
    expect(pix).toContain('540512.34');
    // The same code the customer page's endpoint gives for this customer.
    expect((await seller.request({ method: 'GET', url: `/api/clientes/${celia.id}/pix` })).json()).toEqual({ codigo: pix, valor: 1234 });
    expect((await detalhe()).pix).toBe(pix);
    expect((await config()).pixExemplo).toContain('5406150.00');

    const salvo = await put(seller, '/api/cobranca/mensagens', { mensagens: { padrao: null, gentil: 'Oi {nome}!\nPIX copia e cola:\n{pix}', firme: null, formal: null } });
    expect(salvo.statusCode, salvo.body).toBe(200);

    await put(seller, '/api/configuracoes/pix', { chave: '', nomeRecebedor: '', cidade: '' });
    expect(item(await lista(seller), celia.id).pix).toBeNull();
  });
});

describe('another seller', () => {
  it('sees none of these debtors and cannot touch them by id', async () => {
    const dono = await createSeller(t);
    const c = await cliente(dono, 'Privada');
    await fiado(dono, c.id, 1000, '2026-01-10T12:00:00-03:00');
    const intruso = await createSeller(t);
    const page = await lista(intruso);
    expect(page.items).toEqual([]);
    expect(page.resumo.totalDevedores).toBe(0);
    const attempts = [
      intruso.request({ method: 'GET', url: `/api/devedores/${c.id}` }),
      put(intruso, `/api/devedores/${c.id}/cobranca`, { dataVencimento: '2026-03-20', observacoes: 'x' }),
      put(intruso, `/api/devedores/${c.id}/promessa`, { data: '2026-03-20' }),
      intruso.request({ method: 'POST', url: `/api/devedores/${c.id}/lembretes` }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(404);
    // Their own settings do not change the owner's.
    expect((await regra(intruso, { tipo: 'dias_fixos', diasPrazo: 1 })).statusCode).toBe(200);
    const detalhe = (await dono.request({ method: 'GET', url: `/api/devedores/${c.id}` })).json() as DevedorDetalhe;
    expect(detalhe).toMatchObject({ dataVencimento: '2026-02-01', observacoes: null, promessa: null, ultimoLembrete: null });
  });

  it('needs a session for every endpoint', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, payload] of [
      ['GET', '/api/devedores', undefined],
      ['GET', `/api/devedores/${id}`, undefined],
      ['PUT', `/api/devedores/${id}/cobranca`, { dataVencimento: null }],
      ['PUT', `/api/devedores/${id}/promessa`, { data: null }],
      ['POST', `/api/devedores/${id}/lembretes`, undefined],
      ['GET', '/api/cobranca', undefined],
      ['PUT', '/api/cobranca/regra', { tipo: 'proximo_mes' }],
      ['PUT', '/api/cobranca/mensagens', { mensagens: {} }],
    ] as const) {
      expect((await t.app.inject({ method, url, payload, headers: { origin: 'http://localhost:3000' } })).statusCode, url).toBe(401);
    }
  });
});

describe('customers who became overdue (for the daily job)', () => {
  it('are those whose due date was yesterday, or since the last run', async () => {
    const seller = await createSeller(t);
    const ontem = await cliente(seller, 'Venceu ontem');
    const hoje = await cliente(seller, 'Vence hoje');
    const antes = await cliente(seller, 'Venceu há 3 dias');
    expect((await regra(seller, { tipo: 'dias_fixos', diasPrazo: 10 })).statusCode).toBe(200);
    await fiado(seller, ontem.id, 1000, '2026-02-27T12:00:00-03:00'); // due 9 March
    await fiado(seller, hoje.id, 2000, '2026-02-28T12:00:00-03:00'); // due 10 March
    await fiado(seller, antes.id, 3000, '2026-02-25T12:00:00-03:00'); // due 7 March
    const run = (desde?: string) => withSeller(t.db, seller.id, (tx) => clientesQueVenceram(tx, seller.id, HOJE, desde));
    expect(await run()).toEqual([{ id: ontem.id, nome: 'Venceu ontem', saldoPendente: 1000, dataVencimento: '2026-03-09' }]);
    expect((await run('2026-03-07')).map((c) => c.nome)).toEqual(['Venceu há 3 dias', 'Venceu ontem']);
  });
});

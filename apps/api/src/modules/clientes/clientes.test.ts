import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { clientes, lancamentos, vendas } from '../../db/schema';
import { loginSuffixSource } from './login';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

async function novoCliente(seller: SellerSession, body: Record<string, unknown> = {}) {
  const response = await seller.request({
    method: 'POST',
    url: '/api/clientes',
    payload: { nome: 'Maria Silva', telefone: '(11) 98765-4321', ...body },
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

const list = async (seller: SellerSession, query = '') => {
  const response = await seller.request({ method: 'GET', url: `/api/clientes${query}` });
  expect(response.statusCode).toBe(200);
  return response.json();
};

const rowOf = async (id: string) => (await t.db.select().from(clientes).where(eq(clientes.id, id)))[0];
const setSaldo = (id: string, saldoAtual: number) => t.db.update(clientes).set({ saldoAtual }).where(eq(clientes.id, id));
const issuesOf = (body: { issues?: { path: string; message: string }[] }) =>
  Object.fromEntries((body.issues ?? []).map((i) => [i.path, i.message]));

describe('creating and editing customers', () => {
  it('stores the phone as digits, gives a login and defaults the limit to R$ 1.000,00', async () => {
    const seller = await createSeller(t);
    const cliente = await novoCliente(seller, { nome: '  José  da Silva ', telefone: '+55 (11) 98765-4321', email: '', endereco: '' });
    expect(cliente).toMatchObject({
      nome: 'José  da Silva',
      telefone: '11987654321',
      email: null,
      endereco: null,
      limiteCredito: 100000,
      ativo: true,
      saldoAtual: 0,
      saldoPendente: 0,
      dataVencimento: null,
      observacoes: null,
    });
    expect(cliente.login).toMatch(/^jose\d{5}$/);
    expect(new Date(cliente.createdAt).toString()).not.toBe('Invalid Date');
    const row = await rowOf(cliente.id);
    expect(row).toMatchObject({ ownerId: seller.id, nomeBusca: 'jose da silva', telefone: '11987654321' });
  });

  it('refuses missing name and phone, a bad phone, a bad e-mail and a negative limit with message keys', async () => {
    const seller = await createSeller(t);
    const missing = await seller.request({ method: 'POST', url: '/api/clientes', payload: { nome: '  ', telefone: '' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION');
    expect(issuesOf(missing.json())).toMatchObject({ nome: 'required', telefone: 'required' });

    const bad = await seller.request({
      method: 'POST',
      url: '/api/clientes',
      payload: { nome: 'Ana', telefone: '12345', email: 'ana@', limiteCredito: -100 },
    });
    expect(bad.statusCode).toBe(400);
    expect(issuesOf(bad.json())).toEqual({ telefone: 'telefoneInvalido', email: 'email', limiteCredito: 'limiteInvalido' });

    const fraction = await seller.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Ana', telefone: '1133334444', limiteCredito: 10.5 } });
    expect(issuesOf(fraction.json())).toEqual({ limiteCredito: 'limiteInvalido' });
    expect((await list(seller)).total).toBe(0);
  });

  it('edits the fields, keeping the login, and searches by the new name', async () => {
    const seller = await createSeller(t);
    const cliente = await novoCliente(seller, { email: 'maria@example.com', endereco: 'Rua A, 1' });
    const response = await seller.request({
      method: 'PUT',
      url: `/api/clientes/${cliente.id}`,
      payload: { nome: 'Márcia Souza', telefone: '21 3333-4444', email: null, endereco: 'Rua B, 2', limiteCredito: 50000 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: cliente.id,
      nome: 'Márcia Souza',
      telefone: '2133334444',
      email: null,
      endereco: 'Rua B, 2',
      limiteCredito: 50000,
      login: cliente.login,
    });
    expect((await list(seller, '?busca=marcia')).items.map((c: { id: string }) => c.id)).toEqual([cliente.id]);
    const again = await seller.request({ method: 'GET', url: `/api/clientes/${cliente.id}` });
    expect(again.json().nome).toBe('Márcia Souza');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const seller = await createSeller(t);
    const unknown = await seller.request({ method: 'GET', url: `/api/clientes/${MISSING_ID}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    for (const [method, url] of [
      ['GET', '/api/clientes/abc'],
      ['DELETE', '/api/clientes/1'],
      ['POST', '/api/clientes/xyz/desativar'],
      ['POST', "/api/clientes/'%20or%201=1/regenerar-login"],
    ] as const) {
      const response = await seller.request({ method, url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
    const put = await seller.request({ method: 'PUT', url: `/api/clientes/${MISSING_ID}`, payload: { nome: 'X', telefone: '1133334444' } });
    expect(put.statusCode).toBe(404);
  });

  it('requires a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/clientes' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('listing, searching and the cards', () => {
  it('finds by name ignoring case and accents, and by phone digits', async () => {
    const seller = await createSeller(t);
    const jose = await novoCliente(seller, { nome: 'José Antônio', telefone: '(11) 98765-4321' });
    const joao = await novoCliente(seller, { nome: 'JOÃO PEDRO', telefone: '(21) 3333-4444' });
    await novoCliente(seller, { nome: 'Ana Lúcia', telefone: '(31) 99999-0000' });

    const ids = async (busca: string) => (await list(seller, `?busca=${encodeURIComponent(busca)}`)).items.map((c: { id: string }) => c.id);
    expect(await ids('jose')).toEqual([jose.id]);
    expect(await ids('JOSÉ')).toEqual([jose.id]);
    expect(await ids('antonio')).toEqual([jose.id]);
    expect(await ids('joão')).toEqual([joao.id]);
    expect(await ids('pedr')).toEqual([joao.id]);
    expect(await ids('98765')).toEqual([jose.id]);
    expect(await ids('(21) 3333')).toEqual([joao.id]);
    expect(await ids('3333-4444')).toEqual([joao.id]);
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
    expect(await ids('zzz')).toEqual([]);
    expect(await ids('   ')).toHaveLength(3);
  });

  it('orders by name, pages, and counts the cards over the status filter but not the search', async () => {
    const seller = await createSeller(t);
    const nomes = ['Carla', 'álvaro', 'Bruno', 'Eduarda', 'Daniel'];
    const criados: Record<string, { id: string }> = {};
    for (const nome of nomes) criados[nome] = await novoCliente(seller, { nome });
    await setSaldo(criados.Carla!.id, -2500);
    await setSaldo(criados.Bruno!.id, -100);
    await setSaldo(criados.Daniel!.id, 300);
    await seller.request({ method: 'POST', url: `/api/clientes/${criados.Eduarda!.id}/desativar` });

    const first = await list(seller, '?pageSize=2');
    expect(first).toMatchObject({ total: 4, page: 1, pageSize: 2, resumo: { total: 4, ativos: 2, comPendencias: 2 } });
    expect(first.items.map((c: { nome: string }) => c.nome)).toEqual(['álvaro', 'Bruno']);
    const second = await list(seller, '?pageSize=2&page=2');
    expect(second.items.map((c: { nome: string }) => c.nome)).toEqual(['Carla', 'Daniel']);
    expect(second.items[0]).toMatchObject({ saldoAtual: -2500, saldoPendente: 2500 });
    expect(second.items[1]).toMatchObject({ saldoAtual: 300, saldoPendente: 0 });
    expect((await list(seller, '?pageSize=2&page=3')).items).toEqual([]);

    const searched = await list(seller, '?busca=carla');
    expect(searched.total).toBe(1);
    expect(searched.resumo).toEqual({ total: 4, ativos: 2, comPendencias: 2 });

    const inativos = await list(seller, '?status=inativos');
    expect(inativos.items.map((c: { nome: string }) => c.nome)).toEqual(['Eduarda']);
    expect(inativos.resumo).toEqual({ total: 1, ativos: 1, comPendencias: 0 });
    expect((await list(seller, '?status=todos')).resumo).toEqual({ total: 5, ativos: 3, comPendencias: 2 });
  });

  it('pages a search in name order, counting every match of the status filter, even past the last page', async () => {
    const seller = await createSeller(t);
    const nomes = ['Maria Eduarda', 'Ana Maria', 'Mariana', 'Rosemary', 'Marina', 'maria joana'];
    const criados: Record<string, { id: string }> = {};
    for (const nome of nomes) criados[nome] = await novoCliente(seller, { nome });
    await seller.request({ method: 'POST', url: `/api/clientes/${criados.Mariana!.id}/desativar` });
    const nomesDe = (page: { items: { nome: string }[] }) => page.items.map((c) => c.nome);

    const first = await list(seller, '?busca=maria&pageSize=2');
    expect(first).toMatchObject({ total: 3, page: 1 });
    expect(nomesDe(first)).toEqual(['Ana Maria', 'Maria Eduarda']);
    const second = await list(seller, '?busca=maria&pageSize=2&page=2');
    expect(second).toMatchObject({ total: 3, page: 2 });
    expect(nomesDe(second)).toEqual(['maria joana']);
    expect(await list(seller, '?busca=maria&pageSize=2&page=5')).toMatchObject({ items: [], total: 3 });
    expect(nomesDe(await list(seller, '?busca=maria&status=todos'))).toEqual(['Ana Maria', 'Maria Eduarda', 'maria joana', 'Mariana']);
    expect(nomesDe(await list(seller, '?busca=maria&status=inativos'))).toEqual(['Mariana']);
    expect((await list(seller, '?busca=mari&status=todos')).total).toBe(5);
  });

  it('refuses bad list parameters with 400', async () => {
    const seller = await createSeller(t);
    for (const query of ['?status=todas', '?page=0', '?pageSize=1000', `?busca=${'x'.repeat(101)}`]) {
      const response = await seller.request({ method: 'GET', url: `/api/clientes${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION');
    }
  });

  it('assigns a login to customers lacking one when the list loads and when one is read', async () => {
    const seller = await createSeller(t);
    const [semLogin, outro] = await t.db
      .insert(clientes)
      .values([
        { ownerId: seller.id, nome: 'Zélia Antiga', nomeBusca: 'zelia antiga', telefone: '1133334444' },
        { ownerId: seller.id, nome: '!!!', nomeBusca: '!!!', telefone: '1133334445' },
      ])
      .returning();
    expect(semLogin!.login).toBeNull();
    const page = await list(seller);
    const logins = Object.fromEntries(page.items.map((c: { id: string; login: string }) => [c.id, c.login]));
    expect(logins[semLogin!.id]).toMatch(/^zelia\d{5}$/);
    expect(logins[outro!.id]).toMatch(/^cliente\d{5}$/);
    expect((await rowOf(semLogin!.id))!.login).toBe(logins[semLogin!.id]);

    const [inativo] = await t.db
      .insert(clientes)
      .values({ ownerId: seller.id, nome: 'Rui', nomeBusca: 'rui', telefone: '1133334446', ativo: false })
      .returning();
    const read = await seller.request({ method: 'GET', url: `/api/clientes/${inativo!.id}` });
    expect(read.json().login).toMatch(/^rui\d{5}$/);
  });
});

describe('login handles', () => {
  it('are unique across sellers: a collision with another shop is retried', async () => {
    const other = await createSeller(t);
    const seller = await createSeller(t);
    vi.spyOn(loginSuffixSource, 'next').mockReturnValueOnce(12345);
    const taken = await novoCliente(other, { nome: 'Ana Paula' });
    expect(taken.login).toBe('ana12345');

    vi.spyOn(loginSuffixSource, 'next').mockReturnValueOnce(12345).mockReturnValueOnce(12345).mockReturnValueOnce(54321);
    const mine = await novoCliente(seller, { nome: 'Ana Maria' });
    expect(mine.login).toBe('ana54321');
    // The failed attempts rolled back only their savepoint: exactly one customer was created.
    expect((await list(seller)).total).toBe(1);
    expect((await rowOf(taken.id))!.login).toBe('ana12345');
  });

  it('gives up after repeated collisions with a clear error and creates nothing', async () => {
    const other = await createSeller(t);
    const seller = await createSeller(t);
    vi.spyOn(loginSuffixSource, 'next').mockReturnValue(11111);
    await novoCliente(other, { nome: 'Bia' });
    const response = await seller.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Bia Souza', telefone: '1133334444' } });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('LOGIN_INDISPONIVEL');
    expect((await list(seller)).total).toBe(0);
  });

  it('can be regenerated: the new one differs, the old one no longer matches anyone', async () => {
    const seller = await createSeller(t);
    const other = await createSeller(t);
    vi.spyOn(loginSuffixSource, 'next').mockReturnValueOnce(22222);
    const cliente = await novoCliente(seller, { nome: 'Carlos' });
    expect(cliente.login).toBe('carlos22222');
    vi.spyOn(loginSuffixSource, 'next').mockReturnValueOnce(33333);
    await novoCliente(other, { nome: 'Carlos' });

    // The same suffix again is skipped, another shop's login is retried, the third is free.
    vi.spyOn(loginSuffixSource, 'next').mockReturnValueOnce(22222).mockReturnValueOnce(33333).mockReturnValueOnce(44444);
    const response = await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/regenerar-login` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: cliente.id, login: 'carlos44444' });
    expect(await t.db.select().from(clientes).where(eq(clientes.login, 'carlos22222'))).toEqual([]);
    expect((await rowOf(cliente.id))!.login).toBe('carlos44444');
  });
});

describe('deactivating and deleting', () => {
  it('hides a deactivated customer from the default list and brings it back on reactivation', async () => {
    const seller = await createSeller(t);
    const cliente = await novoCliente(seller);
    const off = await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/desativar` });
    expect(off.statusCode).toBe(200);
    expect(off.json().ativo).toBe(false);
    expect((await list(seller)).total).toBe(0);
    expect((await list(seller, '?status=inativos')).items[0].id).toBe(cliente.id);
    const on = await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/reativar` });
    expect(on.json().ativo).toBe(true);
    expect((await list(seller)).total).toBe(1);
  });

  it('deletes a customer without sales for good', async () => {
    const seller = await createSeller(t);
    const cliente = await novoCliente(seller);
    const response = await seller.request({ method: 'DELETE', url: `/api/clientes/${cliente.id}` });
    expect(response.statusCode).toBe(204);
    expect(await rowOf(cliente.id)).toBeUndefined();
    const again = await seller.request({ method: 'DELETE', url: `/api/clientes/${cliente.id}` });
    expect(again.statusCode).toBe(404);
  });

  it('refuses to delete a customer with a sale or a ledger entry, with the spec message', async () => {
    const seller = await createSeller(t);
    const comVenda = await novoCliente(seller, { nome: 'Com Venda' });
    const comLancamento = await novoCliente(seller, { nome: 'Com Lançamento' });
    await t.db.insert(vendas).values({
      ownerId: seller.id,
      numeroVenda: 'V1',
      clienteId: comVenda.id,
      valorTotal: 1000,
      formaPagamento: 'vista',
      statusPagamento: 'pago',
    });
    await t.db.insert(lancamentos).values({ ownerId: seller.id, clienteId: comLancamento.id, tipo: 'ajuste', valor: 500 });
    for (const cliente of [comVenda, comLancamento]) {
      const response = await seller.request({ method: 'DELETE', url: `/api/clientes/${cliente.id}` });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'CLIENTE_TEM_VENDAS',
        message: 'Não é possível deletar cliente que possui vendas registradas. Desative o cliente em vez de deletá-lo.',
      });
      expect(await rowOf(cliente.id)).toBeDefined();
    }
  });
});

describe('another seller', () => {
  it('cannot see, change, delete, deactivate, reactivate or regenerate the first seller\'s customers', async () => {
    const owner = await createSeller(t);
    const intruder = await createSeller(t);
    const cliente = await novoCliente(owner, { nome: 'Cliente Alheio', email: 'alheio@example.com' });
    await t.db.insert(clientes).values({ ownerId: owner.id, nome: 'Inativo', nomeBusca: 'inativo', telefone: '1133334444', ativo: false });
    const before = await rowOf(cliente.id);

    const attempts = [
      { method: 'GET', url: `/api/clientes/${cliente.id}` },
      { method: 'PUT', url: `/api/clientes/${cliente.id}`, payload: { nome: 'Roubado', telefone: '1199999999', limiteCredito: 0 } },
      { method: 'DELETE', url: `/api/clientes/${cliente.id}` },
      { method: 'POST', url: `/api/clientes/${cliente.id}/desativar` },
      { method: 'POST', url: `/api/clientes/${cliente.id}/reativar` },
      { method: 'POST', url: `/api/clientes/${cliente.id}/regenerar-login` },
    ] as const;
    for (const attempt of attempts) {
      const response = await intruder.request(attempt);
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    expect(await rowOf(cliente.id)).toEqual(before);

    for (const status of ['ativos', 'inativos', 'todos']) {
      const page = await list(intruder, `?status=${status}&busca=`);
      expect(page).toMatchObject({ items: [], total: 0, resumo: { total: 0, ativos: 0, comPendencias: 0 } });
    }
    expect((await list(intruder, `?busca=${cliente.login}`)).total).toBe(0);
    expect((await list(owner, '?status=todos')).total).toBe(2);
    // A search finds the intruder's own customers only, whatever the other shop has by that name or phone.
    const proprio = await novoCliente(intruder, { nome: 'Cliente Próprio', telefone: '(11) 98765-4321' });
    for (const busca of ['cliente', '98765', 'alheio', 'inativo']) {
      for (const status of ['ativos', 'inativos', 'todos']) {
        const page = await list(intruder, `?status=${status}&busca=${busca}`);
        expect(page.items.every((c: { id: string }) => c.id === proprio.id), `${busca} ${status}`).toBe(true);
        expect(page.total).toBe(page.items.length);
      }
    }
    expect((await list(owner, '?busca=cliente&status=todos')).items.map((c: { id: string }) => c.id)).toEqual([cliente.id]);
  });
});

describe('"Novo Cliente" sent again', () => {
  const ID = '5b0e7a52-4f1c-4c8e-9d0a-2f6c1e8b7a31';

  it('answers the customer the first request created when the same id comes again, alone or at once, and creates one', async () => {
    const seller = await createSeller(t);
    const first = await novoCliente(seller, { id: ID, nome: 'Maria Souza' });
    expect(first).toMatchObject({ id: ID, nome: 'Maria Souza' });
    const again = await novoCliente(seller, { id: ID, nome: 'Maria Souza' });
    expect(again).toEqual(first);

    const outroId = '7c1d9e44-0a2b-4e5f-8a6b-3d4c5e6f7a8b';
    const atOnce = await Promise.all([1, 2, 3].map(() => novoCliente(seller, { id: outroId, nome: 'João Lima' })));
    expect(new Set(atOnce.map((c) => c.login)).size).toBe(1);
    const { items } = await list(seller);
    expect(items.map((c: { nome: string }) => c.nome).sort()).toEqual(['João Lima', 'Maria Souza']);
  });

  it("never answers another seller's customer: the same id makes that seller's own", async () => {
    const seller = await createSeller(t);
    const mine = await novoCliente(seller, { id: ID, nome: 'Maria Souza', telefone: '11987654321' });
    const outro = await createSeller(t);
    const theirs = await novoCliente(outro, { id: ID, nome: 'Pedro Alves', telefone: '21912345678' });
    expect(theirs).toMatchObject({ nome: 'Pedro Alves', telefone: '21912345678' });
    expect(theirs.login).not.toBe(mine.login);
    expect((await list(outro)).items.map((c: { nome: string }) => c.nome)).toEqual(['Pedro Alves']);
    expect((await list(seller)).items).toEqual([expect.objectContaining({ id: ID, nome: 'Maria Souza', login: mine.login })]);
  });

  it('refuses an id that is not a UUID on the field', async () => {
    const seller = await createSeller(t);
    const response = await seller.request({ method: 'POST', url: '/api/clientes', payload: { id: 'cliente-1', nome: 'Ana', telefone: '11987654321' } });
    expect(response.statusCode).toBe(400);
    expect(issuesOf(response.json())).toHaveProperty('id');
  });
});

describe('customers like the one being registered (GET /api/clientes/semelhantes)', () => {
  const semelhantes = async (seller: SellerSession, nome: string, telefone: string) => {
    const response = await seller.request({ method: 'GET', url: `/api/clientes/semelhantes?${new URLSearchParams({ nome, telefone })}` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { items: Array<{ id: string; nome: string; login: string; motivos: string[] }> }).items;
  };

  it('finds the same phone however it is typed, and a near-identical name, the phone first', async () => {
    const seller = await createSeller(t);
    const maria = await novoCliente(seller, { nome: 'Maria José da Silva', telefone: '(11) 98765-4321' });
    const xara = await novoCliente(seller, { nome: 'MARIA JOSÉ SILVA', telefone: '(21) 99876-5432' });
    await novoCliente(seller, { nome: 'Maria Josefa da Silva', telefone: '(31) 91234-5678' });
    await novoCliente(seller, { nome: 'José da Silva', telefone: '(41) 3333-4444' });

    const items = await semelhantes(seller, 'Maria José da Silva', '+55 11 98765-4321');
    expect(items.map((c) => [c.nome, c.motivos])).toEqual([
      ['Maria José da Silva', ['telefone', 'nome']],
      ['MARIA JOSÉ SILVA', ['nome']],
    ]);
    expect(items[0]).toMatchObject({ id: maria.id, login: maria.login });
    // Punctuation, accents, case, spacing and "da/de/dos" make no other person.
    expect((await semelhantes(seller, '  maria-josé   Silva.', '')).map((c) => c.id)).toEqual([maria.id, xara.id]);
    // Another name on the same phone is found by the phone alone.
    expect((await semelhantes(seller, 'Zeca', '11987654321')).map((c) => [c.id, c.motivos])).toEqual([[maria.id, ['telefone']]]);
    // Names that only contain the words are other people; a different phone is someone else.
    expect(await semelhantes(seller, 'Maria Jos da Silva', '11912345678')).toEqual([]);
    expect(await semelhantes(seller, '', '')).toEqual([]);
  });

  it('includes a deactivated customer (the owner may bring them back instead)', async () => {
    const seller = await createSeller(t);
    const antiga = await novoCliente(seller, { nome: 'Dona Cida', telefone: '11955554444' });
    expect((await seller.request({ method: 'POST', url: `/api/clientes/${antiga.id}/desativar` })).statusCode).toBe(200);
    expect(await semelhantes(seller, 'Aparecida', '(11) 95555-4444')).toEqual([expect.objectContaining({ id: antiga.id, ativo: false, motivos: ['telefone'] })]);
  });

  it("never shows another seller's customers, whatever is asked", async () => {
    const dono = await createSeller(t);
    await novoCliente(dono, { nome: 'Maria José da Silva', telefone: '11987654321' });
    const outro = await createSeller(t);
    expect(await semelhantes(outro, 'Maria José da Silva', '11987654321')).toEqual([]);
    expect(await semelhantes(outro, 'Maria', '')).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/clientes/semelhantes?nome=Maria&telefone=11987654321' })).statusCode).toBe(401);
  });

  it('refuses a name or phone longer than a form allows', async () => {
    const seller = await createSeller(t);
    const response = await seller.request({ method: 'GET', url: `/api/clientes/semelhantes?nome=${'a'.repeat(121)}&telefone=1` });
    expect(response.statusCode).toBe(400);
    expect(issuesOf(response.json())).toEqual({ nome: 'tooLong' });
  });
});

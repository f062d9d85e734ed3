import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Configuracoes, Me } from '@caderneta/shared';
import { buildTestApp, cookieFrom, createSeller, TEST_ORIGIN, type SellerSession, type TestApp } from '../../../test/app';
import { insertProduto } from '../../../test/fixtures';
import { eq } from 'drizzle-orm';
import { withSeller } from '../../db/client';
import { perfis } from '../../db/schema';

let t: TestApp;
let seller: SellerSession;
let other: SellerSession;

beforeAll(async () => {
  t = await buildTestApp();
  seller = await createSeller(t);
  other = await createSeller(t);
});
afterAll(() => t.close());

const get = async (s: SellerSession): Promise<Configuracoes> => (await s.request({ method: 'GET', url: '/api/configuracoes' })).json();
const put = (s: SellerSession, tab: string, payload: Record<string, unknown>) => s.request({ method: 'PUT', url: `/api/configuracoes/${tab}`, payload });
const loja = { nomeLoja: 'Mercadinho Central', telefoneLoja: '(11) 3333-4444', enderecoLoja: 'Rua A, 1', documento: '', fusoHorario: 'America/Sao_Paulo' };
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('GET /api/configuracoes', () => {
  it('starts from the sign-up and the spec’s defaults', async () => {
    const config = await get(seller);
    expect(config).toEqual({
      perfil: { nome: expect.stringMatching(/^Vendedor \d+$/), email: seller.email, avatar: null, telefone: null },
      loja: {
        nomeLoja: expect.stringMatching(/^Loja \d+$/),
        telefoneLoja: null,
        enderecoLoja: null,
        documento: null,
        fusoHorario: 'America/Sao_Paulo',
        etiquetaBalanca: { digitosCodigo: 4, valor: 'preco' },
      },
      notificacoes: { venda: true, pagamento: true, estoque_baixo: true, devedor: false },
      sistema: { moeda: 'BRL', idioma: 'pt-BR', backupAutomatico: false },
    });
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/configuracoes' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/configuracoes/loja', headers: { origin: TEST_ORIGIN }, payload: loja })).statusCode).toBe(401);
  });
});

describe('Loja', () => {
  it('saves the shop, keeping phone and CPF/CNPJ as digits', async () => {
    const response = await put(seller, 'loja', { ...loja, documento: '529.982.247-25', fusoHorario: 'America/Manaus' });
    expect(response.statusCode).toBe(200);
    expect((response.json() as Configuracoes).loja).toEqual({
      nomeLoja: 'Mercadinho Central',
      telefoneLoja: '1133334444',
      enderecoLoja: 'Rua A, 1',
      documento: '52998224725',
      fusoHorario: 'America/Manaus',
      // A form of before the scale labels sends none: the shop's format stays (here the default).
      etiquetaBalanca: { digitosCodigo: 4, valor: 'preco' },
    });
    expect((await put(seller, 'loja', { ...loja, documento: '11.222.333/0001-81' })).json().loja.documento).toBe('11222333000181');
    const me = (await seller.request({ method: 'GET', url: '/api/me' })).json() as Me;
    expect(me.perfil.nomeLoja).toBe('Mercadinho Central');
  });

  it.each([
    ['documento', { documento: '529.982.247-24' }, 'documentoInvalido'],
    ['documento', { documento: '111.111.111-11' }, 'documentoInvalido'],
    ['documento', { documento: '11.222.333/0001-80' }, 'documentoInvalido'],
    ['telefoneLoja', { telefoneLoja: '123' }, 'telefoneInvalido'],
    ['fusoHorario', { fusoHorario: 'Asia/Kolkata' }, 'fusoInvalido'],
    ['nomeLoja', { nomeLoja: '  ' }, 'required'],
    ['etiquetaBalanca.digitosCodigo', { etiquetaBalanca: { digitosCodigo: 7, valor: 'preco' } }, 'formatoEtiquetaInvalido'],
    ['etiquetaBalanca.valor', { etiquetaBalanca: { digitosCodigo: 5, valor: 'unidades' } }, 'formatoEtiquetaInvalido'],
  ])('refuses a bad %s, saving nothing', async (path, change, message) => {
    const before = await get(seller);
    const response = await put(seller, 'loja', { ...loja, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path, message }] });
    expect(await get(seller)).toEqual(before);
  });
});

describe('Etiqueta da balança (issue 35, part 5)', () => {
  it('is saved with the shop, reaches the counter through /api/me, and is only this shop’s', async () => {
    const response = await put(seller, 'loja', { ...loja, etiquetaBalanca: { digitosCodigo: 5, valor: 'peso' } });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Configuracoes).loja.etiquetaBalanca).toEqual({ digitosCodigo: 5, valor: 'peso' });
    const me = (await seller.request({ method: 'GET', url: '/api/me' })).json() as Me;
    expect(me.perfil.etiquetaBalanca).toEqual({ digitosCodigo: 5, valor: 'peso' });
    // Another shop keeps its own (the default).
    expect((await get(other)).loja.etiquetaBalanca).toEqual({ digitosCodigo: 4, valor: 'preco' });
    const outro = (await other.request({ method: 'GET', url: '/api/me' })).json() as Me;
    expect(outro.perfil.etiquetaBalanca).toEqual({ digitosCodigo: 4, valor: 'preco' });
    // A tab running the app from before the setting saves the shop without it: the format stays.
    expect((await put(seller, 'loja', loja)).json().loja.etiquetaBalanca).toEqual({ digitosCodigo: 5, valor: 'peso' });
    await put(seller, 'loja', { ...loja, etiquetaBalanca: { digitosCodigo: 4, valor: 'preco' } });
  });
});

describe('Perfil', () => {
  it('saves the name (the header greets with it) and the photo, and removes the photo', async () => {
    const saved = await put(seller, 'perfil', { nome: 'Rita Souza', avatar: PNG });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as Configuracoes).perfil).toEqual({ nome: 'Rita Souza', email: seller.email, avatar: PNG, telefone: null });
    const me = (await seller.request({ method: 'GET', url: '/api/me' })).json() as Me;
    expect(me.user).toMatchObject({ nome: 'Rita Souza', avatar: PNG });
    expect((await put(seller, 'perfil', { nome: 'Rita Souza', avatar: null })).json().perfil.avatar).toBeNull();
  });

  it.each([
    ['an SVG (could carry script)', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
    ['a link instead of an image', 'https://example.com/foto.png'],
    ['an oversized image', `data:image/png;base64,${'A'.repeat(100_001)}`],
  ])('refuses %s as photo', async (_, avatar) => {
    const response = await put(seller, 'perfil', { nome: 'Rita', avatar });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0].path).toBe('avatar');
  });

  it('saves the seller’s own phone as digits, apart from the shop’s, and clears it when left blank', async () => {
    const saved = await put(seller, 'perfil', { nome: 'Rita Souza', avatar: null, telefone: '+55 (21) 98765-4321' });
    expect(saved.statusCode).toBe(200);
    expect((saved.json() as Configuracoes).perfil.telefone).toBe('21987654321');
    const config = await get(seller);
    expect(config.perfil.telefone).toBe('21987654321');
    expect(config.loja.telefoneLoja).not.toBe('21987654321');
    // Saving the shop leaves the seller's phone alone, and the other way round.
    await put(seller, 'loja', { ...loja, telefoneLoja: '(11) 3333-5555' });
    expect((await get(seller)).perfil.telefone).toBe('21987654321');
    // A save without the field (a tab still running the app from before it) leaves the phone alone.
    expect((await put(seller, 'perfil', { nome: 'Rita Souza', avatar: null })).json().perfil.telefone).toBe('21987654321');
    expect((await put(seller, 'perfil', { nome: 'Rita Souza', avatar: null, telefone: '' })).json().perfil.telefone).toBeNull();
    expect((await get(seller)).loja.telefoneLoja).toBe('1133335555');
  });

  it.each([
    ['too few digits', '1234', 'telefoneInvalido'],
    ['a landline one digit short', '(11) 3333-444', 'telefoneInvalido'],
    ['a mobile without the 9', '(11) 88765-43210', 'telefoneInvalido'],
    ['longer than a phone is typed', `11${' '.repeat(30)}98765-4321`, 'telefoneInvalido'],
    ['a number instead of text', 11987654321, 'expected string, received number'],
  ])('refuses %s as the seller’s phone, saving nothing', async (_, telefone, message) => {
    await put(seller, 'perfil', { nome: 'Rita Souza', avatar: null, telefone: '11 3333-4444' });
    const before = await get(seller);
    const response = await put(seller, 'perfil', { nome: 'Outro Nome', avatar: null, telefone });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ code: 'VALIDATION', message: expect.any(String), issues: [{ path: 'telefone' }] });
    expect(body.issues[0].message).toContain(message);
    expect(await get(seller)).toEqual(before);
  });

  it('another seller can neither read nor change the seller’s phone', async () => {
    await put(seller, 'perfil', { nome: 'Rita Souza', avatar: null, telefone: '(11) 98765-4321' });
    expect((await get(other)).perfil.telefone).toBeNull();
    // The seller is taken from the session: ids in the body change nothing.
    const tentativa = await put(other, 'perfil', { nome: 'Intrusa', avatar: null, telefone: '(31) 99999-0000', ownerId: seller.id, id: seller.id });
    expect(tentativa.statusCode).toBe(200);
    expect((tentativa.json() as Configuracoes).perfil.telefone).toBe('31999990000');
    expect((await get(seller)).perfil).toMatchObject({ nome: 'Rita Souza', telefone: '11987654321' });
    // Nor through the database: under the owner policy another seller sees no row of it.
    const visto = await withSeller(t.db, other.id, (tx) => tx.select({ telefone: perfis.telefone }).from(perfis).where(eq(perfis.ownerId, seller.id)));
    expect(visto).toEqual([]);
  });

  it('the e-mail cannot be changed here', async () => {
    const response = await put(seller, 'perfil', { nome: 'Rita', avatar: null, email: 'outra@example.com' });
    expect(response.statusCode).toBe(200);
    expect((await get(seller)).perfil.email).toBe(seller.email);
  });
});

describe('Notificações and Sistema', () => {
  it('the switches decide which notifications are raised', async () => {
    const saved = await put(seller, 'notificacoes', { venda: false, pagamento: true, estoque_baixo: true, devedor: true });
    expect(saved.json().notificacoes).toEqual({ venda: false, pagamento: true, estoque_baixo: true, devedor: true });
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 100 });
    await seller.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }] } });
    const list = (await seller.request({ method: 'GET', url: '/api/notificacoes' })).json();
    expect(list.items.filter((n: { tipo: string }) => n.tipo === 'venda')).toEqual([]);
    expect((await put(seller, 'notificacoes', { venda: true, pagamento: true, estoque_baixo: true })).statusCode).toBe(400);
  });

  it('currency, language and automatic backup; /api/me follows', async () => {
    const saved = await put(seller, 'sistema', { moeda: 'EUR', idioma: 'es-ES', backupAutomatico: true });
    expect(saved.json().sistema).toEqual({ moeda: 'EUR', idioma: 'es-ES', backupAutomatico: true });
    const me = (await seller.request({ method: 'GET', url: '/api/me' })).json() as Me;
    expect(me.perfil).toMatchObject({ moeda: 'EUR', idioma: 'es-ES' });
    expect((await put(seller, 'sistema', { moeda: 'JPY', idioma: 'es-ES', backupAutomatico: true })).statusCode).toBe(400);
  });

  it('another seller’s settings never change', async () => {
    const before = await get(other);
    await put(seller, 'loja', { ...loja, nomeLoja: 'Só minha' });
    await put(seller, 'sistema', { moeda: 'USD', idioma: 'en-US', backupAutomatico: false });
    expect(await get(other)).toEqual(before);
  });
});

describe('change password (Perfil)', () => {
  async function signIn(email: string, password: string) {
    return t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: TEST_ORIGIN }, payload: { email, password } });
  }
  const change = (cookie: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: { origin: TEST_ORIGIN, cookie }, payload });
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

  it('with the right current password: the new one signs in, the old does not, and every other session is signed out', async () => {
    const s = await createSeller(t);
    const phone = cookieFrom(await signIn(s.email, 'segredo123'));
    expect((await me(phone)).statusCode).toBe(200);

    // Asking to keep the other sessions makes no difference.
    const response = await change(s.cookie, { currentPassword: 'segredo123', newPassword: 'novaSenha456', revokeOtherSessions: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('token');

    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(s.cookie)).statusCode).toBe(401);
    // This browser got a fresh session with the answer.
    expect((await me(cookieFrom(response))).statusCode).toBe(200);

    expect((await signIn(s.email, 'segredo123')).statusCode).toBe(401);
    expect((await signIn(s.email, 'novaSenha456')).statusCode).toBe(200);
  });

  it('refuses a wrong current password ("Senha atual incorreta") and a short new one, changing nothing', async () => {
    const s = await createSeller(t);
    const wrong = await change(s.cookie, { currentPassword: 'errada123', newPassword: 'novaSenha456' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('SENHA_ATUAL_INCORRETA');
    const short = await change(s.cookie, { currentPassword: 'segredo123', newPassword: '12345' });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('PASSWORD_TOO_SHORT');
    expect((await me(s.cookie)).statusCode).toBe(200);
    expect((await signIn(s.email, 'segredo123')).statusCode).toBe(200);
  });
});

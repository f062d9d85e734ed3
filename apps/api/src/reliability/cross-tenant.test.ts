import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, createSeller, signInAs, TEST_ORIGIN, type SellerSession, type TestApp } from '../../test/app';
import { fusoAposAsHoras } from '../../test/fuso';
import { reportFigures } from '../../test/report';
import { apiRoutes, typesOf, type JsonSchema, type Route } from '../../test/routes';
import { startFakeMercadoPago, type FakeMercadoPago } from '../integrations/mercadopago/fake-server';
import { signatureHeader } from '../integrations/mercadopago/signature';
import { fakeAppSecret, startFakeWhatsapp, type FakeWhatsapp } from '../integrations/whatsapp/fake-server';
import { hubSignature } from '../integrations/whatsapp/signature';
import { queryRows } from '../lib/sql';
import { checksumDe } from '../modules/backup/arquivo';

/*
 * The cross-tenant matrix, generated from Fastify's route table. Two sellers hold the same kinds
 * of records. For every route that takes an id (path, body or query filter), the second seller
 * ("intruder") sends the first seller's ("owner") ids where their own would go:
 * - an id in the path or the body: the answer is 404 (or 403) and exactly what a made-up id gets,
 *   so it does not even tell the id exists;
 * - a filter (an id or search text in the query): the answer equals the one for a made-up value;
 * - an idempotency key: the intruder's own record is made, never the owner's returned;
 * - a write that names no record (a new product, the caller's settings): it succeeds for the
 *   intruder alone (routes left out say why in NAMES_NOTHING);
 * - every answer the intruder gets is free of the owner's ids, names and codes (but those it sent);
 * - after every attempt the owner's rows in every table are unchanged (checksummed).
 * Then the owner sends the very same requests with their own ids and must NOT get 404 (nor a
 * validation error): the cases reach the ownership check, so the matrix can fail.
 *
 * A new route that takes an id fails this test until its id has a source below (PATH_SOURCES,
 * FIELD_SOURCES, QUERY_SOURCES) and, if it has a body, a valid body (BODIES).
 */

interface Ids {
  clientes: string[];
  produtos: string[];
  vendas: string[];
  /** Payments (ledger entries with a receipt). */
  pagamentos: string[];
  pagamentosOnline: string[];
  /** Customers who owe (the debtors' routes: detail, notes, promise, reminders). */
  devedores: string[];
  notificacoes: string[];
  /** The shop's people (its owner): the audit trail's author filter. */
  pessoas: string[];
  /** Days of the seller's automatic backups (GET /api/backup/automaticos/:dia). */
  backups: string[];
  /** The rows of the shop's team (a login without e-mail): /api/equipe/:id. */
  equipe: string[];
  /** A session of the seller's other than the one the matrix uses: /api/me/sessoes/:id. */
  sessoes: string[];
  /** A spreadsheet the seller imported: /api/importacoes/:id/desfazer. */
  importacoes: string[];
  /** A customer's dispute of an entry (from their page): /api/contestacoes/:id/resolver. */
  contestacoes: string[];
  /** The seller's own backup file (GET /api/backup/exportar). */
  arquivo: Record<string, unknown>;
  /** Idempotency keys already used by the seller. */
  chaves: string[];
  login: string;
  /** A Mercado Pago payment of the seller's own account. */
  mpPaymentId: number;
  /** The seller's WhatsApp Business number: its id on the (fake) Cloud API and the verify token of its webhook. */
  whatsapp: { phoneNumberId: string; verifyToken: string };
  /** Everything of this seller's that must never appear in another seller's answers. */
  markers: string[];
  /** Text a search may find: names, a sale's observation, a sale number. */
  searchable: string[];
}
type IdList = 'clientes' | 'produtos' | 'vendas' | 'pagamentos' | 'pagamentosOnline' | 'devedores' | 'notificacoes' | 'backups' | 'pessoas' | 'equipe' | 'sessoes' | 'importacoes' | 'contestacoes';

/** Where a path parameter's ids come from, by the path up to that parameter. */
const PATH_SOURCES: Record<string, IdList> = {
  '/api/vendas/:id': 'vendas',
  '/api/clientes/:id': 'clientes',
  '/api/produtos/:id': 'produtos',
  '/api/pagamentos/:id': 'pagamentos',
  '/api/portal/:login/pagamentos/:id': 'pagamentosOnline',
  '/api/devedores/:id': 'devedores',
  '/api/notificacoes/:id': 'notificacoes',
  '/api/backup/automaticos/:dia': 'backups',
  '/api/equipe/:id': 'equipe',
  '/api/me/sessoes/:id': 'sessoes',
  '/api/importacoes/:id': 'importacoes',
  '/api/contestacoes/:id': 'contestacoes',
};
/** A made-up value of a source (a uuid unless said here): what a value nobody holds gets. */
const DECOYS: Partial<Record<IdList, () => string>> = { backups: () => '2001-01-01' };
const decoyOf = (source: IdList) => (DECOYS[source] ?? randomUUID)();
/** Path parameters that are the caller's own key (the public customer page's code, an invitation's token), not a target. */
const CALLER_KEYS = new Set(['login', 'token']);
/** Body fields that reference a record, by name (anywhere in the body, arrays included). */
const FIELD_SOURCES: Record<string, IdList> = { clienteId: 'clientes', produtoId: 'produtos', lancamentoId: 'pagamentos' };
/**
 * Body fields that are idempotency keys, with the owner's value each is tried with: another seller's
 * key must make the caller's own record. `id` is the id "Novo Cliente" creates its customer with.
 */
const KEY_FIELDS: Record<string, (owner: Ids) => string> = { chave: (owner) => owner.chaves[0]!, id: (owner) => owner.clientes[0]! };
/** Query filters that take an id. */
const QUERY_SOURCES: Record<string, IdList> = { clienteId: 'clientes', excetoId: 'produtos', registroId: 'vendas', autor: 'pessoas', atendente: 'pessoas' };
/** Query parameters that select a page, not rows. */
const PAGING = new Set(['page', 'pageSize', 'cursor']);
/** Query parameters that take a calendar date. */
const DATES = new Set(['de', 'ate']);
/** Query parameters that take a month (YYYY-MM): the reports'. */
const MONTHS = new Set(['mes']);
const isoDay = (daysFromNow: number) => new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);

/** A body the route accepts, built from the caller's own ids. */
const BODIES: Record<string, (own: Ids) => unknown> = {
  'POST /api/vendas': (own) => ({ formaPagamento: 'fiado', clienteId: own.clientes[0], itens: [{ produtoId: own.produtos[0], quantidade: 1 }] }),
  'POST /api/vendas/:id/cancelar': () => ({ motivo: 'Cancelada pelo intruso' }),
  'POST /api/clientes/:id/pagamentos': () => ({ valor: 100, metodo: 'dinheiro' }),
  'POST /api/clientes/:id/ajustes': () => ({ tipo: 'credito', valor: 100, motivo: 'Acerto' }),
  'POST /api/clientes': () => ({ nome: 'Cliente Novo', telefone: '11987654321' }),
  'PUT /api/clientes/:id': () => ({ nome: 'Nome Trocado', telefone: '11987654321', limiteCredito: 5_000_000 }),
  'PUT /api/devedores/:id/cobranca': () => ({ observacoes: 'Nota trocada', dataVencimento: isoDay(20) }),
  'PUT /api/devedores/:id/promessa': () => ({ data: isoDay(3) }),
  // Without amounts: the debt of that moment in equal parts (other controls move it before this one runs).
  'PUT /api/devedores/:id/parcelamento': () => ({ modo: 'mensal', parcelas: [{ vencimento: isoDay(10) }, { vencimento: isoDay(40) }] }),
  'PUT /api/produtos/:id': () => ({ nome: 'Produto Trocado', precoVenda: 150, precoCusto: 50, estoqueAtual: 80, estoqueMinimo: 1 }),
  // Routes that name no record: a new product, the caller's own settings. Sent by the intruder, the owner's rows stay as they were.
  'POST /api/produtos': () => ({ nome: 'Produto Intruso', precoVenda: 100, precoCusto: 50, estoqueAtual: 5, estoqueMinimo: 1 }),
  'PUT /api/configuracoes/perfil': () => ({ nome: 'Intruso', avatar: null, telefone: '11955554444' }),
  'PUT /api/configuracoes/loja': () => ({ nomeLoja: 'Loja Intrusa', telefoneLoja: '1133334444', enderecoLoja: 'Rua Outra, 1', documento: null, fusoHorario: 'America/Sao_Paulo' }),
  'PUT /api/configuracoes/notificacoes': () => ({ venda: true, pagamento: true, estoque_baixo: false, devedor: true }),
  'PUT /api/configuracoes/sistema': () => ({ moeda: 'BRL', idioma: 'pt-BR', backupAutomatico: false }),
  // Blank credentials keep the stored ones (the webhook cases below still sign with them).
  'PUT /api/configuracoes/mercadopago': () => ({ ambiente: 'sandbox', ativo: true }),
  'POST /api/configuracoes/mercadopago/testar': () => ({}),
  'PUT /api/configuracoes/whatsapp': (own) => ({ phoneNumberId: own.whatsapp.phoneNumberId, modelos: { lancamento: 'modelo_trocado' }, ativo: false }),
  'POST /api/configuracoes/whatsapp/testar': () => ({}),
  'PUT /api/configuracoes/pix': () => ({ chave: 'intruso@example.com', nomeRecebedor: 'Loja Intrusa', cidade: 'Recife' }),
  'PUT /api/cobranca/regra': () => ({ tipo: 'dias_fixos', diasPrazo: 15 }),
  'PUT /api/cobranca/mensagens': () => ({ mensagens: { padrao: null, gentil: 'Oi {nome}, lembrete de {valor}.', firme: null, formal: null }, lembreteAntecipado: true, diasAntecedencia: 2 }),
  'PUT /api/cobranca/regua': () => ({ ativa: true, dias: [1, 2, 3], inicio: 9, fim: 17, limiteDiario: 40 }),
  'PATCH /api/me/preferencias': () => ({ idioma: 'pt-BR' }),
  'PATCH /api/equipe/:id': () => ({ nome: 'Nome Trocado' }),
  'POST /api/equipe/:id/senha': () => ({ senha: 'trocada123', confirmarSenha: 'trocada123' }),
  'POST /api/equipe/convites': () => ({ nome: 'Convidado', email: `convidado-${randomUUID()}@example.com`, papel: 'caixa' }),
  'POST /api/equipe/logins': () => ({ nome: 'Login Novo', usuario: `login.${randomUUID().slice(0, 8)}`, senha: 'segredo123', confirmarSenha: 'segredo123', papel: 'caixa' }),
  // An import names records by phone or barcode, not by id: the intruder's lands in its own shop.
  'POST /api/importacoes/clientes': () => ({ nomeArquivo: 'intruso.csv', existentes: 'atualizar', linhas: [{ linha: 2, nome: 'Importado Intruso', telefone: '11987650000', email: null, endereco: null, cpf: null, limiteCredito: null, observacoes: null, saldoInicial: 100, dataSaldo: null, dataVencimento: null }] }),
  'POST /api/importacoes/produtos': () => ({ nomeArquivo: 'intruso.csv', existentes: 'atualizar', linhas: [{ linha: 2, nome: 'Produto Importado', codigoBarras: '7891000100103', unidade: 'un', precoVenda: 100, precoCusto: 0, estoqueAtual: 1, estoqueMinimo: 0, categoria: null }] }),
  'POST /api/importacoes/clientes/existentes': () => ({ chaves: ['11987650000'] }),
  'POST /api/importacoes/produtos/existentes': () => ({ chaves: ['7891000100103'] }),
  'POST /api/contestacoes/:id/resolver': () => ({ acao: 'respondida', resposta: 'Resposta do intruso' }),
  // The customer page answers about an entry of its own customer's account: another shop's entry is not found.
  'POST /api/portal/:login/conferencias': (own) => ({ lancamentoId: own.pagamentos[0], reconhece: true }),
};
/**
 * State-changing routes that name no record and are not tried: what they act on is the caller's
 * own session or a new account.
 */
const NAMES_NOTHING: Record<string, string> = {
  'POST /api/me/sair': "ends the caller's own sessions (it would sign the intruder out of the matrix)",
  'POST /api/cadastro': 'signs a new seller up (no session)',
};

/**
 * Routes whose target is named another way, with attempts of their own: the Mercado Pago webhook
 * is addressed to a seller and authenticated by that seller's signature.
 */
const SPECIAL: Record<string, (owner: Ids, intruder: Ids, ctx: Ctx) => Attempt[]> = {
  // WhatsApp's webhook: the handshake with another shop's verify token, and another shop's signed events.
  'GET /api/webhooks/whatsapp/:ownerId': (owner, intruder, ctx) => {
    const handshake = (to: string, token: string): Request => ({ method: 'GET', url: `/api/webhooks/whatsapp/${to}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=4242` });
    return [{ label: "the intruder's verify token on the owner's URL", request: handshake(ctx.owner.id, intruder.whatsapp.verifyToken), expect: [403], control: handshake(ctx.owner.id, owner.whatsapp.verifyToken) }];
  },
  'POST /api/webhooks/whatsapp/:ownerId': (owner, intruder, ctx) => {
    const signed = (from: Ids, to: string): Request => {
      const payload = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [{ id: 'waba', changes: [{ field: 'messages', value: { metadata: { phone_number_id: from.whatsapp.phoneNumberId }, messages: [{ from: '5511900000000', id: 'wamid.x', timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: 'SIM' } }] } }] }],
      });
      return { method: 'POST', url: `/api/webhooks/whatsapp/${to}`, headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(fakeAppSecret(from.whatsapp.phoneNumberId), payload) }, payload };
    };
    return [{ label: "the intruder's signed event replayed to the owner's URL", request: signed(intruder, ctx.owner.id), expect: [401], control: signed(owner, ctx.owner.id) }];
  },
  'POST /api/webhooks/mercadopago/:ownerId': (owner, intruder, ctx) => {
    const signed = (sellerToken: string, paymentId: number, to: string): Request => {
      const requestId = randomUUID();
      return {
        method: 'POST',
        url: `/api/webhooks/mercadopago/${to}?data.id=${paymentId}&type=payment`,
        headers: { 'x-request-id': requestId, 'x-signature': signatureHeader(ctx.fake.account(sellerToken).webhookSecret, String(paymentId), requestId, Date.now()) },
        payload: { type: 'payment', action: 'payment.updated', data: { id: String(paymentId) } },
      };
    };
    return [
      {
        label: "the intruder's signed notification replayed to the owner's URL",
        request: signed(ctx.tokens.intruder, intruder.mpPaymentId, ctx.owner.id),
        expect: [401, 403, 404],
        control: signed(ctx.tokens.owner, owner.mpPaymentId, ctx.owner.id),
      },
      {
        label: "the owner's payment id, signed by the intruder, on the intruder's URL",
        request: signed(ctx.tokens.intruder, owner.mpPaymentId, ctx.intruder.id),
        expect: [401, 403, 404],
        control: signed(ctx.tokens.owner, owner.mpPaymentId, ctx.owner.id),
      },
    ];
  },
};

/**
 * The intruder's own backup file made to name the owner's records: each of its ids (customers,
 * products, sales, payments) and its customer's login replaced by the owner's, the checksum made
 * again so the file is accepted. Restoring it must give the intruder records of their own (a
 * restore makes new ids and new logins where another shop holds them), never touch the owner's.
 */
function forgedBackup(owner: Ids, intruder: Ids): Record<string, unknown> {
  let text = JSON.stringify(intruder.arquivo);
  for (const source of ['clientes', 'produtos', 'vendas', 'pagamentos'] as const) {
    intruder[source].forEach((id, i) => {
      if (owner[source][i]) text = text.replaceAll(id, owner[source][i]!);
    });
  }
  text = text.replaceAll(`"${intruder.login}"`, `"${owner.login}"`);
  const arquivo = JSON.parse(text) as Record<string, unknown> & { dados: Record<string, unknown> };
  return { ...arquivo, checksum: checksumDe(arquivo) };
}
SPECIAL['POST /api/backup/validar'] = (owner, intruder) => [
  {
    label: "the intruder's backup file naming the owner's ids and login",
    request: { method: 'POST', url: '/api/backup/validar', payload: forgedBackup(owner, intruder) },
    expect: [200],
    control: { method: 'POST', url: '/api/backup/validar', payload: owner.arquivo },
  },
];
// Restored last (it gives the intruder's records new ids); no control: the owner's own restore would do the same to theirs.
SPECIAL['POST /api/backup/restaurar'] = (owner, intruder) => [
  {
    label: "the intruder's backup file naming the owner's ids and login, restored",
    request: { method: 'POST', url: '/api/backup/restaurar', payload: forgedBackup(owner, intruder) },
    expect: [200],
  },
];
const LAST = new Set(['POST /api/backup/restaurar']);
/**
 * Routes that leave the intruder a customer with the owner's customer's id (its own, by design):
 * tried after every route that names the owner's customers by id, so those still meet a stranger's id.
 */
const LATE = new Set(['POST /api/clientes']);
const rank = (route: Route) => (LAST.has(key(route)) ? 2 : LATE.has(key(route)) ? 1 : 0);

/**
 * Public routes whose only input is the caller's own code (the customer page): anyone holding the
 * link may use it, by design (ADR 010); nothing else of another shop can be named there.
 */
const PUBLIC_BY_CODE = new Set(['GET /api/portal/:login', 'POST /api/portal/:login/pagamentos', 'GET /api/convites/:token', 'POST /api/convites/:token/aceitar']);

interface Request {
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}
interface Attempt {
  label: string;
  request: Request;
  /** A made-up value in place of the owner's: the intruder's answer must be the same. */
  decoy?: Request;
  /** Statuses the intruder may get (id cases). */
  expect?: number[];
  /** An idempotency key: the intruder's own record is made (2xx) without the owner's. */
  key?: boolean;
  /** The same request made by the owner, with the owner's own ids: not 404. */
  control?: Request;
  /** The owner's answer to a decoy filter: must differ from the control (the filter finds something). */
  controlDecoy?: Request;
}
interface Ctx {
  owner: SellerSession;
  intruder: SellerSession;
  fake: FakeMercadoPago;
  tokens: { owner: string; intruder: string };
}

let fake: FakeMercadoPago;
let fakeWhatsapp: FakeWhatsapp;
let t: TestApp;
let owner: SellerSession;
let intruder: SellerSession;
let ownerIds: Ids;
let intruderIds: Ids;
let routes: Route[];
const TOKENS = { owner: 'APP_USR-dono-1111111111-token', intruder: 'APP_USR-intruso-2222222222-token' };
const WHATSAPP = { [TOKENS.owner]: '1111100001', [TOKENS.intruder]: '2222200002' };

async function ok(response: LightMyRequestResponse, what: string) {
  if (response.statusCode >= 300) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** Every kind of record a seller has, made through the API (and the fake Mercado Pago). */
async function populate(seller: SellerSession, token: string, backupAutomatico: boolean): Promise<Ids> {
  const tag = `zq${randomUUID().slice(0, 6)}`;
  // The shop's own mobile number for its customer: searching another shop's finds nothing.
  const telefone = `119${randomInt(10_000_000, 100_000_000)}`;
  const req = (method: string, url: string, payload?: unknown) => seller.request({ method: method as 'POST', url, payload: payload as object });
  const cliente = await ok(await req('POST', '/api/clientes', { nome: `Cliente ${tag}`, telefone, email: `${tag}@example.com`, limiteCredito: 1_000_000, avisos: true }), 'cliente');
  const outro = await ok(await req('POST', '/api/clientes', { nome: `Outro ${tag}`, telefone: '11912345678', limiteCredito: 0 }), 'cliente');
  const produto = await ok(
    await req('POST', '/api/produtos', { nome: `Produto ${tag}`, precoVenda: 1_000, precoCusto: 400, estoqueAtual: 100, estoqueMinimo: 1 }),
    'produto',
  );
  const fiado = await ok(
    // With a line's own discount, a changed price and a discount on the sale: each shop's reports count only its own.
    await req('POST', '/api/vendas', {
      formaPagamento: 'fiado',
      clienteId: cliente.id,
      itens: [{ produtoId: produto.id, quantidade: 3, precoUnitario: 950, desconto: { tipo: 'valor', valor: 50 } }, { valor: 300, descricao: `Avulso ${tag}` }],
      desconto: { tipo: 'percentual', valor: 5 },
      observacoes: `Obs ${tag}`,
    }),
    'venda',
  );
  const vista = await ok(await req('POST', '/api/vendas', { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }] }), 'venda');
  const chave = randomUUID();
  const pagamento = await ok(await req('POST', `/api/clientes/${cliente.id}/pagamentos`, { valor: 500, metodo: 'pix', chave }), 'pagamento');
  const ajuste = await ok(await req('POST', `/api/clientes/${cliente.id}/ajustes`, { tipo: 'debito', valor: 100, motivo: `Ajuste ${tag}` }), 'ajuste');
  await ok(
    await req('PUT', '/api/configuracoes/mercadopago', { accessToken: token, publicKey: 'APP_USR-public', webhookSecret: fake.account(token).webhookSecret, ambiente: 'sandbox', ativo: true }),
    'mercadopago',
  );
  const phoneNumberId = WHATSAPP[token]!;
  const whatsapp = (await ok(
    await req('PUT', '/api/configuracoes/whatsapp', { phoneNumberId, accessToken: `EAAG-${tag}-token`, appSecret: fakeAppSecret(phoneNumberId), modelos: { lancamento: 'caderneta_lancamento' }, ativo: true }),
    'whatsapp',
  )) as { verifyToken: string };
  await ok(await req('PUT', '/api/configuracoes/pix', { chave: `${tag}@example.com`, nomeRecebedor: `Loja ${tag}`, cidade: 'Recife' }), 'pix');
  const online = await ok(
    await t.app.inject({ method: 'POST', url: `/api/portal/${cliente.login}/pagamentos`, headers: { origin: TEST_ORIGIN }, payload: { metodo: 'pix' } }),
    'pagamento online',
  );
  const preference = [...fake.preferences.values()].find((p) => p.external_reference === online.id)!;
  const mp = await fake.pay(preference.id, { method: 'pix', outcome: 'approve', notifications: 0 });
  // Collection: a promise, notes and a reminder on the customer who owes.
  await ok(await req('PUT', `/api/devedores/${cliente.id}/promessa`, { data: isoDay(5) }), 'promessa');
  await ok(await req('PUT', `/api/devedores/${cliente.id}/cobranca`, { observacoes: `Cobrar ${tag}`, dataVencimento: isoDay(10) }), 'cobranca');
  await ok(await req('POST', `/api/devedores/${cliente.id}/lembretes`), 'lembrete');
  // The customer, on their page, does not recognise the payment (this pauses the reminders above).
  const contestacao = await ok(
    await t.app.inject({ method: 'POST', url: `/api/portal/${cliente.login}/conferencias`, headers: { origin: TEST_ORIGIN }, payload: { lancamentoId: pagamento.lancamento.id, reconhece: false, motivo: `Paguei mais ${tag}` } }),
    'contestacao',
  );
  // Automatic backups (the job below runs them for whoever has the switch on).
  await ok(await req('PUT', '/api/configuracoes/sistema', { moeda: 'BRL', idioma: 'pt-BR', backupAutomatico }), 'sistema');
  const notificacoes = (await ok(await req('GET', '/api/notificacoes?pageSize=100'), 'notificacoes')) as { items: { id: string }[] };
  if (notificacoes.items.length === 0) throw new Error('populate: the seller has no notifications to attack');
  const arquivo = (await ok(await req('GET', '/api/backup/exportar'), 'exportar')) as Record<string, unknown>;
  // A person of the shop, and a second device of the seller's (its session, not the matrix's).
  const pessoa = await ok(await req('POST', '/api/equipe/logins', { nome: `Pessoa ${tag}`, usuario: `${tag}.caixa`, senha: 'segredo123', confirmarSenha: 'segredo123', papel: 'caixa' }), 'pessoa');
  await signInAs(t, seller.email, 'segredo123');
  const sessoes = (await ok(await req('GET', '/api/me/sessoes'), 'sessoes')) as { sessoes: Array<{ id: string; atual: boolean }> };
  // A spreadsheet of one customer, imported (and so undoable).
  const importado = `119${randomInt(10_000_000, 100_000_000)}`;
  const importacao = (await ok(
    await req('POST', '/api/importacoes/clientes', { nomeArquivo: `caderneta-${tag}.csv`, existentes: 'ignorar', linhas: [{ linha: 2, nome: `Importado ${tag}`, telefone: importado, email: null, endereco: null, cpf: null, limiteCredito: null, observacoes: null, saldoInicial: 300, dataSaldo: null, dataVencimento: null }] }),
    'importacao',
  )) as { id: string };
  const ids = {
    clientes: [cliente.id, outro.id],
    produtos: [produto.id],
    vendas: [fiado.id, vista.id],
    pagamentos: [pagamento.lancamento.id],
    pagamentosOnline: [online.id],
    devedores: [cliente.id],
    notificacoes: notificacoes.items.map((n) => n.id),
    pessoas: [seller.id],
    backups: [] as string[],
    equipe: [pessoa.id],
    sessoes: sessoes.sessoes.filter((x) => !x.atual).map((x) => x.id),
    importacoes: [importacao.id],
    contestacoes: [contestacao.id],
  };
  return {
    ...ids,
    arquivo,
    chaves: [chave],
    login: cliente.login,
    mpPaymentId: mp.id,
    whatsapp: { phoneNumberId, verifyToken: whatsapp.verifyToken },
    markers: [tag, telefone, cliente.login, seller.id, ajuste.lancamento.id, ...Object.values(ids).flat()],
    searchable: [`Cliente ${tag}`, `Produto ${tag}`, `Obs ${tag}`, fiado.numeroVenda, tag, telefone],
  };
}

beforeAll(async () => {
  fake = await startFakeMercadoPago();
  fakeWhatsapp = await startFakeWhatsapp();
  t = await buildTestApp({ mercadopagoApiUrl: fake.url, whatsappApiUrl: fakeWhatsapp.url });
  owner = await createSeller(t);
  intruder = await createSeller(t);
  ownerIds = await populate(owner, TOKENS.owner, true);
  intruderIds = await populate(intruder, TOKENS.intruder, false);
  // Today's automatic backup: the owner's (switch on), not the intruder's. It runs from 01:00 of the
  // shop's day: the owner's shop is where it is past 04:00 now, whatever hour the test runs at.
  await t.db.execute(sql`update perfis set fuso_horario = ${fusoAposAsHoras(4)} where owner_id = ${owner.id}`);
  await t.app.jobs.runDue();
  const backups = (await ok(await owner.request({ method: 'GET', url: '/api/backup/automaticos' }), 'automaticos')) as { itens: { dia: string }[] };
  ownerIds.backups = backups.itens.map((b) => b.dia);
  if (ownerIds.backups.length === 0) throw new Error('the backup job kept no backup for the owner');
  // better-auth's /api/auth/* acts on the caller's own session only (security/auth-endpoints.test.ts);
  // the health check and the OpenAPI document take nothing.
  routes = await apiRoutes(
    t.app,
    (method, path) => method !== 'HEAD' && path !== '*' && !path.startsWith('/api/auth') && path !== '/api/health' && path !== '/api/openapi.json',
  );
}, 180_000);

afterAll(async () => {
  await t.close();
  await fake.close();
  await fakeWhatsapp.close();
});

/**
 * The owner's rows in every table, as one checksum per table: tables with owner_id (or user_id,
 * better-auth's), plus the owner's own user row. Read as the superuser: RLS hides nothing.
 */
let checksumQuery: SQL | null = null;
async function ownerChecksum(): Promise<Record<string, string>> {
  if (!checksumQuery) {
    const columns = await queryRows<{ table_name: string; column_name: string }>(
      t.db,
      sql`select c.table_name, c.column_name from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
          where c.table_schema = 'public' and c.column_name in ('owner_id', 'user_id') and c.table_name <> 'limites_taxa' order by 1`,
    );
    const parts = columns.map(
      ({ table_name, column_name }) =>
        `'${table_name}', (select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from "${table_name}" x where x.${column_name} = $1)`,
    );
    parts.push(`'users', (select md5(x::text) from users x where x.id = $1)`);
    checksumQuery = sql.raw(`select json_build_object(${parts.join(', ')}) as c`.replaceAll('$1', `'${owner.id.replace(/'/g, "''")}'`));
  }
  const [row] = await queryRows<{ c: Record<string, string> | string }>(t.db, checksumQuery);
  return typeof row!.c === 'string' ? (JSON.parse(row!.c) as Record<string, string>) : row!.c;
}

/** Paths of the uuid fields of a body schema: `clienteId`, `itens.*.produtoId`. */
function uuidFields(schema: JsonSchema, prefix = ''): string[] {
  const out: string[] = [];
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const path = prefix ? `${prefix}.${name}` : name;
    const variants = [field, ...(field.anyOf ?? []), ...(field.oneOf ?? [])];
    if (variants.some((v) => v.format === 'uuid')) out.push(path);
    for (const v of variants) {
      if (v.properties) out.push(...uuidFields(v, path));
      if (v.items?.properties) out.push(...uuidFields(v.items, `${path}.*`));
    }
  }
  return out;
}

/** A copy of `body` with the field at `path` (`*` = every element) set to `value`. */
function withField(body: unknown, path: string, value: string): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const walk = (node: unknown, parts: string[]) => {
    if (node === null || typeof node !== 'object') return;
    const [head, ...rest] = parts;
    if (head === '*') return void (node as unknown[]).forEach((item) => walk(item, rest));
    if (rest.length === 0) (node as Record<string, unknown>)[head!] = value;
    else walk((node as Record<string, unknown>)[head!], rest);
  };
  walk(copy, path.split('.'));
  return copy;
}

const fill = (path: string, params: Record<string, string>) => path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!));
const key = (route: Route) => `${route.method} ${route.path}`;

/** The attempts of one route, and why a route has none. */
function attemptsFor(route: Route): { attempts: Attempt[]; problem?: string } {
  if (SPECIAL[key(route)]) return { attempts: SPECIAL[key(route)]!(ownerIds, intruderIds, { owner, intruder, fake, tokens: TOKENS }) };
  const params = route.op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
  const query = params.filter((p) => p.in === 'query');
  const bodySchema = route.op.requestBody?.content['application/json'].schema;
  const bodyFields = bodySchema ? uuidFields(bodySchema) : [];
  const attempts: Attempt[] = [];
  const problems: string[] = [];

  // The caller's own ids for every path parameter; one parameter at a time is the owner's.
  const ownParams = (who: Ids): Record<string, string> | null => {
    const out: Record<string, string> = {};
    for (const name of pathParams) {
      if (CALLER_KEYS.has(name)) out[name] = who.login;
      else {
        const source = PATH_SOURCES[route.path.slice(0, route.path.indexOf(`:${name}`) + name.length + 1)];
        if (!source) return null;
        out[name] = who[source][0] ?? decoyOf(source);
      }
    }
    return out;
  };
  const intruderParams = ownParams(intruderIds);
  const ownerParams = ownParams(ownerIds);
  if (!intruderParams || !ownerParams) return { attempts, problem: `a path parameter of ${key(route)} has no source of ids in PATH_SOURCES` };
  const needsBody = !!bodySchema && route.method !== 'GET' && route.method !== 'DELETE';
  const bodyOf = BODIES[key(route)];
  const body = (who: Ids) => (needsBody && bodyOf ? bodyOf(who) : undefined);
  const hasCase = pathParams.some((p) => !CALLER_KEYS.has(p)) || bodyFields.length > 0;
  if (hasCase && needsBody && !bodyOf) return { attempts, problem: `${key(route)} takes a body: add a valid one to BODIES` };

  for (const name of pathParams.filter((p) => !CALLER_KEYS.has(p))) {
    const source = PATH_SOURCES[route.path.slice(0, route.path.indexOf(`:${name}`) + name.length + 1)]!;
    for (const id of ownerIds[source]) {
      attempts.push({
        label: `path :${name} = the owner's ${source}`,
        request: { method: route.method, url: fill(route.path, { ...intruderParams, [name]: id }), payload: body(intruderIds) },
        decoy: { method: route.method, url: fill(route.path, { ...intruderParams, [name]: decoyOf(source) }), payload: body(intruderIds) },
        expect: [403, 404],
        control: { method: route.method, url: fill(route.path, { ...ownerParams, [name]: id }), payload: body(ownerIds) },
      });
    }
  }
  for (const field of bodyFields) {
    const name = field.split('.').pop()!;
    const ownerKey = KEY_FIELDS[name];
    if (ownerKey) {
      attempts.push({
        label: `body ${field} = the owner's idempotency key`,
        request: { method: route.method, url: fill(route.path, intruderParams), payload: withField(body(intruderIds), field, ownerKey(ownerIds)) },
        key: true,
      });
      continue;
    }
    const source = FIELD_SOURCES[name];
    if (!source) {
      problems.push(`body field ${field} of ${key(route)} has no source of ids in FIELD_SOURCES (or KEY_FIELDS)`);
      continue;
    }
    for (const id of ownerIds[source]) {
      attempts.push({
        label: `body ${field} = the owner's ${source}`,
        request: { method: route.method, url: fill(route.path, intruderParams), payload: withField(body(intruderIds), field, id) },
        decoy: { method: route.method, url: fill(route.path, intruderParams), payload: withField(body(intruderIds), field, randomUUID()) },
        expect: [403, 404],
        control: { method: route.method, url: fill(route.path, ownerParams), payload: withField(body(ownerIds), field, id) },
      });
    }
  }
  // Query filters (GET): the owner's value must get what a made-up value gets.
  if (route.method === 'GET') {
    const required = query.filter((p) => (p as { required?: boolean }).required);
    const base = (extra: Record<string, string>, requiredText = 'valor neutro') =>
      `?${new URLSearchParams({ ...Object.fromEntries(required.map((p) => [p.name, requiredText])), ...extra }).toString()}`;
    for (const p of query.filter((q) => !PAGING.has(q.name))) {
      const types = typesOf(p.schema);
      if (p.schema.format === 'uuid' || QUERY_SOURCES[p.name]) {
        const source = QUERY_SOURCES[p.name];
        if (!source) {
          problems.push(`query filter ${p.name} of ${key(route)} has no source of ids in QUERY_SOURCES`);
          continue;
        }
        // Alongside a required text parameter (a name to check), each of the owner's texts.
        for (const text of required.length ? ownerIds.searchable : [undefined]) {
          for (const id of ownerIds[source]) {
            attempts.push({
              label: `query ${p.name} = the owner's ${source}${text ? ` (with "${text}")` : ''}`,
              request: { method: 'GET', url: fill(route.path, intruderParams) + base({ [p.name]: id }, text) },
              decoy: { method: 'GET', url: fill(route.path, intruderParams) + base({ [p.name]: randomUUID() }, text) },
              control: { method: 'GET', url: fill(route.path, ownerParams) + base({ [p.name]: id }, text) },
              controlDecoy: { method: 'GET', url: fill(route.path, ownerParams) + base({ [p.name]: randomUUID() }, text) },
            });
          }
        }
      } else if (MONTHS.has(p.name)) {
        for (const value of [isoDay(0).slice(0, 7), isoDay(-40).slice(0, 7)]) attempts.push({ label: `query ${p.name} = ${value}`, request: { method: 'GET', url: fill(route.path, intruderParams) + base({ [p.name]: value }) } });
      } else if (DATES.has(p.name)) {
        for (const value of ['2000-01-01', '2100-12-31']) attempts.push({ label: `query ${p.name} = ${value}`, request: { method: 'GET', url: fill(route.path, intruderParams) + base({ [p.name]: value }) } });
      } else if (types.includes('string') && !p.schema.enum && !p.schema.format && !p.schema.pattern) {
        // Free text: each of the owner's names, observation and sale number, against made-up text.
        for (const text of ownerIds.searchable) {
          const decoyText = `zz${randomUUID().slice(0, text.length - 2)}`;
          attempts.push({
            label: `query ${p.name} = the owner's "${text}"`,
            request: { method: 'GET', url: fill(route.path, intruderParams) + base({ [p.name]: text }) },
            decoy: { method: 'GET', url: fill(route.path, intruderParams) + base({ [p.name]: decoyText }) },
            control: { method: 'GET', url: fill(route.path, ownerParams) + base({ [p.name]: text }) },
            controlDecoy: { method: 'GET', url: fill(route.path, ownerParams) + base({ [p.name]: decoyText }) },
          });
        }
      } else {
        // Enumerations: every value, scanned for the owner's data.
        const values = p.schema.enum?.map(String) ?? [];
        if (!values.length) problems.push(`query parameter ${p.name} of ${key(route)}: neither an id, a date, free text nor an enumeration — say how to try it`);
        for (const value of values) attempts.push({ label: `query ${p.name} = ${value}`, request: { method: 'GET', url: fill(route.path, intruderParams) + base({ [p.name]: value }) } });
      }
    }
    // The plain GET, scanned too.
    if (pathParams.every((p) => CALLER_KEYS.has(p)) && !PUBLIC_BY_CODE.has(key(route))) {
      attempts.push({ label: 'plain', request: { method: 'GET', url: fill(route.path, intruderParams) + (required.length ? base({}) : '') } });
    }
  } else if (attempts.length === 0 && !PUBLIC_BY_CODE.has(key(route)) && !NAMES_NOTHING[key(route)]) {
    // A write that names no record: the intruder's own, and the owner's rows must not move.
    if (needsBody && !bodyOf) return { attempts, problem: `${key(route)} takes a body: add a valid one to BODIES (or say in NAMES_NOTHING why it is not tried)` };
    attempts.push({ label: 'names nothing', request: { method: route.method, url: fill(route.path, intruderParams), payload: body(intruderIds) }, expect: [200, 201, 204] });
  }
  return { attempts, problem: problems.join('; ') || undefined };
}

/** The rank of a control in the owner's sequence: reads first, what takes records away last. */
function controlRank(request: Request): number {
  if (request.method === 'GET') return 0;
  if (request.method === 'DELETE') return 3;
  if (/\/(cancelar|desativar|regenerar-login)(\?|$)/.test(request.url)) return 2;
  return 1;
}

const inject = (who: SellerSession | null, r: Request) =>
  who
    ? who.request({ method: r.method as 'GET', url: r.url, payload: r.payload as object, headers: r.headers })
    : t.app.inject({ method: r.method as 'GET', url: r.url, payload: r.payload as object, headers: { origin: TEST_ORIGIN, ...r.headers } });

/** Public routes are called without a session; the others with the caller's cookie. */
const isPublic = (route: Route) => route.path.startsWith('/api/portal/') || route.path.startsWith('/api/webhooks/');

describe('cross-tenant matrix from the route table', () => {
  it("no route gives the intruder the owner's data or changes the owner's rows", { timeout: 240_000 }, async () => {
    const problems: string[] = [];
    const leaks: string[] = [];
    const planned: { route: Route; attempt: Attempt }[] = [];
    for (const route of routes) {
      const { attempts, problem } = attemptsFor(route);
      if (problem) problems.push(problem);
      for (const attempt of attempts) planned.push({ route, attempt });
    }
    expect(problems).toEqual([]);
    planned.sort((x, y) => rank(x.route) - rank(y.route));
    const covered = new Set(planned.map((p) => key(p.route)));
    // Every route with an id, a body id or a filter is in the matrix.
    for (const route of routes) {
      const params = route.op.parameters ?? [];
      const takesId =
        params.some((p) => p.in === 'path' || (p.in === 'query' && route.method === 'GET' && !PAGING.has(p.name))) ||
        uuidFields(route.op.requestBody?.content['application/json'].schema ?? {}).length > 0;
      if (takesId && !covered.has(key(route)) && !PUBLIC_BY_CODE.has(key(route))) problems.push(`${key(route)} takes an id or a filter but has no case`);
      // Every write is tried too, ids or not, unless it is said why not.
      if (route.method !== 'GET' && !covered.has(key(route)) && !PUBLIC_BY_CODE.has(key(route)) && !NAMES_NOTHING[key(route)]) {
        problems.push(`${key(route)} is never tried by the intruder`);
      }
    }
    expect(problems).toEqual([]);

    const markers = ownerIds.markers;
    let attempts = 0;
    let leakyAttempts = 0;
    let restored = '';
    let before = await ownerChecksum();
    for (const { route, attempt } of planned) {
      const issuesBefore = leaks.length;
      const caller = isPublic(route) ? null : intruder;
      const response = await inject(caller, attempt.request);
      attempts++;
      if (LAST.has(key(route))) restored = response.body;
      const where = `${key(route)} [${attempt.label}] ${attempt.request.url}`;
      // Echoing what the caller sent (a 404 naming the id it was given) reveals nothing.
      const sent = JSON.stringify(attempt.request);
      const found = markers.filter((m) => response.body.includes(m) && !sent.includes(m));
      if (found.length) leaks.push(`${where} → ${response.statusCode} shows the owner's ${found.join(', ')}`);
      if (response.statusCode >= 500) leaks.push(`${where} → ${response.statusCode} ${response.body.slice(0, 200)}`);
      if (attempt.expect && !attempt.expect.includes(response.statusCode)) leaks.push(`${where} → ${response.statusCode}, expected ${attempt.expect.join('/')}: ${response.body.slice(0, 200)}`);
      if (attempt.key && (response.statusCode < 200 || response.statusCode >= 300)) leaks.push(`${where} → ${response.statusCode}: another seller's key must not stop the caller`);
      if (attempt.decoy) {
        const decoy = await inject(caller, attempt.decoy);
        const same = decoy.statusCode === response.statusCode && (response.statusCode >= 400 ? decoy.json().code === response.json().code : decoy.body === response.body);
        if (!same) leaks.push(`${where} → ${response.statusCode} ${response.body.slice(0, 120)}, but a made-up value gets ${decoy.statusCode} ${decoy.body.slice(0, 120)}`);
      }
      const after = await ownerChecksum();
      const moved = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (moved.length) leaks.push(`${where} → ${response.statusCode} changed the owner's ${moved.join(', ')}`);
      before = after;
      if (leaks.length > issuesBefore) leakyAttempts++;
    }

    // The owner's own requests reach their records: the cases test ownership, not a bad request.
    const controls = planned.filter((p) => p.attempt.control).sort((x, y) => controlRank(x.attempt.control!) - controlRank(y.attempt.control!));
    const weak: string[] = [];
    for (const { route, attempt } of controls) {
      const caller = isPublic(route) ? null : owner;
      const response = await inject(caller, attempt.control!);
      const where = `${key(route)} [${attempt.label}] control ${attempt.control!.url}`;
      if ([400, 401, 403, 404].includes(response.statusCode) || response.statusCode >= 500) weak.push(`${where} → ${response.statusCode} ${response.body.slice(0, 200)}`);
      if (attempt.controlDecoy) {
        const decoy = await inject(caller, attempt.controlDecoy);
        (attempt as { found?: boolean }).found = decoy.body !== response.body;
      }
    }
    // A filter case is meaningful when at least one of the owner's values finds something for the owner.
    const filterGroups = new Map<string, boolean>();
    for (const { route, attempt } of controls.filter((c) => c.attempt.controlDecoy)) {
      const group = `${key(route)} ${attempt.label.split(' = ')[0]!}`;
      filterGroups.set(group, (filterGroups.get(group) ?? false) || !!(attempt as { found?: boolean }).found);
    }
    for (const [group, found] of filterGroups) if (!found) weak.push(`${group}: none of the owner's values finds anything for the owner`);

    reportFigures('cross-tenant', {
      routes: routes.length,
      routesInMatrix: covered.size,
      attempts,
      leaks: leakyAttempts,
      ownerControls: controls.length,
    });
    expect(leaks).toEqual([]);
    expect(weak).toEqual([]);
    // The forged backup was restored for the intruder, with a new login where the owner's was named.
    const fim = JSON.parse(restored.trim().split('\n').at(-1)!) as { tipo: string; relatorio?: { loginsAlterados: { loginAnterior: string }[] } };
    expect(fim.tipo, restored.slice(-300)).toBe('concluido');
    expect(fim.relatorio!.loginsAlterados.map((l) => l.loginAnterior)).toContain(ownerIds.login);
    expect(attempts).toBeGreaterThan(50);
  });
});

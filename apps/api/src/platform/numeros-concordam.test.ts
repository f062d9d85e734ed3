import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  addDays,
  dateInTimeZone,
  daysBetween,
  DIAS_ANTECEDENCIA_PADRAO,
  NIVEIS_ATRASO,
  nivelAtraso,
  REGRA_VENCIMENTO_PADRAO,
  dividaDoRazao,
  resumoDividas,
  situacaoDivida,
  type Cliente,
  type ClientesPage,
  type EntradaDivida,
  type Dashboard,
  type DevedorDetalhe,
  type DevedoresPage,
  type Extrato,
  type PortalCliente,
  type Produto,
  type RegraVencimento,
  type ProdutosPage,
  type VendaDetalhe,
  type VendasPage,
} from '@caderneta/shared';
import type { RelatorioClientes, RelatorioFinanceiro, RelatorioProdutos, RelatorioResumo, RelatorioVendas } from '@caderneta/shared/schemas/relatorios';
import { buildTestApp, createSeller, TEST_ORIGIN, type SellerSession, type TestApp } from '../../test/app';
import { testClock, type TestClock } from '../../test/clock';
import { seededRandom, type SeededRandom } from '../lib/seeded-random';

/*
 * The same figure is the same everywhere. Two sellers drive a seeded-random shop through the HTTP
 * API only — customers, products, sales à vista and fiado with several items, partial and full
 * payments and overpayments, adjustments both ways, cancellations of paid and unpaid sales,
 * customers and products deactivated and reactivated, restocking, own due dates, the shop's
 * due-date rule and time zone changed — over weeks of the test clock, across the shop's midnight
 * and Madrid's end of summer time. After every batch each screen that shows money or stock is read
 * (the customer list and page, the ledger, receipts, Devedores and its filters, the customer's
 * public page, every PIX code, the credit-limit warning, the dashboard, the sales list's cards
 * under ten filters, the five report tabs, the product list) and must agree with the others and
 * with a model the test keeps: plain sums over what it did.
 *
 * Definitions the screens document, asserted as such:
 *  - cancelled sales count in no total (they are listed, and reported apart as "canceladas");
 *  - Devedores and the dashboard's debtors card are over active customers; the reports ("what
 *    customers owe") and the customer list over every customer, deactivated ones too, and the
 *    reports say the deactivated part: without it they show what Devedores shows;
 *  - "A receber"/"Valor Total — em vendas pendentes" is what is open on pending sales (total −
 *    paid), every customer's; a debit adjustment is owed by the customer but is no sale;
 *  - who is late is one verdict per customer (packages/shared/src/divida.ts, docs/decisions/027):
 *    Devedores, the dashboard's debtors card, Inadimplência, Vencido and the ageing all add up the
 *    same verdicts, worked out here from what the test did (an open debit adjustment starts a debt
 *    like a sale).
 */

const SEED = 20261126;

/** The shop's day of an instant. */
const diaEm = (fuso: string, instante: string | Date) => dateInTimeZone(new Date(instante), fuso);

// ——— The model: what the test did, and the figures that follow from it ———

interface MCliente {
  id: string;
  nome: string;
  login: string;
  limite: number;
  ativo: boolean;
  /** Payments and adjustments, net: what pays the customer's fiado sales. */
  creditos: number;
  /** The same entries one by one (when, how much): an open debit among them starts the debt (divida.ts). */
  avulsos: Array<{ id: string; data: string; valor: number }>;
  lancamentos: number;
  vencimentoProprio: string | null;
}
interface MProduto {
  id: string;
  nome: string;
  preco: number;
  custo: number;
  estoque: number;
  minimo: number;
  ativo: boolean;
}
interface MItem {
  produtoId: string;
  quantidade: number;
  preco: number;
  custo: number;
}
interface MVenda {
  id: string;
  numero: string;
  clienteId: string | null;
  forma: 'vista' | 'fiado';
  itens: MItem[];
  total: number;
  custo: number;
  data: string;
  cancelada: boolean;
}
interface MPagamento {
  id: string;
  clienteId: string;
  valor: number;
  metodo: string;
  data: string;
  /** The customer's balance right after it. */
  saldoApos: number;
}

class Loja {
  clientes: MCliente[] = [];
  produtos: MProduto[] = [];
  vendas: MVenda[] = [];
  pagamentos: MPagamento[] = [];

  cliente(id: string) {
    return this.clientes.find((c) => c.id === id)!;
  }
  fiadoAtivas(clienteId: string) {
    return this.vendas
      .filter((v) => v.clienteId === clienteId && v.forma === 'fiado' && !v.cancelada)
      .sort((a, b) => (a.data < b.data ? -1 : a.data > b.data ? 1 : a.id < b.id ? -1 : 1));
  }
  saldo(clienteId: string) {
    return this.cliente(clienteId).creditos - this.fiadoAtivas(clienteId).reduce((s, v) => s + v.total, 0);
  }
  pendente(clienteId: string) {
    return Math.max(0, -this.saldo(clienteId));
  }
  /** When the customer's oldest open debt started, by the shared rule over what the test did. */
  pendenteDesde(clienteId: string): string | null {
    const c = this.cliente(clienteId);
    const entradas: EntradaDivida[] = [
      ...this.fiadoAtivas(clienteId).map((v) => ({ tipo: 'venda' as const, id: v.id, instante: v.data, total: v.total, cancelada: false })),
      ...c.avulsos.map((a) => ({ tipo: 'avulso' as const, id: a.id, instante: a.data, valor: a.valor })),
    ];
    const divida = dividaDoRazao(entradas);
    expect(divida.saldoAtual, `${c.nome}: the model's two balances`).toBe(this.saldo(clienteId));
    return divida.pendenteDesde;
  }
  /** valor_pago of every sale: à vista paid in full, fiado covered oldest first by the customer's credits. */
  /** The same shop under the ids a restore gave it. */
  copia(ids: Map<string, string>, logins: Map<string, string>): Loja {
    const nova = new Loja();
    const id = (x: string) => ids.get(x) ?? x;
    nova.clientes = this.clientes.map((c) => ({ ...c, id: id(c.id), login: logins.get(c.nome) ?? c.login, avulsos: [...c.avulsos] }));
    nova.produtos = this.produtos.map((p) => ({ ...p, id: id(p.id) }));
    nova.vendas = this.vendas.map((v) => ({ ...v, id: id(v.id), clienteId: v.clienteId && id(v.clienteId), itens: v.itens.map((i) => ({ ...i, produtoId: id(i.produtoId) })) }));
    nova.pagamentos = this.pagamentos.map((p) => ({ ...p, id: id(p.id), clienteId: id(p.clienteId) }));
    return nova;
  }
  pagos(): Map<string, number> {
    const pagos = new Map<string, number>();
    for (const v of this.vendas) pagos.set(v.id, v.cancelada ? 0 : v.forma === 'vista' ? v.total : 0);
    for (const c of this.clientes) {
      let livre = Math.max(0, c.creditos);
      for (const v of this.fiadoAtivas(c.id)) {
        const cobre = Math.min(livre, v.total);
        pagos.set(v.id, cobre);
        livre -= cobre;
      }
    }
    return pagos;
  }
  status(v: MVenda, pagos: Map<string, number>) {
    return v.cancelada ? 'cancelado' : pagos.get(v.id) === v.total ? 'pago' : 'pendente';
  }
  /** The ledger moved: a debt paid off drops its own due date. */
  aposLancamento(clienteId: string) {
    const c = this.cliente(clienteId);
    c.lancamentos++;
    if (this.saldo(clienteId) >= 0) c.vencimentoProprio = null;
  }
}

// ——— Driving the API ———

interface Ator {
  nome: string;
  /** The shop's time zone. */
  fuso: string;
  /** The shop has a PIX key: its codes carry amounts. */
  pix?: boolean;
  /** The shop's due-date rule (Configurar Vencimento). */
  regra?: RegraVencimento;
  seller: SellerSession;
  loja: Loja;
  r: SeededRandom;
  seq: number;
}

let t: TestApp;
let clock: TestClock;
let a: Ator;
let b: Ator;

async function ok<T>(response: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
  const res = await response;
  if (res.statusCode !== status) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json() as T;
}
const get = <T>(ator: Ator, url: string) => ok<T>(ator.seller.request({ method: 'GET', url }));
const post = <T>(ator: Ator, url: string, payload: object = {}, status = 200) => ok<T>(ator.seller.request({ method: 'POST', url, payload }), status);

async function novoCliente(ator: Ator) {
  const n = ++ator.seq;
  const c = await post<Cliente>(
    ator,
    '/api/clientes',
    { nome: `${ator.nome} Cliente ${String(n).padStart(3, '0')}`, telefone: `1199${String(1_000_000 + n * 7919).slice(-7)}`, limiteCredito: ator.r.pick([5_000, 20_000, 50_000, 100_000]) },
    201,
  );
  ator.loja.clientes.push({ id: c.id, nome: c.nome, login: c.login!, limite: c.limiteCredito, ativo: true, creditos: 0, avulsos: [], lancamentos: 0, vencimentoProprio: null });
}

async function novoProduto(ator: Ator) {
  const n = ++ator.seq;
  // Odd centavos: totals and profits must add up to the centavo.
  const preco = ator.r.pick([199, 349, 1_033, 1_299, 2_999, 4_567, 12_345]);
  const custo = Math.floor(preco * ator.r.pick([0.37, 0.5, 0.61, 0.83]));
  const estoque = ator.r.int(4, 40);
  const minimo = ator.r.int(2, 8);
  const p = await post<Produto>(ator, '/api/produtos', { nome: `${ator.nome} Produto ${n}`, precoVenda: preco, precoCusto: custo, estoqueAtual: estoque, estoqueMinimo: minimo }, 201);
  ator.loja.produtos.push({ id: p.id, nome: p.nome, preco, custo, estoque, minimo, ativo: true });
}

async function venda(ator: Ator, forma: 'vista' | 'fiado') {
  const { loja, r } = ator;
  const ativos = loja.clientes.filter((c) => c.ativo);
  const cliente = forma === 'fiado' || r.next() < 0.3 ? (ativos.length ? r.pick(ativos) : null) : null;
  if (forma === 'fiado' && !cliente) return;
  const itens: MItem[] = [];
  for (const p of loja.produtos.filter((x) => x.ativo).sort(() => r.next() - 0.5).slice(0, r.int(1, 3))) {
    if (p.estoque === 0) continue;
    itens.push({ produtoId: p.id, quantidade: r.int(1, Math.min(4, p.estoque)), preco: p.preco, custo: p.custo });
  }
  if (!itens.length) return;
  const total = itens.reduce((s, i) => s + i.quantidade * i.preco, 0);
  const corpo = { formaPagamento: forma, clienteId: cliente?.id ?? null, itens: itens.map((i) => ({ produtoId: i.produtoId, quantidade: i.quantidade })) };
  if (forma === 'fiado') {
    // The credit-limit warning reads the same balance as every screen.
    const saldo = loja.saldo(cliente!.id);
    const excede = Math.max(0, total - saldo) > cliente!.limite;
    const aviso = await ator.seller.request({ method: 'POST', url: '/api/vendas', payload: corpo });
    if (excede) {
      expect([aviso.statusCode, aviso.json()], 'the credit-limit warning').toMatchObject([
        409,
        { code: 'LIMITE_EXCEDIDO', details: { limite: cliente!.limite, disponivel: Math.max(0, cliente!.limite + saldo), saldoPendente: Math.max(0, -saldo) } },
      ]);
    } else {
      expect(aviso.statusCode, `a sale within the limit: ${aviso.body}`).toBe(201);
      registrar(ator, aviso.json() as VendaDetalhe, cliente, forma, itens, total);
      return;
    }
  }
  const v = await post<VendaDetalhe>(ator, '/api/vendas', { ...corpo, confirmarLimiteExcedido: true }, 201);
  registrar(ator, v, cliente, forma, itens, total);
}

function registrar(ator: Ator, v: VendaDetalhe, cliente: MCliente | null, forma: 'vista' | 'fiado', itens: MItem[], total: number) {
  const { loja } = ator;
  expect(v.valorTotal, 'a sale is the sum of its items').toBe(total);
  for (const i of itens) loja.produtos.find((p) => p.id === i.produtoId)!.estoque -= i.quantidade;
  loja.vendas.push({
    id: v.id,
    numero: v.numeroVenda,
    clienteId: cliente?.id ?? null,
    forma,
    itens,
    total,
    custo: itens.reduce((s, i) => s + i.quantidade * i.custo, 0),
    data: v.dataVenda,
    cancelada: false,
  });
  if (forma === 'fiado') loja.aposLancamento(cliente!.id);
}

async function pagamento(ator: Ator, modo: 'parcial' | 'quitar' | 'acima') {
  const { loja, r } = ator;
  // Deactivated customers still pay what they owe.
  const devedores = loja.clientes.filter((c) => loja.pendente(c.id) > 0);
  if (!devedores.length) return;
  const c = r.pick(devedores);
  const pendente = loja.pendente(c.id);
  const valor = modo === 'quitar' ? pendente : modo === 'acima' ? pendente + r.int(1, 5_000) : pendente === 1 ? 1 : r.int(1, pendente - 1);
  const metodo = r.pick(['dinheiro', 'pix', 'cartao', 'transferencia'] as const);
  const res = await post<{ lancamento: { id: string; data: string }; cliente: { saldoAtual: number } }>(ator, `/api/clientes/${c.id}/pagamentos`, { valor, metodo }, 201);
  c.creditos += valor;
  c.avulsos.push({ id: res.lancamento.id, data: res.lancamento.data, valor });
  loja.aposLancamento(c.id);
  loja.pagamentos.push({ id: res.lancamento.id, clienteId: c.id, valor, metodo, data: res.lancamento.data, saldoApos: loja.saldo(c.id) });
  expect(res.cliente.saldoAtual, 'the payment answer').toBe(loja.saldo(c.id));
}

async function ajuste(ator: Ator) {
  const { loja, r } = ator;
  if (!loja.clientes.length) return;
  const c = r.pick(loja.clientes);
  const tipo = r.next() < 0.5 ? 'credito' : 'debito';
  const valor = r.int(1, 3_000);
  const res = await post<{ lancamento: { id: string; data: string }; cliente: { saldoAtual: number } }>(ator, `/api/clientes/${c.id}/ajustes`, { tipo, valor, motivo: 'Conferência do caderno' }, 201);
  c.creditos += tipo === 'credito' ? valor : -valor;
  c.avulsos.push({ id: res.lancamento.id, data: res.lancamento.data, valor: tipo === 'credito' ? valor : -valor });
  loja.aposLancamento(c.id);
  expect(res.cliente.saldoAtual, 'the adjustment answer').toBe(loja.saldo(c.id));
}

async function cancelar(ator: Ator) {
  const { loja, r } = ator;
  const pagos = loja.pagos();
  const abertas = loja.vendas.filter((v) => !v.cancelada);
  if (!abertas.length) return;
  // Paid and unpaid alike: à vista, fiado paid off, fiado pending.
  const v = r.pick(abertas);
  const antes = loja.status(v, pagos);
  const res = await post<VendaDetalhe>(ator, `/api/vendas/${v.id}/cancelar`, { motivo: 'Cliente desistiu' });
  expect([antes, res.statusPagamento]).toEqual([antes, 'cancelado']);
  v.cancelada = true;
  for (const i of v.itens) loja.produtos.find((p) => p.id === i.produtoId)!.estoque += i.quantidade;
  if (v.forma === 'fiado') loja.aposLancamento(v.clienteId!);
}

/** The shop restocks a product (the edit form, opened on the stock it shows). */
async function reposicao(ator: Ator) {
  const { loja, r } = ator;
  const p = loja.produtos.filter((x) => x.ativo).sort((x, y) => x.estoque - y.estoque)[0];
  if (!p) return;
  const mais = r.int(1, 15);
  await ok(
    ator.seller.request({
      method: 'PUT',
      url: `/api/produtos/${p.id}`,
      payload: { nome: p.nome, precoVenda: p.preco, precoCusto: p.custo, estoqueAtual: p.estoque + mais, estoqueMinimo: p.minimo, estoqueAnterior: p.estoque },
    }),
  );
  p.estoque += mais;
}

/** A product taken off the catalogue (its sales stay), or put back. */
async function ativacaoProduto(ator: Ator) {
  const { loja, r } = ator;
  const p = r.pick(loja.produtos);
  await post<Produto>(ator, `/api/produtos/${p.id}/${p.ativo ? 'desativar' : 'reativar'}`);
  p.ativo = !p.ativo;
}

async function ativacao(ator: Ator) {
  const { loja, r } = ator;
  if (!loja.clientes.length) return;
  const c = r.pick(loja.clientes);
  await post<Cliente>(ator, `/api/clientes/${c.id}/${c.ativo ? 'desativar' : 'reativar'}`);
  c.ativo = !c.ativo;
}

async function vencimento(ator: Ator, hoje: string) {
  const { loja, r } = ator;
  const devedores = loja.clientes.filter((c) => c.ativo && loja.pendente(c.id) > 0);
  if (!devedores.length) return;
  const c = r.pick(devedores);
  // Never before the oldest purchase still pending (the server refuses it): from that day as the
  // debtor's detail says it, or 40 days ago.
  const { compraMaisAntiga } = await ok<DevedorDetalhe>(ator.seller.request({ method: 'GET', url: `/api/devedores/${c.id}` }));
  const desde = compraMaisAntiga ? Math.max(-40, daysBetween(hoje, compraMaisAntiga)) : -40;
  const data = r.next() < 0.2 ? null : addDays(hoje, r.int(desde, Math.max(desde, 20)));
  await ok(ator.seller.request({ method: 'PUT', url: `/api/devedores/${c.id}/cobranca`, payload: { observacoes: 'Combinado no balcão', dataVencimento: data } }));
  c.vencimentoProprio = data;
}

async function lote(ator: Ator, operacoes: number) {
  const { loja, r } = ator;
  const hoje = diaEm(ator.fuso, clock.now());
  if (loja.clientes.length < 3) for (let i = 0; i < 3; i++) await novoCliente(ator);
  while (loja.produtos.filter((p) => p.ativo).length < 3) await novoProduto(ator);
  for (let i = 0; i < operacoes; i++) {
    const x = r.next();
    if (x < 0.06) await novoCliente(ator);
    else if (x < 0.12) await novoProduto(ator);
    else if (x < 0.135) await reposicao(ator);
    else if (x < 0.15) await ativacaoProduto(ator);
    else if (x < 0.3) await venda(ator, 'vista');
    else if (x < 0.56) await venda(ator, 'fiado');
    else if (x < 0.64) await pagamento(ator, 'parcial');
    else if (x < 0.68) await pagamento(ator, 'quitar');
    else if (x < 0.7) await pagamento(ator, 'acima');
    else if (x < 0.77) await ajuste(ator);
    else if (x < 0.86) await cancelar(ator);
    else if (x < 0.92) await ativacao(ator);
    else await vencimento(ator, hoje);
  }
}

// ——— Reading every screen ———

/** The amount a PIX BR Code asks for (EMV field 54), in centavos; null without a code. */
function valorDoPix(codigo: string | null | undefined): number | null {
  if (!codigo) return null;
  for (let i = 0; i + 4 <= codigo.length; ) {
    const id = codigo.slice(i, i + 2);
    const tamanho = Number(codigo.slice(i + 2, i + 4));
    const valor = codigo.slice(i + 4, i + 4 + tamanho);
    if (id === '54') return Math.round(Number(valor) * 100);
    i += 4 + tamanho;
  }
  return null;
}

async function todas<T>(ator: Ator, url: string): Promise<{ items: T[]; pages: Array<Record<string, unknown>> }> {
  const items: T[] = [];
  const pages: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page++) {
    const res = await get<{ items: T[]; total: number } & Record<string, unknown>>(ator, `${url}${url.includes('?') ? '&' : '?'}pageSize=100&page=${page}`);
    items.push(...res.items);
    pages.push(res);
    if (items.length >= res.total || res.items.length === 0) return { items, pages };
  }
}

const soma = <T>(xs: readonly T[], f: (x: T) => number) => xs.reduce((s, x) => s + f(x), 0);

async function conferir(ator: Ator, contexto: string) {
  const { loja } = ator;
  const diaLocal = (iso: string | Date) => diaEm(ator.fuso, iso);
  const hoje = diaLocal(clock.now());
  const pagos = loja.pagos();
  const vendasVivas = loja.vendas.filter((v) => !v.cancelada);
  const pendentesAbertas = vendasVivas.filter((v) => loja.status(v, pagos) === 'pendente');
  const aberto = (v: MVenda) => v.total - pagos.get(v.id)!;
  const regra = ator.regra ?? REGRA_VENCIMENTO_PADRAO;
  const m = (msg: string) => `${contexto} — ${ator.nome}: ${msg}`;

  // Customer list (every customer), one by one, the ledger, the public page.
  const lista = await todas<Cliente>(ator, '/api/clientes?status=todos');
  expect(lista.items.length, m('customers listed')).toBe(loja.clientes.length);
  for (const c of loja.clientes) {
    const saldo = loja.saldo(c.id);
    const daLista = lista.items.find((x) => x.id === c.id);
    expect(daLista && [daLista.saldoAtual, daLista.saldoPendente, daLista.ativo], m(`${c.nome} in the list`)).toEqual([saldo, Math.max(0, -saldo), c.ativo]);
    const um = await get<Cliente>(ator, `/api/clientes/${c.id}`);
    expect([um.saldoAtual, um.saldoPendente, um.dataVencimento], m(`${c.nome} alone`)).toEqual([saldo, Math.max(0, -saldo), c.vencimentoProprio]);
    const extrato = await get<Extrato>(ator, `/api/clientes/${c.id}/extrato?pageSize=100`);
    expect([extrato.cliente.saldoAtual, extrato.total, soma(extrato.items, (l) => l.valor)], m(`${c.nome}'s ledger`)).toEqual([saldo, c.lancamentos, saldo]);
    expect(extrato.items[0]?.saldo ?? 0, m(`${c.nome}'s ledger, balance after the last entry`)).toBe(saldo);
    const portal = await t.app.inject({ method: 'GET', url: `/api/portal/${c.login}`, headers: { origin: TEST_ORIGIN } });
    if (!c.ativo) {
      expect(portal.statusCode, m(`${c.nome}'s page when deactivated`)).toBe(404);
      continue;
    }
    expect(portal.statusCode, m(`${c.nome}'s page`)).toBe(200);
    const pagina = portal.json() as PortalCliente;
    const pendentesDele = pendentesAbertas.filter((v) => v.clienteId === c.id);
    expect(
      {
        saldoAtual: pagina.saldoAtual,
        saldoPendente: pagina.saldoPendente,
        compras: pagina.compras,
        pendentesTotal: pagina.pendentesTotal,
        pendentes: pagina.pendentes.map((v) => [v.numeroVenda, v.valorTotal, v.valorPago]),
        pagamentos: pagina.pagamentos.map((p) => p.valor),
      },
      m(`${c.nome}'s page`),
    ).toEqual({
      saldoAtual: saldo,
      saldoPendente: Math.max(0, -saldo),
      compras: vendasVivas.filter((v) => v.clienteId === c.id).length,
      pendentesTotal: pendentesDele.length,
      pendentes: [...pendentesDele]
        .reverse()
        .slice(0, pagina.pendentes.length)
        .map((v) => [v.numero, v.total, pagos.get(v.id)]),
      pagamentos: loja.pagamentos
        .filter((p) => p.clienteId === c.id)
        .reverse()
        .slice(0, pagina.pagamentos.length)
        .map((p) => p.valor),
    });
    if (ator.pix) {
      const pix = await get<{ codigo: string | null; valor: number }>(ator, `/api/clientes/${c.id}/pix`);
      expect([valorDoPix(pagina.pix?.codigo), pix.valor, valorDoPix(pix.codigo)], m(`${c.nome}'s PIX code, on the page and for messages`)).toEqual([
        saldo < 0 ? -saldo : null,
        Math.max(0, -saldo),
        saldo < 0 ? -saldo : null,
      ]);
    }
  }

  // Receipts: each payment with the balance right after it.
  for (const p of loja.pagamentos.slice(-4)) {
    const recibo = await get<{ valor: number; saldoApos: number; metodo: string; cliente: { id: string } }>(ator, `/api/pagamentos/${p.id}/recibo`);
    expect([recibo.valor, recibo.saldoApos, recibo.metodo, recibo.cliente.id], m(`receipt of a payment`)).toEqual([p.valor, p.saldoApos, p.metodo, p.clienteId]);
  }

  // Customer list cards, under each status filter.
  const devedoresTodos = loja.clientes.filter((c) => loja.saldo(c.id) < 0);
  const ativos = loja.clientes.filter((c) => c.ativo);
  for (const [status, grupo] of [
    ['todos', loja.clientes],
    ['ativos', ativos],
    ['inativos', loja.clientes.filter((c) => !c.ativo)],
  ] as const) {
    const page = await get<ClientesPage>(ator, `/api/clientes?status=${status}&pageSize=1`);
    const comPendencias = grupo.filter((c) => loja.saldo(c.id) < 0).length;
    expect([page.total, page.resumo], m(`customer cards (${status})`)).toEqual([grupo.length, { total: grupo.length, ativos: grupo.length - comPendencias, comPendencias }]);
  }

  // Devedores: active customers who owe.
  const devedoresAtivos = ativos.filter((c) => loja.saldo(c.id) < 0);
  const devedores = await todas<DevedoresPage['items'][number]>(ator, '/api/devedores');
  const resumoDevedores = (devedores.pages[0] as DevedoresPage).resumo;
  // Each debtor's debt by the shared rule (divida.ts), from what the test did: the oldest open debt,
  // a sale or a debit posted by hand, then the agreed date or the shop's rule.
  const situacao = (c: MCliente) => {
    const desde = loja.pendenteDesde(c.id);
    return situacaoDivida({ saldoAtual: loja.saldo(c.id), pendenteDesde: desde ? diaLocal(desde) : null, dataVencimento: c.vencimentoProprio, promessa: null }, regra, hoje);
  };
  const dividasTodas = resumoDividas(devedoresTodos.map(situacao));
  const dividasAtivas = resumoDividas(devedoresAtivos.map(situacao));
  const esperado = devedoresAtivos.map((c) => {
    const s = situacao(c)!;
    const desde = loja.pendenteDesde(c.id);
    const pendentesDele = pendentesAbertas.filter((v) => v.clienteId === c.id);
    return { id: c.id, saldoPendente: s.saldoPendente, totalVendas: pendentesDele.length, pendenteDesde: desde ? diaLocal(desde) : null, dataVencimento: s.vencimento, dias: s.diasEmAtraso };
  });
  expect(
    devedores.items.map((d) => ({ id: d.id, saldoPendente: d.saldoPendente, totalVendas: d.totalVendas, pendenteDesde: d.pendenteDesde, dataVencimento: d.dataVencimento, dias: d.diasEmAtraso })).sort((x, y) => (x.id < y.id ? -1 : 1)),
    m('Devedores'),
  ).toEqual(esperado.sort((x, y) => (x.id < y.id ? -1 : 1)));
  if (ator.pix) {
    expect(
      devedores.items.map((d) => [d.id, valorDoPix(d.pix)]).sort(),
      m('the PIX code in each collection message'),
    ).toEqual(esperado.map((d) => [d.id, d.saldoPendente]).sort());
  }
  const valorDevedoresAtivos = soma(devedoresAtivos, (c) => loja.pendente(c.id));
  expect(resumoDevedores, m('Devedores cards')).toEqual({
    totalDevedores: devedoresAtivos.length,
    dividasVencidas: esperado.filter((d) => d.dataVencimento < hoje).length,
    valorTotal: valorDevedoresAtivos,
    casosCriticos: esperado.filter((d) => d.dias >= 30).length,
    mediaAtraso: esperado.length ? Math.round(soma(esperado, (d) => d.dias) / esperado.length) : 0,
  });
  // The filters count what the cards count.
  const filtrados = async (q: string) => (await get<DevedoresPage>(ator, `/api/devedores?pageSize=1&${q}`)).total;
  expect(
    {
      vencidos: await filtrados('situacao=vencidos'),
      aVencer: await filtrados('situacao=a_vencer'),
      ...Object.fromEntries(await Promise.all(NIVEIS_ATRASO.map(async (nivel) => [nivel, await filtrados(`nivel=${nivel}`)]))),
    },
    m('Devedores filters'),
  ).toEqual({
    vencidos: esperado.filter((d) => d.dataVencimento < hoje).length,
    aVencer: esperado.filter((d) => d.dataVencimento >= hoje && d.dataVencimento <= addDays(hoje, DIAS_ANTECEDENCIA_PADRAO)).length,
    ...Object.fromEntries(NIVEIS_ATRASO.map((nivel) => [nivel, esperado.filter((d) => nivelAtraso(d.dias) === nivel).length])),
  });
  for (const d of esperado.slice(0, 3)) {
    const c = loja.cliente(d.id);
    const detalhe = await get<DevedorDetalhe>(ator, `/api/devedores/${d.id}`);
    expect([detalhe.saldoPendente, detalhe.totalVendas, detalhe.dataVencimento, detalhe.disponivel], m(`Devedores → Detalhes of ${c.nome}`)).toEqual([
      d.saldoPendente,
      d.totalVendas,
      d.dataVencimento,
      Math.max(0, c.limite - d.saldoPendente),
    ]);
  }

  // Dashboard.
  const produtosAtivos = loja.produtos.filter((p) => p.ativo);
  const hojeVendas = vendasVivas.filter((v) => diaLocal(v.data) === hoje);
  const dashboard = await get<Dashboard>(ator, '/api/dashboard');
  const { atividades, ...cards } = dashboard;
  // Recent activity: the latest sales (as they stand now) and payments, newest first.
  expect(
    atividades.map((x) => (x.tipo === 'venda' ? ['venda', x.id, x.valor, x.statusPagamento] : ['pagamento', Date.parse(x.data), x.valor, x.metodo])),
    m('dashboard, recent activity'),
  ).toEqual(
    [
      ...loja.vendas.map((v) => ({ quando: Date.parse(v.data), linha: ['venda', v.id, v.total, loja.status(v, pagos)] })),
      ...loja.pagamentos.map((p) => ({ quando: Date.parse(p.data), linha: ['pagamento', Date.parse(p.data), p.valor, p.metodo] })),
    ]
      .sort((x, y) => y.quando - x.quando)
      .slice(0, 8)
      .map((x) => x.linha),
  );
  const valorPendente = soma(pendentesAbertas, aberto);
  expect(cards, m('dashboard')).toEqual({
    totalClientes: ativos.length,
    totalProdutos: produtosAtivos.length,
    vendasHoje: hojeVendas.length,
    valorVendasHoje: soma(hojeVendas, (v) => v.total),
    valorPendente,
    devedores: devedoresAtivos.length,
    valorDevedores: valorDevedoresAtivos,
    // Who is late, as Devedores' cards say it (the same verdicts).
    devedoresVencidos: dividasAtivas.vencidos,
    valorVencido: dividasAtivas.valorVencido,
    estoqueBaixo: produtosAtivos.filter((p) => p.estoque <= p.minimo).length,
    // Nobody of this shop answers on their page (disputes: contestacoes.test.ts).
    contestacoesAbertas: 0,
  });

  // Sales list: every sale, and the cards under several filters.
  const vendasLista = await todas<VendasPage['items'][number]>(ator, '/api/vendas');
  expect(vendasLista.items.length, m('sales listed')).toBe(loja.vendas.length);
  for (const v of loja.vendas) {
    const daLista = vendasLista.items.find((x) => x.id === v.id);
    expect(daLista && [daLista.valorTotal, daLista.valorPago, daLista.statusPagamento], m(`sale ${v.numero} in the list`)).toEqual([v.total, pagos.get(v.id), loja.status(v, pagos)]);
  }
  const cartoes = (vs: MVenda[]) => {
    const vivas = vs.filter((v) => !v.cancelada);
    return {
      totalVendas: vivas.length,
      valorTotal: soma(vivas, (v) => v.total),
      vendasHoje: vivas.filter((v) => diaLocal(v.data) === hoje).length,
      pendentes: soma(
        vivas.filter((v) => loja.status(v, pagos) === 'pendente'),
        aberto,
      ),
      canceladas: vs.length - vivas.length,
    };
  };
  const algumCliente = loja.clientes[0]!.id;
  const ontem = addDays(hoje, -1);
  for (const [filtro, vs] of [
    ['', loja.vendas],
    ['forma=fiado', loja.vendas.filter((v) => v.forma === 'fiado')],
    ['forma=vista', loja.vendas.filter((v) => v.forma === 'vista')],
    ['status=pendente', loja.vendas.filter((v) => loja.status(v, pagos) === 'pendente')],
    ['status=cancelado', loja.vendas.filter((v) => v.cancelada)],
    [`de=${hoje}&ate=${hoje}`, loja.vendas.filter((v) => diaLocal(v.data) === hoje)],
    [`de=${ontem}`, loja.vendas.filter((v) => diaLocal(v.data) >= ontem)],
    [`ate=${ontem}`, loja.vendas.filter((v) => diaLocal(v.data) <= ontem)],
    [`clienteId=${algumCliente}`, loja.vendas.filter((v) => v.clienteId === algumCliente)],
    [`clienteId=${algumCliente}&status=pendente`, loja.vendas.filter((v) => v.clienteId === algumCliente && loja.status(v, pagos) === 'pendente')],
  ] as const) {
    const page = await get<VendasPage>(ator, `/api/vendas?pageSize=1${filtro ? `&${filtro}` : ''}`);
    expect([page.total, page.resumo], m(`sales cards (${filtro || 'no filter'})`)).toEqual([vs.length, cartoes([...vs])]);
  }

  // Reports, last 90 days (the whole test).
  const resumo = await get<RelatorioResumo>(ator, '/api/relatorios/resumo?periodo=90');
  const { de, ate } = resumo.periodo;
  expect(ate, m('the report ends today')).toBe(hoje);
  const noPeriodo = (iso: string) => diaLocal(iso) >= de && diaLocal(iso) <= ate;
  const doPeriodo = vendasVivas.filter((v) => noPeriodo(v.data));
  const canceladas = loja.vendas.filter((v) => v.cancelada && noPeriodo(v.data));
  const pagamentosDoPeriodo = loja.pagamentos.filter((p) => noPeriodo(p.data));
  const fiadoDoPeriodo = doPeriodo.filter((v) => v.forma === 'fiado');
  const valorPeriodo = soma(doPeriodo, (v) => v.total);
  const custoPeriodo = soma(doPeriodo, (v) => v.custo);
  const metodos = [...new Set(pagamentosDoPeriodo.map((p) => p.metodo))].sort();
  const recebido = {
    valor: soma(pagamentosDoPeriodo, (p) => p.valor),
    quantidade: pagamentosDoPeriodo.length,
    porMetodo: metodos.map((metodo) => {
      const ps = pagamentosDoPeriodo.filter((p) => p.metodo === metodo);
      return { metodo, valor: soma(ps, (p) => p.valor), quantidade: ps.length };
    }),
  };
  const atual = <T extends object>(x: T) =>
    JSON.parse(JSON.stringify(x, (_k, val: unknown) => (val && typeof val === 'object' && 'atual' in val && 'anterior' in val ? (val as { atual: unknown }).atual : val))) as unknown;
  expect(
    atual({
      vendas: { quantidade: resumo.vendas.quantidade, valor: resumo.vendas.valor },
      vista: resumo.vista,
      fiado: resumo.fiado,
      canceladas: resumo.canceladas,
      custo: resumo.custo,
      lucro: resumo.lucro,
      recebido: { ...resumo.recebido, porMetodo: [...resumo.recebido.porMetodo].sort((x, y) => (x.metodo < y.metodo ? -1 : 1)) },
      inadimplencia: resumo.inadimplencia,
    }),
    m('Relatórios → Resumo'),
  ).toEqual({
    vendas: { quantidade: doPeriodo.length, valor: valorPeriodo },
    vista: { quantidade: doPeriodo.length - fiadoDoPeriodo.length, valor: valorPeriodo - soma(fiadoDoPeriodo, (v) => v.total) },
    fiado: { quantidade: fiadoDoPeriodo.length, valor: soma(fiadoDoPeriodo, (v) => v.total) },
    canceladas: { quantidade: canceladas.length, valor: soma(canceladas, (v) => v.total) },
    custo: custoPeriodo,
    lucro: valorPeriodo - custoPeriodo,
    recebido,
    // Today's default rate over everyone who owes (deactivated customers too), by the shared verdicts.
    inadimplencia: { taxa: dividasTodas.inadimplencia, vencido: dividasTodas.valorVencido, aVencer: dividasTodas.aVencer, clientesVencidos: dividasTodas.vencidos },
  });

  const rVendas = await get<RelatorioVendas>(ator, '/api/relatorios/vendas?periodo=90');
  const porDia = new Map<string, { quantidade: number; valor: number }>();
  for (const v of doPeriodo) {
    const d = porDia.get(diaLocal(v.data)) ?? { quantidade: 0, valor: 0 };
    porDia.set(diaLocal(v.data), { quantidade: d.quantidade + 1, valor: d.valor + v.total });
  }
  expect(
    atual({ total: rVendas.total, canceladas: rVendas.canceladas, porDia: rVendas.porDia.filter((d) => d.quantidade > 0), porForma: rVendas.porForma }),
    m('Relatórios → Vendas'),
  ).toEqual({
    total: { quantidade: doPeriodo.length, valor: valorPeriodo },
    canceladas: { quantidade: canceladas.length, valor: soma(canceladas, (v) => v.total) },
    porDia: [...porDia.entries()].sort().map(([data, d]) => ({ ...d, data })),
    porForma: (['vista', 'fiado'] as const).map((forma) => {
      const vs = doPeriodo.filter((v) => v.forma === forma);
      return { forma, quantidade: vs.length, valor: soma(vs, (v) => v.total) };
    }),
  });
  expect([soma(rVendas.porDiaSemana, (d) => d.valor), soma(rVendas.porHora, (d) => d.valor)], m('Relatórios → Vendas by weekday and hour')).toEqual([valorPeriodo, valorPeriodo]);

  const rClientes = await get<RelatorioClientes>(ator, '/api/relatorios/clientes?periodo=90');
  const compradores = new Map<string, { quantidade: number; valor: number }>();
  for (const v of doPeriodo) {
    if (!v.clienteId) continue;
    const k = compradores.get(v.clienteId) ?? { quantidade: 0, valor: 0 };
    compradores.set(v.clienteId, { quantidade: k.quantidade + 1, valor: k.valor + v.total });
  }
  const valorDevedoresTodos = soma(devedoresTodos, (c) => loja.pendente(c.id));
  const devedoresDesativados = devedoresTodos.filter((c) => !c.ativo);
  const desativados = { quantidade: devedoresDesativados.length, valor: soma(devedoresDesativados, (c) => loja.pendente(c.id)) };
  // The reports count deactivated customers' debts and say how much of it is theirs: without it, the
  // figure is the one Devedores and the dashboard show.
  expect(
    [rClientes.devedores.quantidade - rClientes.devedores.desativados.quantidade, rClientes.devedores.valor - rClientes.devedores.desativados.valor],
    m('Relatórios → Clientes debtors without the deactivated = Devedores = dashboard'),
  ).toEqual([resumoDevedores.totalDevedores, resumoDevedores.valorTotal]);
  expect([dashboard.devedores, dashboard.valorDevedores], m('dashboard debtors = Devedores')).toEqual([resumoDevedores.totalDevedores, resumoDevedores.valorTotal]);
  expect(
    {
      devedores: rClientes.devedores,
      compradores: rClientes.compradores.atual,
      maioresSaldos: rClientes.maioresSaldos.map((c) => [c.nome, c.ativo, c.saldoPendente]),
      maioresCompradores: rClientes.maioresCompradores.map((c) => [c.nome, c.quantidade, c.valor]),
    },
    m('Relatórios → Clientes'),
  ).toEqual({
    devedores: { quantidade: devedoresTodos.length, valor: valorDevedoresTodos, desativados },
    compradores: compradores.size,
    maioresSaldos: [...devedoresTodos]
      .sort((x, y) => loja.pendente(y.id) - loja.pendente(x.id) || (x.nome < y.nome ? -1 : 1))
      .slice(0, 5)
      .map((c) => [c.nome, c.ativo, loja.pendente(c.id)]),
    maioresCompradores: [...compradores.entries()]
      .map(([id, k]) => ({ nome: loja.cliente(id).nome, ...k }))
      .sort((x, y) => y.valor - x.valor || y.quantidade - x.quantidade || (x.nome < y.nome ? -1 : 1))
      .slice(0, 5)
      .map((k) => [k.nome, k.quantidade, k.valor]),
  });

  const rProdutos = await get<RelatorioProdutos>(ator, '/api/relatorios/produtos?periodo=90');
  const porProduto = new Map<string, { quantidade: number; valor: number; custo: number }>();
  for (const v of doPeriodo)
    for (const i of v.itens) {
      const k = porProduto.get(i.produtoId) ?? { quantidade: 0, valor: 0, custo: 0 };
      porProduto.set(i.produtoId, { quantidade: k.quantidade + i.quantidade, valor: k.valor + i.quantidade * i.preco, custo: k.custo + i.quantidade * i.custo });
    }
  expect(
    {
      unidades: rProdutos.unidades.atual,
      receita: rProdutos.receita.atual,
      margens: rProdutos.margens.map((p) => [p.id, p.quantidade, p.valor, p.custo, p.lucro]).sort(),
      outros: rProdutos.outros,
      estoque: { baixo: rProdutos.estoque.baixo, zerados: rProdutos.estoque.zerados },
    },
    m('Relatórios → Produtos'),
  ).toEqual({
    unidades: soma([...porProduto.values()], (k) => k.quantidade),
    receita: valorPeriodo,
    margens: [...porProduto.entries()].map(([id, k]) => [id, k.quantidade, k.valor, k.custo, k.valor - k.custo]).sort(),
    outros: null,
    estoque: { baixo: produtosAtivos.filter((p) => p.estoque <= p.minimo).length, zerados: produtosAtivos.filter((p) => p.estoque === 0).length },
  });

  const rFinanceiro = await get<RelatorioFinanceiro>(ator, '/api/relatorios/financeiro?periodo=90');
  expect(
    atual({ recebido: { ...rFinanceiro.recebido, porMetodo: [...rFinanceiro.recebido.porMetodo].sort((x, y) => (x.metodo < y.metodo ? -1 : 1)) }, aReceber: rFinanceiro.aReceber, atraso: rFinanceiro.atraso }),
    m('Relatórios → Financeiro'),
  ).toEqual({
    recebido,
    aReceber: {
      saldoClientes: valorDevedoresTodos,
      saldoDesativados: desativados.valor,
      vendasPendentes: valorPendente,
      vencido: dividasTodas.valorVencido,
      vencidoDesativados: resumoDividas(devedoresTodos.filter((c) => !c.ativo).map(situacao)).valorVencido,
    },
    atraso: dividasTodas.porFaixa,
  });

  expect(rFinanceiro.aReceber.saldoClientes - rFinanceiro.aReceber.saldoDesativados, m("Relatórios → Financeiro 'A Receber' without the deactivated = the dashboard's")).toBe(dashboard.valorDevedores);

  // Products: stock after every sale and cancellation, and the cards.
  const produtos = await todas<Produto>(ator, '/api/produtos?status=todos');
  expect(
    produtos.items.map((p) => [p.id, p.estoqueAtual]).sort(),
    m('stock in the product list'),
  ).toEqual(loja.produtos.map((p) => [p.id, p.estoque]).sort());
  const { resumo: resumoProdutos } = await get<ProdutosPage>(ator, '/api/produtos?pageSize=1');
  expect([resumoProdutos.total, resumoProdutos.estoqueBaixo, resumoProdutos.valorTotal], m('product cards (active products)')).toEqual([
    produtosAtivos.length,
    produtosAtivos.filter((p) => p.estoque <= p.minimo).length,
    soma(produtosAtivos, (p) => p.preco * p.estoque),
  ]);
}

// ——— The run ———

/** Configurar Vencimento: every due date of the shop follows the new rule. */
async function mudarRegra(ator: Ator, regra: RegraVencimento) {
  await ok(ator.seller.request({ method: 'PUT', url: '/api/cobranca/regra', payload: regra }));
  ator.regra = regra;
}

async function mudarFuso(ator: Ator, fuso: string) {
  await ok(ator.seller.request({ method: 'PUT', url: '/api/configuracoes/loja', payload: { nomeLoja: `Loja da ${ator.nome}`, telefoneLoja: null, enderecoLoja: null, documento: null, fusoHorario: fuso } }));
  ator.fuso = fuso;
}

beforeAll(async () => {
  // 21:30 in São Paulo: each batch moves the clock by hours and days, often across the shop's midnight.
  clock = testClock('2026-09-01T00:30:00.000Z');
  t = await buildTestApp({ clock });
  const r = seededRandom(SEED);
  a = { nome: 'Ana', fuso: 'America/Sao_Paulo', seller: await createSeller(t), loja: new Loja(), r, seq: 0 };
  // The other shop is in Madrid (summer time ends on 25 October, in the middle of the run).
  b = { nome: 'Bia', fuso: 'Europe/Madrid', seller: await createSeller(t), loja: new Loja(), r: seededRandom(SEED + 1), seq: 0 };
  await ok(a.seller.request({ method: 'PUT', url: '/api/configuracoes/pix', payload: { chave: 'caixa@loja-da-ana.com.br', nomeRecebedor: 'Loja da Ana', cidade: 'Sao Paulo' } }));
  a.pix = true;
  await mudarFuso(b, b.fuso);
}, 60_000);
afterAll(() => t?.close());

describe('every screen shows the same figures', () => {
  it('after each batch of a seeded-random shop, for both sellers, and the second never leaks into the first', { timeout: 180_000 }, async () => {
    const r = seededRandom(SEED + 2);
    for (let rodada = 1; rodada <= 8; rodada++) {
      await lote(a, 12);
      // The other shop works in between, on the same clock.
      await lote(b, 6);
      // Later the same evening (often past São Paulo's midnight), then days on.
      clock.advanceDays(r.int(1, 5) / 24);
      await lote(a, 8);
      await conferir(a, `round ${rodada}`);
      await conferir(b, `round ${rodada}`);
      // The first shop moves its time zone twice: every day of its past sales moves with it.
      if (rodada === 4 || rodada === 6) await mudarFuso(a, rodada === 4 ? 'America/Noronha' : 'America/Rio_Branco');
      // And the rule of its due dates; the other shop sets one date for every debt.
      if (rodada === 3) await mudarRegra(a, { tipo: 'dias_fixos', diaVencimento: 1, diasPrazo: 10, dataFixa: null });
      if (rodada === 5) await mudarRegra(a, { tipo: 'proximo_mes', diaVencimento: 15, diasPrazo: 10, dataFixa: null });
      if (rodada === 5) await mudarRegra(b, { tipo: 'data_fixa', diaVencimento: 1, diasPrazo: 30, dataFixa: diaEm(b.fuso, clock.now()) });
      clock.advanceDays(r.int(2, 14) + r.int(0, 20) / 24);
    }
  });

  it('after a backup of the first shop is restored into a new account, and as that shop goes on', { timeout: 120_000 }, async () => {
    const arquivo = await a.seller.request({ method: 'GET', url: '/api/backup/exportar' });
    expect(arquivo.statusCode).toBe(200);
    const c: Ator = { nome: 'Ana', fuso: a.fuso, seller: await createSeller(t), loja: new Loja(), r: seededRandom(SEED + 3), seq: a.seq };
    const restauracao = await c.seller.request({ method: 'POST', url: '/api/backup/restaurar', payload: JSON.parse(arquivo.body) as Record<string, unknown> });
    expect(restauracao.body.trim().split('\n').at(-1)).toContain('"concluido"');

    // Every record has a new id (and a login another shop holds, a new login): found again by what it is.
    const ids = new Map<string, string>();
    const logins = new Map<string, string>();
    for (const x of (await todas<Cliente>(c, '/api/clientes?status=todos')).items) {
      ids.set(a.loja.clientes.find((y) => y.nome === x.nome)!.id, x.id);
      logins.set(x.nome, x.login!);
    }
    for (const x of (await todas<Produto>(c, '/api/produtos?status=todos')).items) ids.set(a.loja.produtos.find((y) => y.nome === x.nome)!.id, x.id);
    for (const x of (await todas<VendasPage['items'][number]>(c, '/api/vendas')).items) ids.set(a.loja.vendas.find((y) => y.numero === x.numeroVenda)!.id, x.id);
    for (const p of a.loja.pagamentos) {
      const extrato = await get<Extrato>(c, `/api/clientes/${ids.get(p.clienteId)}/extrato?pageSize=100`);
      const l = extrato.items.find((x) => x.tipo === 'pagamento' && Date.parse(x.data) === Date.parse(p.data));
      if (l) ids.set(p.id, l.id);
    }
    c.loja = a.loja.copia(ids, logins);
    // The due-date rule and the PIX key come with the shop.
    c.regra = a.regra;
    c.pix = a.pix;
    await conferir(c, 'restored');

    for (let rodada = 1; rodada <= 2; rodada++) {
      await lote(c, 12);
      clock.advanceDays(c.r.int(1, 30) / 24);
      await conferir(c, `restored, round ${rodada}`);
    }
  });
});

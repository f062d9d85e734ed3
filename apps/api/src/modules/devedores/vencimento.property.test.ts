import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  dateInTimeZone,
  dividaDoRazao,
  FUSO_IDS,
  resumoDividas,
  situacaoDivida,
  type Dashboard,
  type Devedor,
  type DevedorDetalhe,
  type DevedoresPage,
  type EntradaDivida,
  type Lembrete,
  type Notificacao,
  type NotificacoesPage,
  type PortalCliente,
  type RegraVencimento,
  type SituacaoDivida,
} from '@caderneta/shared';
import type { RelatorioFinanceiro, RelatorioResumo } from '@caderneta/shared/schemas/relatorios';
import { buildTestApp, createSeller, TEST_ORIGIN, type SellerSession, type TestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';
import { withSeller } from '../../db/client';
import { notificarClientesVencidos } from './vencidos.service';
import { clientesQueVenceram } from './devedores.service';

/*
 * One meaning of "overdue" (docs/decisions/027-one-meaning-of-overdue.md), checked everywhere it is
 * said. Random shops — fiado sales, payments, opening balances and other adjustments both ways,
 * cancellations, dates agreed with customers, promises kept and broken, deactivated customers, in
 * any of the app's time zones and due-date rules — are written through the API at back-dated
 * instants near the shop's midnights, then read at a moment just before and just after the shop's
 * midnight at a month's end. Every place must give the verdict the shared functions give for what
 * the test did (dividaDoRazao → situacaoDivida → resumoDividas):
 *  - Devedores: each card (due date, days, overdue, level, message tier, broken promise, since
 *    when), the cards above the list, the "vencidos" filter (active customers who owe);
 *  - the dashboard's debtors card (the same customers);
 *  - Relatórios → Resumo (Inadimplência) and Financeiro (Vencido, its deactivated part, ageing), over
 *    every customer who owes;
 *  - the daily "became overdue" notification: whom it picks and what it says;
 *  - the tier a collection reminder is recorded in;
 *  - the customer page.
 * Runs on PGlite (project api) and PostgreSQL (project api-pg).
 */

const DAY = 86_400_000;
const clock = testClock('2026-01-15T12:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());

/** The instant the shop's wall clock shows `minutos` after the start of `dia` (whole-hour zones). */
function instanteLocal(dia: string, minutos: number, fuso: string): Date {
  const alvo = Date.parse(`${dia}T00:00:00Z`) + minutos * 60_000;
  const parede = (instante: number) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone: fuso, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })
        .formatToParts(new Date(instante))
        .map((x) => [x.type, Number(x.value)]),
    );
    return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!);
  };
  let instante = alvo;
  for (let i = 0; i < 3; i++) instante += alvo - parede(instante);
  return new Date(instante);
}

// ——— The random shop ———

type Evento =
  | { tipo: 'venda'; antes: number; quantidade: number }
  | { tipo: 'pagamento'; antes: number; valor: number }
  | { tipo: 'ajuste'; antes: number; valor: number; debito: boolean }
  | { tipo: 'cancelar'; antes: number; qual: number };

interface ClienteArb {
  eventos: Evento[];
  /** Days from today of a date agreed with the customer, if any. */
  acordo: number | null;
  /** A promise made `feita` days ago for `dias` days after that, if any. */
  promessa: { feita: number; dias: number } | null;
  desativar: boolean;
}

/** A moment before now: whole days back (so near the shop's midnight too) and a few minutes either way. */
const antesArb = fc.tuple(fc.integer({ min: 0, max: 120 }), fc.integer({ min: -90, max: 90 })).map(([dias, min]) => Math.max(60_000, dias * DAY + min * 60_000));
const eventoArb: fc.Arbitrary<Evento> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ tipo: fc.constant('venda' as const), antes: antesArb, quantidade: fc.integer({ min: 1, max: 40 }) }) },
  { weight: 3, arbitrary: fc.record({ tipo: fc.constant('pagamento' as const), antes: antesArb, valor: fc.integer({ min: 1, max: 6_000 }) }) },
  { weight: 3, arbitrary: fc.record({ tipo: fc.constant('ajuste' as const), antes: antesArb, valor: fc.integer({ min: 1, max: 9_000 }), debito: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ tipo: fc.constant('cancelar' as const), antes: antesArb, qual: fc.nat(10) }) },
);
const clienteArb: fc.Arbitrary<ClienteArb> = fc.record({
  eventos: fc.array(eventoArb, { minLength: 1, maxLength: 7 }),
  acordo: fc.option(fc.integer({ min: -40, max: 20 }), { nil: null, freq: 3 }),
  promessa: fc.option(fc.record({ feita: fc.integer({ min: 0, max: 10 }), dias: fc.integer({ min: 0, max: 15 }) }), { nil: null, freq: 3 }),
  desativar: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
});
const isoArb = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) }).map((ms) => new Date(ms).toISOString().slice(0, 10));
const regraArb: fc.Arbitrary<RegraVencimento> = fc.oneof(
  fc.record({ tipo: fc.constant('proximo_mes' as const), diaVencimento: fc.integer({ min: 1, max: 28 }), diasPrazo: fc.constant(30), dataFixa: fc.constant(null) }),
  fc.record({ tipo: fc.constant('dias_fixos' as const), diaVencimento: fc.constant(1), diasPrazo: fc.integer({ min: 1, max: 90 }), dataFixa: fc.constant(null) }),
  fc.record({ tipo: fc.constant('data_fixa' as const), diaVencimento: fc.constant(1), diasPrazo: fc.constant(30), dataFixa: fc.option(isoArb, { nil: null }) }),
);
/** The shop's last day of a month (or the 1st after it), a few minutes before its midnight. */
const agoraArb = fc.record({
  ano: fc.constantFrom(2026, 2027, 2028),
  mes: fc.integer({ min: 1, max: 12 }),
  primeiro: fc.boolean(),
  minutosAntes: fc.integer({ min: 1, max: 50 }),
});
const lojaArb = fc.record({
  fuso: fc.constantFrom(...FUSO_IDS),
  regra: regraArb,
  agora: agoraArb,
  clientes: fc.array(clienteArb, { minLength: 1, maxLength: 5 }),
});

// ——— Driving the API, keeping what it did ———

interface MCliente {
  id: string;
  login: string;
  ativo: boolean;
  entradas: EntradaDivida[];
  acordo: string | null;
  promessa: string | null;
}

async function ok<T>(seller: SellerSession, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200): Promise<T> {
  const response = await seller.request({ method, url, payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json() as T;
}

type Loja = typeof lojaArb extends fc.Arbitrary<infer L> ? L : never;

async function montar(loja: Loja, agora: Date, hoje: string) {
  const seller = await createSeller(t);
  clock.set(agora);
  await ok(seller, 'PUT', '/api/configuracoes/loja', { nomeLoja: 'Loja da Prova', telefoneLoja: null, enderecoLoja: null, documento: null, fusoHorario: loja.fuso });
  await ok(seller, 'PUT', '/api/cobranca/regra', loja.regra);
  await ok(seller, 'PUT', '/api/configuracoes/notificacoes', { venda: false, pagamento: false, estoque_baixo: false, devedor: true });
  const produto = await ok<{ id: string }>(seller, 'POST', '/api/produtos', { nome: 'Pão', precoVenda: 137, precoCusto: 50, estoqueAtual: 100_000, estoqueMinimo: 0 }, 201);

  const clientes: MCliente[] = [];
  for (const [i] of loja.clientes.entries()) {
    const c = await ok<{ id: string; login: string }>(seller, 'POST', '/api/clientes', { nome: `Cliente ${i + 1}`, telefone: '(11) 98765-4321', limiteCredito: 100_000_000 }, 201);
    clientes.push({ id: c.id, login: c.login, ativo: true, entradas: [], acordo: null, promessa: null });
  }

  // Every entry at its moment, oldest first, through the API (the clock gives writes their time).
  const eventos = loja.clientes.flatMap((c, i) => c.eventos.map((e) => ({ ...e, cliente: i }))).sort((a, b) => b.antes - a.antes);
  for (const e of eventos) {
    const c = clientes[e.cliente]!;
    clock.set(new Date(agora.getTime() - e.antes));
    if (e.tipo === 'venda') {
      const v = await ok<{ id: string; dataVenda: string; valorTotal: number }>(
        seller,
        'POST',
        '/api/vendas',
        { formaPagamento: 'fiado', clienteId: c.id, itens: [{ produtoId: produto.id, quantidade: e.quantidade }], confirmarLimiteExcedido: true },
        201,
      );
      c.entradas.push({ tipo: 'venda', id: v.id, instante: v.dataVenda, total: v.valorTotal, cancelada: false });
    } else if (e.tipo === 'pagamento' || e.tipo === 'ajuste') {
      const url = e.tipo === 'pagamento' ? `/api/clientes/${c.id}/pagamentos` : `/api/clientes/${c.id}/ajustes`;
      const body = e.tipo === 'pagamento' ? { valor: e.valor, metodo: 'dinheiro' } : { tipo: e.debito ? 'debito' : 'credito', valor: e.valor, motivo: e.debito ? 'Saldo anterior do caderno' : 'Acerto' };
      const r = await ok<{ lancamento: { id: string; data: string } }>(seller, 'POST', url, body, 201);
      const valor = e.tipo === 'ajuste' && e.debito ? -e.valor : e.valor;
      c.entradas.push({ tipo: 'avulso', id: r.lancamento.id, instante: r.lancamento.data, valor });
    } else {
      const vendas = c.entradas.filter((x): x is Extract<EntradaDivida, { tipo: 'venda' }> => x.tipo === 'venda' && !x.cancelada);
      const venda = vendas[e.qual % Math.max(1, vendas.length)];
      if (!venda) continue;
      await ok(seller, 'POST', `/api/vendas/${venda.id}/cancelar`, { motivo: 'Cliente desistiu' });
      venda.cancelada = true;
    }
  }

  // Then what is said about the debt: agreed dates, promises (made on an earlier day), deactivations.
  for (const [i, c] of clientes.entries()) {
    const escolha = loja.clientes[i]!;
    if (dividaDoRazao(c.entradas).saldoAtual >= 0) continue;
    if (escolha.acordo !== null) {
      clock.set(agora);
      // Never before the oldest purchase still pending: the server refuses that (issue 33, item 3).
      const { compraMaisAntiga } = await ok<DevedorDetalhe>(seller, 'GET', `/api/devedores/${c.id}`);
      const escolhido = addDays(hoje, escolha.acordo);
      c.acordo = compraMaisAntiga && compraMaisAntiga > escolhido ? compraMaisAntiga : escolhido;
      await ok(seller, 'PUT', `/api/devedores/${c.id}/cobranca`, { observacoes: null, dataVencimento: c.acordo });
    }
    if (escolha.promessa) {
      const feita = new Date(agora.getTime() - escolha.promessa.feita * DAY);
      clock.set(feita);
      c.promessa = addDays(dateInTimeZone(feita, loja.fuso), escolha.promessa.dias);
      await ok(seller, 'PUT', `/api/devedores/${c.id}/promessa`, { data: c.promessa });
    }
  }
  clock.set(agora);
  for (const [i, c] of clientes.entries()) {
    if (!loja.clientes[i]!.desativar) continue;
    await ok(seller, 'POST', `/api/clientes/${c.id}/desativar`);
    c.ativo = false;
  }
  return { seller, clientes };
}

/** The shared verdict for each customer on `hoje`, from what the test did. */
function veredito(c: MCliente, regra: RegraVencimento, fuso: string, hoje: string): SituacaoDivida | null {
  const { saldoAtual, pendenteDesde } = dividaDoRazao(c.entradas);
  return situacaoDivida(
    { saldoAtual, pendenteDesde: pendenteDesde ? dateInTimeZone(new Date(pendenteDesde), fuso) : null, dataVencimento: c.acordo, promessa: c.promessa },
    regra,
    hoje,
  );
}

// ——— Reading every place ———

async function conferir(seller: SellerSession, clientes: MCliente[], regra: RegraVencimento, fuso: string, agora: Date, contexto: string) {
  clock.set(agora);
  const hoje = dateInTimeZone(agora, fuso);
  const m = (onde: string) => `${contexto}, ${hoje} — ${onde}`;
  const verdictos = new Map(clientes.map((c) => [c.id, veredito(c, regra, fuso, hoje)]));
  const ativos = clientes.filter((c) => c.ativo && verdictos.get(c.id));
  const todos = clientes.filter((c) => verdictos.get(c.id));
  const resumoAtivos = resumoDividas(ativos.map((c) => verdictos.get(c.id)!));
  const resumoTodos = resumoDividas(todos.map((c) => verdictos.get(c.id)!));

  // Devedores: every card, the cards above, the overdue filter.
  const pagina = await ok<DevedoresPage>(seller, 'GET', '/api/devedores?pageSize=100');
  expect(pagina.hoje, m('Devedores today')).toBe(hoje);
  const cartao = (d: Devedor) => ({
    id: d.id,
    vencimento: d.dataVencimento,
    vencimentoProprio: d.vencimentoProprio,
    dias: d.diasEmAtraso,
    vencido: d.estaVencido,
    nivel: d.nivel,
    faixa: d.faixa,
    promessaQuebrada: d.promessa?.quebrada ?? false,
    saldoPendente: d.saldoPendente,
    pendenteDesde: d.pendenteDesde,
  });
  const esperado = (c: MCliente) => {
    const s = verdictos.get(c.id)!;
    const desde = dividaDoRazao(c.entradas).pendenteDesde;
    return {
      id: c.id,
      vencimento: s.vencimento,
      vencimentoProprio: s.vencimentoProprio,
      dias: s.diasEmAtraso,
      vencido: s.vencido,
      nivel: s.nivel,
      faixa: s.faixa,
      promessaQuebrada: s.promessaQuebrada,
      saldoPendente: s.saldoPendente,
      pendenteDesde: desde ? dateInTimeZone(new Date(desde), fuso) : null,
    };
  };
  const porId = <T extends { id: string }>(xs: T[]) => [...xs].sort((a, b) => (a.id < b.id ? -1 : 1));
  expect(porId(pagina.items.map(cartao)), m('Devedores, each card')).toEqual(porId(ativos.map(esperado)));
  expect(pagina.resumo, m('Devedores, the cards')).toEqual({
    totalDevedores: resumoAtivos.devedores,
    dividasVencidas: resumoAtivos.vencidos,
    valorTotal: resumoAtivos.valor,
    casosCriticos: resumoAtivos.criticos,
    mediaAtraso: resumoAtivos.mediaAtraso,
  });
  expect((await ok<DevedoresPage>(seller, 'GET', '/api/devedores?situacao=vencidos&pageSize=1')).total, m('Devedores, "vencidos"')).toBe(resumoAtivos.vencidos);

  // The dashboard's debtors card.
  const painel = await ok<Dashboard>(seller, 'GET', '/api/dashboard');
  expect([painel.devedores, painel.valorDevedores, painel.devedoresVencidos, painel.valorVencido], m('dashboard')).toEqual([
    resumoAtivos.devedores,
    resumoAtivos.valor,
    resumoAtivos.vencidos,
    resumoAtivos.valorVencido,
  ]);

  // Relatórios: Inadimplência, Vencido (and its deactivated part), ageing — over everyone who owes.
  const resumo = await ok<RelatorioResumo>(seller, 'GET', '/api/relatorios/resumo?periodo=30');
  expect(resumo.inadimplencia, m('Relatórios → Inadimplência')).toEqual({
    taxa: resumoTodos.inadimplencia,
    vencido: resumoTodos.valorVencido,
    aVencer: resumoTodos.aVencer,
    clientesVencidos: resumoTodos.vencidos,
  });
  const financeiro = await ok<RelatorioFinanceiro>(seller, 'GET', '/api/relatorios/financeiro?periodo=30');
  const desativados = resumoDividas(todos.filter((c) => !c.ativo).map((c) => verdictos.get(c.id)!));
  expect([financeiro.aReceber.vencido, financeiro.aReceber.vencidoDesativados, financeiro.atraso], m('Relatórios → Financeiro')).toEqual([
    resumoTodos.valorVencido,
    desativados.valorVencido,
    resumoTodos.porFaixa,
  ]);

  // The daily job: whose due date passed in the last 40 days, and the days it says.
  const desde = addDays(hoje, -40);
  const escolhidos = await withSeller(t.db, seller.id, (tx) => clientesQueVenceram(tx, seller.id, hoje, desde));
  const deveriam = ativos.filter((c) => {
    const s = verdictos.get(c.id)!;
    return s.vencimento >= desde && s.vencimento < hoje;
  });
  expect(escolhidos.map((c) => [c.id, c.dataVencimento, c.saldoPendente]).sort(), m('the overdue notification job')).toEqual(
    deveriam.map((c) => [c.id, verdictos.get(c.id)!.vencimento, verdictos.get(c.id)!.saldoPendente]).sort(),
  );

  // The customer page.
  for (const c of clientes) {
    const response = await t.app.inject({ method: 'GET', url: `/api/portal/${c.login}`, headers: { origin: TEST_ORIGIN } });
    if (!c.ativo) {
      expect(response.statusCode, m('a deactivated customer has no page')).toBe(404);
      continue;
    }
    const s = verdictos.get(c.id);
    expect((response.json() as PortalCliente).vencimento, m(`the customer page of ${c.id}`)).toEqual(s ? { data: s.vencimento, vencido: s.vencido, diasEmAtraso: s.diasEmAtraso } : null);
  }
  return { hoje, ativos, verdictos };
}

describe('one meaning of overdue, everywhere', () => {
  it('Devedores, the dashboard, the reports, the daily job, the reminders and the customer page give the shared verdict on random shops', { timeout: 900_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(lojaArb, async (loja) => {
        // The shop's last day of the month (or the 1st of the next one), minutes before its midnight.
        const ultimo = addDays(`${loja.agora.ano}-${String(loja.agora.mes).padStart(2, '0')}-01`, 31).slice(0, 8) + '01';
        const dia = loja.agora.primeiro ? ultimo : addDays(ultimo, -1);
        const antes = instanteLocal(addDays(dia, 1), -loja.agora.minutosAntes, loja.fuso);
        expect(dateInTimeZone(antes, loja.fuso)).toBe(dia);
        const { seller, clientes } = await montar(loja, antes, dia);

        const { ativos, verdictos } = await conferir(seller, clientes, loja.regra, loja.fuso, antes, 'before midnight');

        // The daily job, run that day, announces exactly those it picked, with their days overdue.
        await withSeller(t.db, seller.id, (tx) => notificarClientesVencidos(tx, seller.id, dia, addDays(dia, -40)));
        const notificacoes = (await ok<NotificacoesPage>(seller, 'GET', '/api/notificacoes?pageSize=100')).items.filter(
          (n: Notificacao) => n.tipo === 'devedor' && n.params.vencimento !== undefined,
        );
        expect(notificacoes.map((n) => [n.params.clienteId, n.params.vencimento, n.params.diasAtraso]).sort(), 'the notifications').toEqual(
          ativos
            .filter((c) => verdictos.get(c.id)!.vencimento >= addDays(dia, -40) && verdictos.get(c.id)!.vencimento < dia)
            .map((c) => [c.id, verdictos.get(c.id)!.vencimento, verdictos.get(c.id)!.diasEmAtraso])
            .sort(),
        );

        // A reminder sent today is recorded in the tier of the verdict (the message it chose).
        for (const c of ativos) {
          const lembrete = await ok<Lembrete>(seller, 'POST', `/api/devedores/${c.id}/lembretes`, undefined, 201);
          expect([lembrete.faixa, lembrete.diasAtraso, lembrete.valor], `the reminder of ${c.id}`).toEqual([
            verdictos.get(c.id)!.faixa,
            verdictos.get(c.id)!.diasEmAtraso,
            verdictos.get(c.id)!.saldoPendente,
          ]);
        }

        // Just past the shop's midnight: a new day, one more day late, maybe a new month.
        const depois = new Date(antes.getTime() + (loja.agora.minutosAntes + 5) * 60_000);
        await conferir(seller, clientes, loja.regra, loja.fuso, depois, 'after midnight');
      }),
      { numRuns: Number(process.env.VENCIMENTO_RUNS ?? 12), seed: 33 },
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { startInstance, signUpSeller, type Answer, type Exit, type Instance, type SellerClient } from '../../test/instance';
import { checkInvariants, withAdmin, type Violation } from '../../test/invariants';
import { startPgbouncer, type Pgbouncer } from '../../test/pgbouncer';
import { reportFigures } from '../../test/report';
import { createAccessCodes } from '../modules/codigos/codigos.service';

/*
 * Two API instances as separate processes on one PostgreSQL, both through pgbouncer in
 * transaction mode (the hosted topology: docs/many-shops.md). The same seller's requests
 * land on either instance at once; afterwards the database must satisfy every invariant
 * (test/invariants.ts). Then one instance is killed (SIGKILL) in the middle of a burst of sales and
 * payments: every answer the client saw as a success must be in the database, and the invariants
 * must still hold after it restarts.
 */

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let pooler: Pgbouncer;
let env: Record<string, string>;
let a: Instance;
let b: Instance;
let seller: SellerClient;
/** Every product this file created, with the stock it started with. */
const estoqueInicial = new Map<string, number>();
let seq = 0;
const figures = { vendidas: 0, recusadas: 0, outras: 0, pagamentos: 0, cancelamentos: 0 };

beforeAll(async () => {
  database = await createTestDatabase();
  pooler = await startPgbouncer(database.url!);
  env = { DATABASE_URL: pooler.url };
  [a, b] = await Promise.all([startInstance({ name: 'A', env }), startInstance({ name: 'B', env })]);
  const [code] = await createAccessCodes(database.db, 1);
  seller = await signUpSeller(a, code!);
}, 300_000);

afterAll(async () => {
  reportFigures('two-instances', {
    lastUnitsSold: figures.vendidas,
    lastUnitsRefused: figures.recusadas,
    otherAnswers: figures.outras,
    keyedPaymentsOnOneCustomer: figures.pagamentos,
    concurrentCancels: figures.cancelamentos,
  });
  await Promise.all([a?.kill('SIGTERM'), b?.kill('SIGTERM')]);
  pooler?.stop();
  await database?.close();
});

const instances = () => [a, b];
/** Alternates between the instances, as a round-robin load balancer does. */
const on = (i: number) => instances()[i % 2]!;

async function novoProduto(estoque: number, precoVenda = 1_000): Promise<string> {
  const r = await seller.request(a, 'POST', '/api/produtos', { nome: `Produto ${++seq}`, precoVenda, precoCusto: 400, estoqueAtual: estoque, estoqueMinimo: 0 });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  estoqueInicial.set(r.body.id, estoque);
  return r.body.id;
}

async function novoCliente(): Promise<string> {
  const r = await seller.request(b, 'POST', '/api/clientes', { nome: `Cliente ${++seq}`, telefone: '11987654321', limiteCredito: 100_000_000 });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id;
}

const venda = (i: number, body: object) => seller.request(on(i), 'POST', '/api/vendas', body);
const pagamento = (i: number, clienteId: string, body: object) => seller.request(on(i), 'POST', `/api/clientes/${clienteId}/pagamentos`, body);

const count = (answers: Answer[], status: number) => answers.filter((r) => r.status === status).length;

async function violations(): Promise<Violation[]> {
  return withAdmin(database.url!, (query) => checkInvariants(query, { estoqueInicial }));
}


describe('two instances (processes) on one PostgreSQL through pgbouncer', () => {
  it('sell the last units of 4 products 40 times at once each: exactly the stock is sold, the rest refused', async () => {
    const produtos = await Promise.all([5, 5, 3, 1].map((estoque) => novoProduto(estoque)));
    const answers = await Promise.all(
      produtos.flatMap((produtoId, p) =>
        Array.from({ length: 40 }, (_, i) => venda(i + p, { formaPagamento: 'vista', itens: [{ produtoId, quantidade: 1 }] }).then((r) => ({ produtoId, r }))),
      ),
    );
    for (const [p, produtoId] of produtos.entries()) {
      const mine = answers.filter((x) => x.produtoId === produtoId).map((x) => x.r);
      expect(count(mine, 201)).toBe([5, 5, 3, 1][p]);
      expect(count(mine, 409)).toBe(40 - [5, 5, 3, 1][p]!);
      for (const refused of mine.filter((r) => r.status === 409)) expect(refused.body).toMatchObject({ code: 'ESTOQUE_INSUFICIENTE', details: { produtoId, disponivel: 0 } });
      const detalhe = await seller.request(b, 'GET', `/api/produtos/${produtoId}`);
      expect(detalhe.body.estoqueAtual).toBe(0);
    }
    figures.vendidas += count(answers.map((x) => x.r), 201);
    figures.recusadas += count(answers.map((x) => x.r), 409);
    figures.outras += answers.filter((x) => x.r.status !== 201 && x.r.status !== 409).length;
    expect(figures.outras).toBe(0);
    expect(await violations()).toEqual([]);
  });

  it('pay one customer 40 times at once (20 payments, each retried with its key on the other instance): each paid once, oldest sales first', async () => {
    const clienteId = await novoCliente();
    const produtoId = await novoProduto(1_000, 1_000);
    const totais = [3, 1, 4, 1, 5, 9];
    for (const quantidade of totais) {
      const r = await venda(quantidade, { formaPagamento: 'fiado', clienteId, itens: [{ produtoId, quantidade }] });
      expect(r.status).toBe(201);
    }
    const valores = Array.from({ length: 20 }, (_, i) => 137 + i * 53);
    const chaves = valores.map(() => crypto.randomUUID());
    const answers = await Promise.all(
      valores.flatMap((valor, i) => [0, 1].map((side) => pagamento(i + side, clienteId, { valor, metodo: 'pix', chave: chaves[i] }).then((r) => ({ i, r })))),
    );
    expect(answers.map((x) => x.r.status)).toEqual(Array(40).fill(201));
    for (let i = 0; i < valores.length; i++) {
      const both = answers.filter((x) => x.i === i).map((x) => x.r.body.lancamento.id);
      expect(new Set(both).size).toBe(1);
    }
    const extrato = await seller.request(a, 'GET', `/api/clientes/${clienteId}/extrato?pageSize=100`);
    expect(extrato.body.items.filter((e: { tipo: string }) => e.tipo === 'pagamento')).toHaveLength(20);
    const cliente = await seller.request(b, 'GET', `/api/clientes/${clienteId}`);
    const debito = totais.reduce((s, q) => s + q * 1_000, 0);
    expect(cliente.body.saldoAtual).toBe(valores.reduce((s, v) => s + v, 0) - debito);
    figures.pagamentos += 20;
    expect(await violations()).toEqual([]);
  });

  it('cancel one sale 10 times at once: cancelled once, stock and ledger restored once', async () => {
    const clienteId = await novoCliente();
    const produtoId = await novoProduto(10);
    const sale = await venda(0, { formaPagamento: 'fiado', clienteId, itens: [{ produtoId, quantidade: 3 }] });
    expect(sale.status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => seller.request(on(i), 'POST', `/api/vendas/${sale.body.id}/cancelar`, { motivo: 'Cliente desistiu' })));
    expect(count(answers, 200)).toBe(1);
    expect(count(answers, 409)).toBe(9);
    for (const refused of answers.filter((r) => r.status === 409)) expect(refused.body.code).toBe('VENDA_JA_CANCELADA');
    expect((await seller.request(b, 'GET', `/api/produtos/${produtoId}`)).body.estoqueAtual).toBe(10);
    expect((await seller.request(a, 'GET', `/api/clientes/${clienteId}`)).body.saldoAtual).toBe(0);
    figures.cancelamentos += answers.length;
    expect(await violations()).toEqual([]);
  });

  it('sales, payments and cancellations on one customer at once keep the ledger, the allocation and the stock exact', async () => {
    const clienteId = await novoCliente();
    const produtoId = await novoProduto(500, 700);
    const primeiras = [];
    for (let i = 0; i < 6; i++) primeiras.push(await venda(i, { formaPagamento: 'fiado', clienteId, itens: [{ produtoId, quantidade: 1 + (i % 3) }] }));
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => venda(i, { formaPagamento: i % 3 ? 'fiado' : 'vista', clienteId, itens: [{ produtoId, quantidade: 1 + (i % 4) }] })),
      ...Array.from({ length: 12 }, (_, i) => pagamento(i, clienteId, { valor: 450 + i * 10, metodo: 'dinheiro' })),
      ...primeiras.slice(0, 4).map((s, i) => seller.request(on(i + 1), 'POST', `/api/vendas/${s.body.id}/cancelar`, { motivo: 'Cliente desistiu' })),
    ]);
    expect(answers.filter((r) => r.status !== 200 && r.status !== 201)).toEqual([]);
    expect(await violations()).toEqual([]);
  });

  it('a burst of sales and payments with one instance killed (SIGKILL) in the middle: every acknowledged write is kept, the invariants hold after restart', async () => {
    const clientes = await Promise.all([0, 1, 2].map(() => novoCliente()));
    const produtos = await Promise.all([0, 1, 2, 3].map(() => novoProduto(400, 350)));
    type Op = { kind: 'venda' | 'pagamento'; body: Record<string, unknown>; clienteId: string };
    const ops: Op[] = Array.from({ length: 240 }, (_, i) => {
      const clienteId = clientes[i % 3]!;
      if (i % 3 === 2) return { kind: 'pagamento', clienteId, body: { valor: 300 + (i % 7) * 25, metodo: 'dinheiro', chave: crypto.randomUUID() } };
      return {
        kind: 'venda',
        clienteId,
        body: { formaPagamento: i % 4 ? 'fiado' : 'vista', clienteId, itens: [{ produtoId: produtos[i % 4]!, quantidade: 1 + (i % 2) }], chave: crypto.randomUUID() },
      };
    });
    const send = (op: Op, target: Instance) =>
      op.kind === 'venda' ? seller.request(target, 'POST', '/api/vendas', op.body) : seller.request(target, 'POST', `/api/clientes/${op.clienteId}/pagamentos`, op.body);

    const results: { op: Op; r: Answer; target: string }[] = [];
    let next = 0;
    let killed = null as Promise<Exit> | null;
    // 12 clients at a time, alternating instances; A is killed once 80 answers have come back, and
    // from then on the "load balancer" sends everything to B (what its health check would do):
    // only the requests A had in flight go unanswered.
    const worker = async (w: number) => {
      while (next < ops.length) {
        const op = ops[next++]!;
        const target = killed ? b : on(w);
        const r = await send(op, target);
        results.push({ op, r, target: target.name });
        if (results.length === 80 && !killed) killed = a.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: 12 }, (_, w) => worker(w)));
    const exit = await killed;
    expect(exit?.signal).toBe('SIGKILL');

    const acknowledged = results.filter((x) => x.r.status === 201);
    const lost = results.filter((x) => x.r.status === 0);
    const refusedByRule = results.filter((x) => x.r.status === 409);
    // Only the killed instance may fail to answer, and nothing answered with a server error.
    expect(lost.every((x) => x.target === 'A')).toBe(true);
    expect(results.filter((x) => x.r.status >= 500)).toEqual([]);
    expect(results.filter((x) => ![0, 201, 409].includes(x.r.status))).toEqual([]);
    expect(lost.length).toBeGreaterThan(0);

    a = await startInstance({ name: 'A', env, port: Number(new URL(a.url).port) });

    // Every write the client saw acknowledged is there, whichever instance answered.
    const vendasVistas = acknowledged.filter((x) => x.op.kind === 'venda').map((x) => x.r.body.id as string);
    const pagamentosVistos = acknowledged.filter((x) => x.op.kind === 'pagamento').map((x) => x.r.body.lancamento.id as string);
    const missing = await withAdmin(database.url!, async (query) => {
      const v = await query<{ id: string }>('select id from vendas where id = any($1::uuid[])', [vendasVistas]);
      const p = await query<{ id: string }>(`select id from lancamentos where tipo = 'pagamento' and id = any($1::uuid[])`, [pagamentosVistos]);
      return vendasVistas.length + pagamentosVistos.length - v.length - p.length;
    });
    expect(missing).toBe(0);

    // A sale or payment whose answer was lost is retried with its key on the restarted instance:
    // recorded once, whether or not the first attempt had committed before the kill.
    const retried = lost;
    for (const x of retried) expect((await send(x.op, a)).status).toBe(201);
    const keyed = await withAdmin(database.url!, async (query) => {
      const chaves = (kind: Op['kind']) => ops.filter((op) => op.kind === kind).map((op) => String(op.body.chave));
      const [v] = await query<{ n: number }>('select count(*)::int as n from vendas where chave = any($1::uuid[])', [chaves('venda')]);
      const [p] = await query<{ n: number }>('select count(*)::int as n from lancamentos where referencia_externa = any($1::text[])', [
        chaves('pagamento').map((chave) => `manual:${chave}`),
      ]);
      return { vendas: v!.n, pagamentos: p!.n };
    });
    // Each sale and payment once: acknowledged the first time, or retried with its key after a
    // lost answer; a sale refused for stock is not there.
    expect(keyed).toEqual({
      vendas: ops.filter((op) => op.kind === 'venda').length - refusedByRule.filter((x) => x.op.kind === 'venda').length,
      pagamentos: ops.filter((op) => op.kind === 'pagamento').length,
    });
    const duplicates = await withAdmin(database.url!, (query) =>
      query<{ referencia_externa: string }>(`select referencia_externa from lancamentos where referencia_externa is not null group by owner_id, referencia_externa having count(*) > 1`),
    );
    expect(duplicates).toEqual([]);

    const afterCrash = await violations();
    expect(afterCrash).toEqual([]);
    reportFigures('sigkill-postgres', {
      requests: results.length,
      acknowledged: acknowledged.length,
      refusedByRule: refusedByRule.length,
      unansweredByKilledInstance: lost.length,
      acknowledgedMissing: missing,
      retriedWithKey: retried.length,
      invariantViolations: afterCrash.length,
    });
  });
});

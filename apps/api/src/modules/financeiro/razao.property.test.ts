import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { allocateOldestFirst, fiadoBloqueado, verificarLimite } from '@caderneta/shared';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { insertCliente, insertProduto } from '../../../test/fixtures';
import { withSeller } from '../../db/client';
import { clientes, itensVenda, lancamentos, produtos, vendas } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { cancelVenda, createVenda } from '../vendas/vendas.service';
import { registrarAjuste, registrarPagamento } from './financeiro.service';

/**
 * Random sequences of sales (à vista and fiado), payments, adjustments and cancellations, run
 * through the real services, with the invariants checked after every step:
 *
 *  1. saldo_atual (the cache) = Σ lancamentos.valor of the customer, and = the model's balance;
 *  2. saldo_pendente = max(0, −saldo_atual);
 *  3. allocation is a function of the ledger: with D = Σ totals of the customer's active fiado
 *     sales and P = saldo_atual + D (their net non-sale credits), every sale's valor_pago is what
 *     `allocateOldestFirst(sales by date, P)` gives, and it is `pago` exactly when fully covered;
 *     hence what is open on pending sales = min(D, saldo_pendente) — equal to saldo_pendente
 *     whenever the debt does not come from debit adjustments beyond all sales;
 *  4. à vista sales are paid in full; cancelled sales carry valor_pago 0; each sale's own ledger
 *     entries sum to −total (active fiado) or 0 (cancelled fiado, à vista);
 *  5. stock = initial − units of active sales, never negative;
 *  6. a refused operation (stock, limit, already cancelled) is refused exactly when the model
 *     predicts it, and changes nothing.
 */

type Op =
  | { kind: 'venda'; forma: 'vista' | 'fiado'; cliente: number; produto: number; quantidade: number; confirmar: boolean }
  | { kind: 'pagamento'; cliente: number; valor: number }
  | { kind: 'ajuste'; cliente: number; credito: boolean; valor: number }
  | { kind: 'cancelar'; venda: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('venda' as const),
      forma: fc.constantFrom('vista' as const, 'fiado' as const, 'fiado' as const),
      cliente: fc.nat(1),
      produto: fc.nat(1),
      quantidade: fc.integer({ min: 1, max: 3 }),
      confirmar: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pagamento' as const), cliente: fc.nat(1), valor: fc.integer({ min: 1, max: 6_000 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('ajuste' as const), cliente: fc.nat(1), credito: fc.boolean(), valor: fc.integer({ min: 1, max: 4_000 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancelar' as const), venda: fc.nat(30) }) },
);

const setupArb = fc.record({
  limites: fc.tuple(fc.constantFrom(0, 5_000, 1_000_000), fc.constantFrom(5_000, 1_000_000)),
  estoques: fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 5, max: 20 })),
  precos: fc.tuple(fc.integer({ min: 1, max: 2_000 }), fc.integer({ min: 1, max: 2_000 })),
});

let t: TestApp;
let seller: SellerSession;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await createSeller(t);
});
afterAll(() => t.close());

interface Model {
  saldo: number[];
  estoque: number[];
  vendas: Array<{ id: string; forma: 'vista' | 'fiado'; cliente: number | null; produto: number; quantidade: number; total: number; cancelada: boolean }>;
}

async function checkInvariants(clienteIds: string[], produtoIds: string[], inicial: number[], model: Model) {
  const owner = seller.id;
  const rows = await t.db.select().from(clientes).where(inArray(clientes.id, clienteIds));
  const sums = await t.db
    .select({ clienteId: lancamentos.clienteId, s: sql<number>`sum(${lancamentos.valor})::bigint`.mapWith(Number) })
    .from(lancamentos)
    .where(inArray(lancamentos.clienteId, clienteIds))
    .groupBy(lancamentos.clienteId);
  const vendaRows = await t.db
    .select()
    .from(vendas)
    .where(and(eq(vendas.ownerId, owner), inArray(vendas.id, model.vendas.length ? model.vendas.map((v) => v.id) : [crypto.randomUUID()])))
    .orderBy(asc(vendas.dataVenda), asc(vendas.id));
  const porVenda = await t.db
    .select({ vendaId: lancamentos.vendaId, s: sql<number>`sum(${lancamentos.valor})::bigint`.mapWith(Number) })
    .from(lancamentos)
    .where(inArray(lancamentos.clienteId, clienteIds))
    .groupBy(lancamentos.vendaId);

  clienteIds.forEach((id, i) => {
    const row = rows.find((r) => r.id === id)!;
    const ledger = sums.find((s) => s.clienteId === id)?.s ?? 0;
    // 1, 2
    expect(row.saldoAtual).toBe(ledger);
    expect(row.saldoAtual).toBe(model.saldo[i]);
    expect(row.saldoPendente).toBe(Math.max(0, -row.saldoAtual));
    // 3
    const ativas = vendaRows.filter((v) => v.clienteId === id && v.formaPagamento === 'fiado' && v.statusPagamento !== 'cancelado');
    const d = ativas.reduce((s, v) => s + v.valorTotal, 0);
    const esperado = allocateOldestFirst(ativas, row.saldoAtual + d).allocations;
    expect(ativas.map((v) => [v.valorPago, v.statusPagamento])).toEqual(
      esperado.map((a) => [a.valorPago, a.valorPago === a.valorTotal ? 'pago' : 'pendente']),
    );
    const aberto = ativas.filter((v) => v.statusPagamento === 'pendente').reduce((s, v) => s + v.valorTotal - v.valorPago, 0);
    expect(aberto).toBe(Math.min(d, row.saldoPendente ?? 0));
  });
  // 4
  for (const v of vendaRows) {
    if (v.statusPagamento === 'cancelado') expect(v.valorPago).toBe(0);
    if (v.formaPagamento === 'vista' && v.statusPagamento !== 'cancelado') expect([v.statusPagamento, v.valorPago]).toEqual(['pago', v.valorTotal]);
    const own = porVenda.find((p) => p.vendaId === v.id)?.s ?? 0;
    expect(own).toBe(v.formaPagamento === 'fiado' && v.statusPagamento !== 'cancelado' ? -v.valorTotal : 0);
  }
  // 5
  const stock = await t.db.select({ id: produtos.id, estoque: produtos.estoqueAtual }).from(produtos).where(inArray(produtos.id, produtoIds));
  const vendidos = await t.db
    .select({ produtoId: itensVenda.produtoId, q: sql<number>`coalesce(sum(${itensVenda.quantidade}) filter (where ${vendas.statusPagamento} <> 'cancelado'), 0)::int`.mapWith(Number) })
    .from(itensVenda)
    .innerJoin(vendas, eq(vendas.id, itensVenda.vendaId))
    .where(inArray(itensVenda.produtoId, produtoIds))
    .groupBy(itensVenda.produtoId);
  produtoIds.forEach((id, i) => {
    const atual = stock.find((s) => s.id === id)!.estoque;
    expect(atual).toBeGreaterThanOrEqual(0);
    expect(atual).toBe(inicial[i]! - (vendidos.find((v) => v.produtoId === id)?.q ?? 0));
    expect(atual).toBe(model.estoque[i]);
  });
}

async function refusedWith(work: () => Promise<unknown>): Promise<string | null> {
  try {
    await work();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe('ledger invariants under random operations', () => {
  it('hold after every step of random sales, payments, adjustments and cancellations', async () => {
    await fc.assert(
      fc.asyncProperty(setupArb, fc.array(opArb, { minLength: 1, maxLength: 24 }), async (setup, ops) => {
        const owner = seller.id;
        const cs = await Promise.all(setup.limites.map((limite) => insertCliente(t, owner, { limiteCredito: limite })));
        const ps = await Promise.all(setup.estoques.map((estoque, i) => insertProduto(t, owner, { estoqueAtual: estoque, precoVenda: setup.precos[i]! })));
        const clienteIds = cs.map((c) => c.id);
        const produtoIds = ps.map((p) => p.id);
        const model: Model = { saldo: [0, 0], estoque: [...setup.estoques], vendas: [] };
        const run = <T>(work: Parameters<typeof withSeller<T>>[2]) => withSeller(t.db, owner, work);

        for (const op of ops) {
          if (op.kind === 'venda') {
            const total = setup.precos[op.produto]! * op.quantidade;
            const expectedRefusal =
              op.quantidade > model.estoque[op.produto]!
                ? 'ESTOQUE_INSUFICIENTE'
                : op.forma === 'fiado' && fiadoBloqueado({ limite: setup.limites[op.cliente]!, saldoAtual: model.saldo[op.cliente]!, valorVenda: total })
                  ? 'FIADO_NAO_PERMITIDO'
                  : op.forma === 'fiado' && !op.confirmar && verificarLimite({ limite: setup.limites[op.cliente]!, saldoAtual: model.saldo[op.cliente]!, valorVenda: total }).excedido
                  ? 'LIMITE_EXCEDIDO'
                  : null;
            let id = '';
            const refused = await refusedWith(async () => {
              const venda = await run((tx) =>
                createVenda(tx, owner, {
                  formaPagamento: op.forma,
                  clienteId: op.forma === 'fiado' ? clienteIds[op.cliente]! : null,
                  itens: [{ produtoId: produtoIds[op.produto]!, quantidade: op.quantidade }],
                  observacoes: null,
                  confirmarLimiteExcedido: op.confirmar,
                }),
              );
              id = venda.id;
            });
            expect(refused).toBe(expectedRefusal);
            if (!refused) {
              model.estoque[op.produto]! -= op.quantidade;
              if (op.forma === 'fiado') model.saldo[op.cliente]! -= total;
              model.vendas.push({ id, forma: op.forma, cliente: op.forma === 'fiado' ? op.cliente : null, produto: op.produto, quantidade: op.quantidade, total, cancelada: false });
            }
          } else if (op.kind === 'pagamento') {
            await run((tx) => registrarPagamento(tx, owner, clienteIds[op.cliente]!, { valor: op.valor, metodo: 'dinheiro' }));
            model.saldo[op.cliente]! += op.valor;
          } else if (op.kind === 'ajuste') {
            await run((tx) => registrarAjuste(tx, owner, clienteIds[op.cliente]!, { tipo: op.credito ? 'credito' : 'debito', valor: op.valor, motivo: 'teste' }));
            model.saldo[op.cliente]! += op.credito ? op.valor : -op.valor;
          } else if (model.vendas.length > 0) {
            const venda = model.vendas[op.venda % model.vendas.length]!;
            const refused = await refusedWith(() => run((tx) => cancelVenda(tx, owner, venda.id)));
            expect(refused).toBe(venda.cancelada ? 'VENDA_JA_CANCELADA' : null);
            if (!venda.cancelada) {
              venda.cancelada = true;
              model.estoque[venda.produto]! += venda.quantidade;
              if (venda.forma === 'fiado') model.saldo[venda.cliente!]! += venda.total;
            }
          }
          await checkInvariants(clienteIds, produtoIds, setup.estoques, model);
        }
      }),
      {
        numRuns: 25,
        // Known tricky paths, always run besides the random ones: a debit adjustment after a
        // payment covered a sale (coverage taken back), credit paying a new sale, and cancelling
        // a partly paid sale.
        examples: [
          [
            { limites: [0, 0], estoques: [1, 0], precos: [1, 1] },
            [
              { kind: 'pagamento', cliente: 1, valor: 1 },
              { kind: 'venda', forma: 'fiado', cliente: 1, produto: 0, quantidade: 1, confirmar: false },
              { kind: 'ajuste', cliente: 1, credito: false, valor: 1 },
              { kind: 'pagamento', cliente: 0, valor: 1 },
            ],
          ],
          [
            { limites: [5_000, 1_000_000], estoques: [10, 10], precos: [1_000, 700] },
            [
              { kind: 'venda', forma: 'fiado', cliente: 1, produto: 0, quantidade: 2, confirmar: false },
              { kind: 'venda', forma: 'fiado', cliente: 1, produto: 1, quantidade: 1, confirmar: false },
              { kind: 'pagamento', cliente: 1, valor: 2_500 },
              { kind: 'cancelar', venda: 0 },
              { kind: 'venda', forma: 'fiado', cliente: 1, produto: 1, quantidade: 3, confirmar: false },
              { kind: 'ajuste', cliente: 1, credito: false, valor: 4_000 },
              { kind: 'ajuste', cliente: 1, credito: true, valor: 3_000 },
              { kind: 'cancelar', venda: 2 },
            ],
          ],
        ],
      },
    );
    // Hundreds of transactions (each now also committing its rollups): room for a busy machine.
  }, 180_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { inArray, sql } from 'drizzle-orm';
import { dateInTimeZone, diasEmAtraso, dividaDoRazao, normalizeForSearch, vencimentoDevedor, type EntradaDivida, type RegraVencimento } from '@caderneta/shared';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { insertCliente, insertProduto } from '../../../test/fixtures';
import { withSeller } from '../../db/client';
import { clientes, lancamentos, vendas } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { queryRows } from '../../lib/sql';
import { registrarAjuste, registrarPagamento } from '../financeiro/financeiro.service';
import { cancelVenda, createVenda } from '../vendas/vendas.service';
import { devedoresSql } from './devedores.sql';
import { salvarCobranca, salvarPromessa } from './devedores.service';

let t: TestApp;
let seller: SellerSession;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await createSeller(t);
});
afterAll(() => t.close());

const DAY = 86_400_000;
const instantArb = fc.integer({ min: Date.UTC(2023, 0, 1), max: Date.UTC(2029, 11, 31) }).map((ms) => new Date(ms));
const isoArb = instantArb.map((d) => d.toISOString().slice(0, 10));
const regraArb: fc.Arbitrary<RegraVencimento> = fc.oneof(
  fc.record({ tipo: fc.constant('proximo_mes' as const), diaVencimento: fc.integer({ min: 1, max: 28 }), diasPrazo: fc.constant(30), dataFixa: fc.constant(null) }),
  fc.record({ tipo: fc.constant('dias_fixos' as const), diaVencimento: fc.constant(1), diasPrazo: fc.integer({ min: 1, max: 365 }), dataFixa: fc.constant(null) }),
  fc.record({ tipo: fc.constant('data_fixa' as const), diaVencimento: fc.constant(1), diasPrazo: fc.constant(30), dataFixa: fc.option(isoArb, { nil: null }) }),
);

describe('due dates in SQL', () => {
  it('equal the shared rules for any sale instant, own date, rule, time zone and day', { timeout: 120_000 }, async () => {
    const owner = seller.id;
    // Sale instants spread over years, many of them near midnight (the day differs from UTC's).
    const rows = fc.sample(
      fc.record({
        desde: fc.oneof(instantArb, instantArb.map((d) => new Date(Math.floor(d.getTime() / DAY) * DAY + 2.5 * 3_600_000)), fc.constant(null)),
        proprio: fc.option(isoArb, { nil: null, freq: 4 }),
      }),
      { numRuns: 250, seed: 12 },
    );
    await withSeller(t.db, owner, (tx) =>
      tx.insert(clientes).values(
        rows.map((r, i) => ({
          ownerId: owner,
          nome: `Cliente ${i}`,
          nomeBusca: normalizeForSearch(`Cliente ${i}`),
          telefone: '11987654321',
          saldoAtual: -100,
          pendenteDesde: r.desde,
          dataVencimento: r.proprio,
        })),
      ),
    );
    await fc.assert(
      fc.asyncProperty(regraArb, fc.constantFrom('America/Sao_Paulo', 'America/Manaus', 'America/Noronha', 'UTC'), isoArb, async (regra, fuso, hoje) => {
        const fromSql = await withSeller(t.db, owner, (tx) =>
          queryRows<{ pendente_desde: string | Date | null; data_vencimento: string | null; vencimento: string; dias: number }>(
            tx,
            sql`select d.pendente_desde, to_char(d.data_vencimento, 'YYYY-MM-DD') as data_vencimento, to_char(d.vencimento, 'YYYY-MM-DD') as vencimento, d.dias::int as dias
                from ${devedoresSql({ ownerId: owner, regra, fuso, hoje }, sql`true`)}`,
          ),
        );
        expect(fromSql).toHaveLength(rows.length);
        for (const row of fromSql) {
          const desde = row.pendente_desde === null ? null : new Date(row.pendente_desde);
          const esperado = vencimentoDevedor({
            dataVencimento: row.data_vencimento,
            pendenteDesde: desde ? dateInTimeZone(desde, fuso) : null,
            regra,
            hoje,
          });
          expect(row.vencimento, JSON.stringify({ regra, fuso, hoje, desde })).toBe(esperado);
          expect(Number(row.dias)).toBe(diasEmAtraso(esperado, hoje));
        }
      }),
      { numRuns: 40, seed: 7 },
    );
  });
});

/** A customer's ledger as the shared rule reads it: fiado sales, and every entry but sales and their cancellations. */
async function razao(clienteId: string) {
  const sales = await t.db
    .select({ id: vendas.id, data: vendas.dataVenda, total: vendas.valorTotal, status: vendas.statusPagamento })
    .from(vendas)
    .where(sql`${vendas.clienteId} = ${clienteId} and ${vendas.formaPagamento} = 'fiado'`);
  const outros = await t.db
    .select({ id: lancamentos.id, data: lancamentos.createdAt, valor: lancamentos.valor })
    .from(lancamentos)
    .where(sql`${lancamentos.clienteId} = ${clienteId} and ${lancamentos.tipo} <> 'venda' and not (${lancamentos.tipo} = 'estorno' and ${lancamentos.vendaId} is not null)`);
  const entradas: EntradaDivida[] = [
    ...sales.map((v) => ({ tipo: 'venda' as const, id: v.id, instante: v.data.toISOString(), total: v.total, cancelada: v.status === 'cancelado' })),
    ...outros.map((l) => ({ tipo: 'avulso' as const, id: l.id, instante: l.data.toISOString(), valor: l.valor })),
  ];
  return dividaDoRazao(entradas);
}

type Op =
  | { kind: 'venda'; cliente: number; diasAtras: number; preco: number }
  | { kind: 'pagamento'; cliente: number; valor: number }
  | { kind: 'ajuste'; cliente: number; credito: boolean; valor: number }
  | { kind: 'cancelar'; venda: number }
  | { kind: 'cobranca'; cliente: number; diasAFrente: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('venda' as const), cliente: fc.nat(1), diasAtras: fc.integer({ min: 0, max: 120 }), preco: fc.integer({ min: 100, max: 5_000 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pagamento' as const), cliente: fc.nat(1), valor: fc.integer({ min: 1, max: 8_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('ajuste' as const), cliente: fc.nat(1), credito: fc.boolean(), valor: fc.integer({ min: 1, max: 4_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancelar' as const), venda: fc.nat(30) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cobranca' as const), cliente: fc.nat(1), diasAFrente: fc.integer({ min: 0, max: 30 }) }) },
);

describe('clientes.pendente_desde', () => {
  it('always equals the oldest open debt of the ledger (shared dividaDoRazao), and a paid-off debt keeps no own date or promise', { timeout: 300_000 }, async () => {
    // A seller of its own: the rows above stay out of this one's way.
    const owner = (await createSeller(t)).id;
    const run = <T>(work: Parameters<typeof withSeller<T>>[2]) => withSeller(t.db, owner, work);
    const now = new Date();
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 20 }), async (ops) => {
        const cs = await Promise.all([0, 1].map(() => insertCliente(t, owner, { limiteCredito: 100_000_000 })));
        const ids = cs.map((c) => c.id);
        const sales: string[] = [];
        for (const op of ops) {
          if (op.kind === 'venda') {
            const produto = await insertProduto(t, owner, { precoVenda: op.preco, estoqueAtual: 5 });
            // Sales arrive out of date order (the demo and imports write history), so the oldest is not the first.
            const at = new Date(now.getTime() - op.diasAtras * DAY - (op.preco % 1000) * 60_000);
            const venda = await run((tx) =>
              createVenda(tx, owner, { formaPagamento: 'fiado', clienteId: ids[op.cliente]!, itens: [{ produtoId: produto.id, quantidade: 1 }], observacoes: null, confirmarLimiteExcedido: true }, { at }),
            );
            sales.push(venda.id);
          } else if (op.kind === 'pagamento') {
            await run((tx) => registrarPagamento(tx, owner, ids[op.cliente]!, { valor: op.valor, metodo: 'pix' }));
          } else if (op.kind === 'ajuste') {
            await run((tx) => registrarAjuste(tx, owner, ids[op.cliente]!, { tipo: op.credito ? 'credito' : 'debito', valor: op.valor, motivo: 'teste' }));
          } else if (op.kind === 'cancelar') {
            if (sales.length === 0) continue;
            await run((tx) => cancelVenda(tx, owner, sales[op.venda % sales.length]!)).catch((error: unknown) => {
              if (!(error instanceof AppError && error.code === 'VENDA_JA_CANCELADA')) throw error;
            });
          } else {
            const dia = new Date(now.getTime() + op.diasAFrente * DAY).toISOString().slice(0, 10);
            await run(async (tx) => {
              await salvarCobranca(tx, owner, ids[op.cliente]!, { observacoes: null, dataVencimento: dia }, now);
              await salvarPromessa(tx, owner, ids[op.cliente]!, dia, now);
            }).catch((error: unknown) => {
              // Only a customer who owes may get a due date or a promise.
              if (!(error instanceof AppError && error.code === 'CLIENTE_SEM_DIVIDA')) throw error;
            });
          }

          const rows = await t.db.select().from(clientes).where(inArray(clientes.id, ids));
          for (const row of rows) {
            const esperado = await razao(row.id);
            expect(row.saldoAtual, `${row.id} balance`).toBe(esperado.saldoAtual);
            expect(row.pendenteDesde?.toISOString() ?? null, `${row.id} after ${JSON.stringify(op)}`).toBe(esperado.pendenteDesde);
            if (row.saldoAtual >= 0) {
              expect(row.dataVencimento).toBeNull();
              expect(row.promessaPagamento).toBeNull();
            }
          }
        }
      }),
      { numRuns: 20, seed: 3 },
    );
  });
});

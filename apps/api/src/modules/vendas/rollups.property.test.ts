import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { rowsOf } from '../../../test/db';
import { insertCliente, insertProduto } from '../../../test/fixtures';
import { withSeller } from '../../db/client';
import { AppError } from '../../lib/errors';
import { registrarAjuste, registrarPagamento } from '../financeiro/financeiro.service';
import { relatorioClientes, relatorioProdutos } from '../relatorios/relatorios.service';
import { periodoAnterior, resumoDoPeriodo } from './rollups.service';
import { cancelVenda, createVenda } from './vendas.service';

/**
 * The counters and hourly rollups (migration 0004) must always equal a full recount of the rows
 * they summarise, after any sequence of sales (dated across hours and days), payments,
 * adjustments, cancellations, customer deactivations, agreed due dates and time zone changes — on
 * PGlite and on PostgreSQL. And the
 * report function built on them must give, for any period and any of the whole-hour time zones the
 * app offers (with and without daylight saving), what adding up the sales themselves gives.
 */

type Op =
  | { kind: 'venda'; forma: 'vista' | 'fiado'; cliente: number; produto: number; quantidade: number; horas: number }
  | { kind: 'pagamento'; cliente: number; valor: number; metodo: 'dinheiro' | 'pix' | 'cartao'; horas: number }
  | { kind: 'ajuste'; cliente: number; credito: boolean; valor: number }
  | { kind: 'cancelar'; venda: number }
  | { kind: 'ativo'; cliente: number; ativo: boolean }
  | { kind: 'combinado'; cliente: number; dias: number | null }
  | { kind: 'fuso'; fuso: string };

/** Whole-hour time zones the app offers, with and without daylight saving. */
const ZONAS = ['America/Sao_Paulo', 'America/Manaus', 'America/Noronha', 'America/Rio_Branco', 'Europe/Madrid', 'America/New_York'];

// Hours before now: sales and payments land in many different hours, days and months.
const horasArb = fc.integer({ min: 0, max: 24 * 100 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('venda' as const),
      forma: fc.constantFrom('vista' as const, 'fiado' as const),
      cliente: fc.nat(2),
      produto: fc.nat(1),
      quantidade: fc.integer({ min: 1, max: 3 }),
      horas: horasArb,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('pagamento' as const),
      cliente: fc.nat(2),
      valor: fc.integer({ min: 1, max: 5_000 }),
      metodo: fc.constantFrom('dinheiro' as const, 'pix' as const, 'cartao' as const),
      horas: horasArb,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('ajuste' as const), cliente: fc.nat(2), credito: fc.boolean(), valor: fc.integer({ min: 1, max: 4_000 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('cancelar' as const), venda: fc.nat(30) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('ativo' as const), cliente: fc.nat(2), ativo: fc.boolean() }) },
  // A due date agreed with the customer, or the agreement dropped (the debts by due day, 0030).
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('combinado' as const), cliente: fc.nat(2), dias: fc.option(fc.integer({ min: -40, max: 40 }), { nil: null }) }) },
  // The shop moves to another time zone: its days are counted again (migration 0025).
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fuso' as const), fuso: fc.constantFrom(...ZONAS) }) },
);

let t: TestApp;
let seller: SellerSession;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await createSeller(t);
});
afterAll(() => t.close());

const run = <T>(work: Parameters<typeof withSeller<T>>[2]) => withSeller(t.db, seller.id, work);
const rows = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await t.db.execute(query)).map((r) => JSON.stringify(r));

/** Every rollup table next to a recount of its source rows; zero buckets left out of both. */
async function expectRollupsEqualRecount(ownerId: string) {
  expect(
    await rows(sql`select forma_pagamento, status_pagamento, quantidade::int, valor_total::bigint::text, valor_pago::bigint::text, custo_total::bigint::text
      from vendas_totais where owner_id = ${ownerId} and quantidade <> 0 order by 1, 2`),
  ).toEqual(
    await rows(sql`select forma_pagamento, status_pagamento, count(*)::int as quantidade, sum(valor_total)::bigint::text as valor_total,
        sum(valor_pago)::bigint::text as valor_pago, sum(custo_total)::bigint::text as custo_total
      from vendas where owner_id = ${ownerId} group by 1, 2 order by 1, 2`),
  );
  expect(
    await rows(sql`select hora, forma_pagamento, status_pagamento, quantidade::int, valor_total::bigint::text, valor_pago::bigint::text, custo_total::bigint::text
      from vendas_por_hora where owner_id = ${ownerId} and quantidade <> 0 order by 1, 2, 3`),
  ).toEqual(
    await rows(sql`select date_trunc('hour', data_venda, 'UTC') as hora, forma_pagamento, status_pagamento, count(*)::int as quantidade,
        sum(valor_total)::bigint::text as valor_total, sum(valor_pago)::bigint::text as valor_pago, sum(custo_total)::bigint::text as custo_total
      from vendas where owner_id = ${ownerId} group by 1, 2, 3 order by 1, 2, 3`),
  );
  // custo_total of each sale is the cost of its items at the moment of sale.
  expect(
    await rows(sql`select v.id from vendas v where v.owner_id = ${ownerId}
      and v.custo_total <> (select coalesce(sum(i.quantidade * i.custo_unitario), 0) from itens_venda i where i.owner_id = v.owner_id and i.venda_id = v.id)`),
  ).toEqual([]);
  expect(
    await rows(sql`select hora, metodo, quantidade::int, valor::bigint::text from pagamentos_por_hora
      where owner_id = ${ownerId} and quantidade <> 0 order by 1, 2`),
  ).toEqual(
    await rows(sql`select date_trunc('hour', created_at, 'UTC') as hora, metodo, count(*)::int as quantidade, sum(valor)::bigint::text as valor
      from lancamentos where owner_id = ${ownerId} and tipo = 'pagamento' group by 1, 2 order by 1, 2`),
  );
  // The reports' per-product and per-customer rollups of sales not cancelled, by UTC day (migration
  // relatorios_rollup_triggers) and by UTC month (migration 0015_relatorios_por_mes).
  const periods = [
    { key: 'dia', of: (at: string) => `(${at} at time zone 'UTC')::date` },
    { key: 'mes', of: (at: string) => `date_trunc('month', ${at} at time zone 'UTC')::date` },
  ];
  for (const { key, of } of periods) {
    const [k, produtosTable, clientesTable] = [sql.raw(key), sql.raw(`produtos_por_${key}`), sql.raw(`clientes_por_${key}`)];
    expect(
      await rows(sql`select ${k}::text, produto_id, quantidade::bigint::text, valor_total::bigint::text, custo_total::bigint::text
        from ${produtosTable} where owner_id = ${ownerId} and quantidade <> 0 order by 1, 2`),
    ).toEqual(
      await rows(sql`select ${sql.raw(of('v.data_venda'))}::text as ${k}, i.produto_id, sum(i.quantidade)::bigint::text as quantidade,
          sum(i.subtotal)::bigint::text as valor_total, sum(i.quantidade::bigint * i.custo_unitario)::bigint::text as custo_total
        from itens_venda i join vendas v on v.owner_id = i.owner_id and v.id = i.venda_id
        where i.owner_id = ${ownerId} and v.status_pagamento <> 'cancelado' group by 1, 2 order by 1, 2`),
    );
    expect(await rows(sql`select count(*)::int as n from ${produtosTable} where owner_id = ${ownerId} and quantidade = 0 and (valor_total <> 0 or custo_total <> 0)`)).toEqual(['{"n":0}']);
    expect(
      await rows(sql`select ${k}::text, cliente_id, quantidade::int, valor_total::bigint::text
        from ${clientesTable} where owner_id = ${ownerId} and quantidade <> 0 order by 1, 2`),
    ).toEqual(
      await rows(sql`select ${sql.raw(of('data_venda'))}::text as ${k}, cliente_id, count(*)::int as quantidade, sum(valor_total)::bigint::text as valor_total
        from vendas where owner_id = ${ownerId} and cliente_id is not null and status_pagamento <> 'cancelado' group by 1, 2 order by 1, 2`),
    );
  }
  // By the shop's calendar, in its time zone of now (migration 0025).
  const local = (at: string) => sql.raw(`(${at} at time zone fuso_da_loja(owner_id))`);
  expect(
    await rows(sql`select dia::text, forma_pagamento, status_pagamento, quantidade::int, valor_total::bigint::text, valor_pago::bigint::text, custo_total::bigint::text
      from vendas_por_dia_da_loja where owner_id = ${ownerId} and quantidade <> 0 order by 1, 2, 3`),
  ).toEqual(
    await rows(sql`select ${local('data_venda')}::date::text as dia, forma_pagamento, status_pagamento, count(*)::int as quantidade,
        sum(valor_total)::bigint::text as valor_total, sum(valor_pago)::bigint::text as valor_pago, sum(custo_total)::bigint::text as custo_total
      from vendas where owner_id = ${ownerId} group by 1, 2, 3 order by 1, 2, 3`),
  );
  expect(
    await rows(sql`select mes::text, hora::int, quantidade::int, valor_total::bigint::text, custo_total::bigint::text
      from vendas_por_hora_do_mes where owner_id = ${ownerId} and quantidade <> 0 order by 1, 2`),
  ).toEqual(
    await rows(sql`select date_trunc('month', ${local('data_venda')})::date::text as mes, extract(hour from ${local('data_venda')})::int as hora,
        count(*)::int as quantidade, sum(valor_total)::bigint::text as valor_total, sum(custo_total)::bigint::text as custo_total
      from vendas where owner_id = ${ownerId} and status_pagamento <> 'cancelado' group by 1, 2 order by 1, 2`),
  );
  expect(
    await rows(sql`select dia::text, metodo, quantidade::int, valor::bigint::text from pagamentos_por_dia_da_loja
      where owner_id = ${ownerId} and quantidade <> 0 order by 1, 2`),
  ).toEqual(
    await rows(sql`select ${local('created_at')}::date::text as dia, metodo, count(*)::int as quantidade, sum(valor)::bigint::text as valor
      from lancamentos where owner_id = ${ownerId} and tipo = 'pagamento' group by 1, 2 order by 1, 2`),
  );
  // Who owes, by active flag, agreed date and the shop's day their debt started (migration 0030); no empty group kept.
  expect(
    await rows(sql`select ativo, nullif(combinado, 'infinity')::text as combinado, nullif(dia, 'infinity')::text as dia, quantidade::int, valor::bigint::text
      from devedores_por_dia where owner_id = ${ownerId} order by 1, 2 nulls first, 3 nulls first`),
  ).toEqual(
    await rows(sql`select ativo, data_vencimento::text as combinado, ${local('pendente_desde')}::date::text as dia, count(*)::int as quantidade,
        sum(-saldo_atual)::bigint::text as valor
      from clientes where owner_id = ${ownerId} and saldo_atual < 0 group by 1, 2, 3 order by 1, 2 nulls first, 3 nulls first`),
  );
  expect(await rows(sql`select ativo, quantidade::int, devedores::int from clientes_totais where owner_id = ${ownerId} and quantidade <> 0 order by 1`)).toEqual(
    await rows(sql`select ativo, count(*)::int as quantidade, (count(*) filter (where saldo_atual < 0))::int as devedores
      from clientes where owner_id = ${ownerId} group by 1 order by 1`),
  );
}

async function refused(work: () => Promise<unknown>): Promise<boolean> {
  try {
    await work();
    return false;
  } catch (error) {
    if (error instanceof AppError) return true;
    throw error;
  }
}

describe('sales rollups', () => {
  it('equal a full recount after random sales, payments, adjustments, cancellations and deactivations', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 20 }), async (ops) => {
        const owner = seller.id;
        const cs = await Promise.all([0, 1, 2].map((i) => insertCliente(t, owner, { limiteCredito: i === 0 ? 0 : 10_000_000 })));
        const ps = await Promise.all([0, 1].map((i) => insertProduto(t, owner, { estoqueAtual: 30, precoVenda: 700 + i * 450, precoCusto: 300 + i * 111 })));
        const vendaIds: string[] = [];
        for (const op of ops) {
          const at = 'horas' in op ? new Date(Date.now() - op.horas * 3_600_000 - Math.floor(Math.random() * 3_600_000)) : undefined;
          if (op.kind === 'venda') {
            await refused(async () => {
              const venda = await run((tx) =>
                createVenda(
                  tx,
                  owner,
                  {
                    formaPagamento: op.forma,
                    clienteId: op.forma === 'fiado' || op.cliente === 2 ? cs[op.cliente]!.id : null,
                    itens: [{ produtoId: ps[op.produto]!.id, quantidade: op.quantidade }],
                    observacoes: null,
                    confirmarLimiteExcedido: true,
                  },
                  { at },
                ),
              );
              vendaIds.push(venda.id);
            });
          } else if (op.kind === 'pagamento') {
            await run((tx) => registrarPagamento(tx, owner, cs[op.cliente]!.id, { valor: op.valor, metodo: op.metodo }, { at }));
          } else if (op.kind === 'ajuste') {
            await run((tx) => registrarAjuste(tx, owner, cs[op.cliente]!.id, { tipo: op.credito ? 'credito' : 'debito', valor: op.valor, motivo: 'teste' }));
          } else if (op.kind === 'cancelar') {
            if (vendaIds.length) await refused(() => run((tx) => cancelVenda(tx, owner, vendaIds[op.venda % vendaIds.length]!)));
          } else if (op.kind === 'combinado') {
            const dia = op.dias === null ? null : new Date(Date.now() + op.dias * 86_400_000).toISOString().slice(0, 10);
            await run((tx) => tx.execute(sql`update clientes set data_vencimento = ${dia} where owner_id = ${owner} and id = ${cs[op.cliente]!.id}`));
          } else if (op.kind === 'fuso') {
            await run((tx) => tx.execute(sql`update perfis set fuso_horario = ${op.fuso} where owner_id = ${owner}`));
          } else {
            await run((tx) => tx.execute(sql`update clientes set ativo = ${op.ativo} where owner_id = ${owner} and id = ${cs[op.cliente]!.id}`));
          }
          await expectRollupsEqualRecount(owner);
        }
      }),
      { numRuns: 12 },
    );
    // Hundreds of transactions with recounts in between: room for a busy shared machine.
  }, 180_000);

  it('answer any period in any whole-hour time zone as adding up the sales themselves does', async () => {
    const owner = seller.id;
    // The shop's own zone is read from its days (0025), any other from its hours; null: the shop's
    // zone is the report's, as in the app.
    const outroFuso = fc.option(fc.constantFrom(...ZONAS), { nil: null });
    await fc.assert(
      // Up to 76 days: periods with and without whole months inside (the monthly rollups).
      fc.asyncProperty(outroFuso, fc.constantFrom(...ZONAS), fc.integer({ min: 0, max: 45 }), fc.integer({ min: 0, max: 75 }), async (fusoDaLoja, zone, back, length) => {
        await run((tx) => tx.execute(sql`update perfis set fuso_horario = ${fusoDaLoja ?? zone} where owner_id = ${owner}`));
        const ate = new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
        const de = new Date(Date.parse(ate) - length * 86_400_000).toISOString().slice(0, 10);
        const resumo = await run((tx) => resumoDoPeriodo(tx, owner, de, ate, zone));
        const [direto] = rowsOf<Record<string, string | number | null>>(
          await t.db.execute(sql`
            with v as (select *, data_venda at time zone ${zone} as local from vendas
                       where owner_id = ${owner} and (data_venda at time zone ${zone})::date between ${de}::date and ${ate}::date)
            select (count(*) filter (where status_pagamento <> 'cancelado'))::int as quantidade,
                   coalesce(sum(valor_total) filter (where status_pagamento <> 'cancelado'), 0)::bigint::text as valor,
                   coalesce(sum(custo_total) filter (where status_pagamento <> 'cancelado'), 0)::bigint::text as custo,
                   coalesce(sum(valor_total) filter (where status_pagamento <> 'cancelado' and forma_pagamento = 'fiado'), 0)::bigint::text as fiado,
                   (count(*) filter (where status_pagamento = 'cancelado'))::int as canceladas,
                   (select string_agg(d || ':' || n, ',' order by d) from (select to_char(local, 'YYYY-MM-DD') d, count(*) n from v
                      where status_pagamento <> 'cancelado' group by 1) x) as dias,
                   (select string_agg(h || ':' || n, ',' order by h) from (select extract(hour from local)::int h, count(*) n from v
                      where status_pagamento <> 'cancelado' group by 1) x) as horas,
                   (select coalesce(sum(valor), 0)::bigint::text from lancamentos where owner_id = ${owner} and tipo = 'pagamento'
                      and (created_at at time zone ${zone})::date between ${de}::date and ${ate}::date) as pagamentos
            from v`),
        );
        expect(resumo.vendas.quantidade).toBe(Number(direto!.quantidade));
        expect(resumo.vendas.valorTotal).toBe(Number(direto!.valor));
        expect(resumo.vendas.custoTotal).toBe(Number(direto!.custo));
        expect(resumo.vendas.porForma.fiado.valorTotal).toBe(Number(direto!.fiado));
        expect(resumo.canceladas.quantidade).toBe(Number(direto!.canceladas));
        expect(resumo.porDia.map((d) => `${d.data}:${d.quantidade}`).join(',')).toBe(direto!.dias ?? '');
        expect(resumo.porHora.map((h) => `${h.hora}:${h.quantidade}`).join(',')).toBe(direto!.horas ?? '');
        expect(resumo.porDiaSemana.reduce((s, d) => s + d.quantidade, 0)).toBe(resumo.vendas.quantidade);
        expect(resumo.pagamentos.valor).toBe(Number(direto!.pagamentos));

        // The reports' per-product and per-customer figures (UTC-month and UTC-day rollups plus the period's partial UTC days).
        const periodo = { de, ate, mes: null, dias: length + 1, anterior: periodoAnterior(de, ate), hoje: ate, timeZone: zone };
        const produtos = await run((tx) => relatorioProdutos(tx, owner, periodo));
        const clientes = await run((tx) => relatorioClientes(tx, owner, periodo));
        const [itens] = rowsOf<Record<string, string | null>>(
          await t.db.execute(sql`
            with v as (select * from vendas where owner_id = ${owner} and status_pagamento <> 'cancelado'
                         and (data_venda at time zone ${zone})::date between ${de}::date and ${ate}::date)
            select (select string_agg(produto_id || ':' || q || ':' || s || ':' || c, ',' order by produto_id) from (
                      select i.produto_id, sum(i.quantidade) q, sum(i.subtotal) s, sum(i.quantidade * i.custo_unitario) c
                      from v join itens_venda i on i.owner_id = v.owner_id and i.venda_id = v.id group by 1) x) as produtos,
                   (select count(distinct cliente_id)::text from v) as compradores`),
        );
        expect(
          [...produtos.margens]
            .sort((a, b) => (a.id < b.id ? -1 : 1))
            .map((p) => `${p.id}:${p.quantidade}:${p.valor}:${p.custo}`)
            .join(','),
        ).toBe(itens!.produtos ?? '');
        expect(produtos.unidades.atual).toBe(produtos.margens.reduce((sum, p) => sum + p.quantidade, 0));
        expect(produtos.receita.atual).toBe(resumo.vendas.valorTotal);
        expect(clientes.compradores.atual).toBe(Number(itens!.compradores));
      }),
      { numRuns: 40 },
    );
  }, 180_000);
});

import pg from 'pg';
import { allocateOldestFirst } from '@caderneta/shared';

/*
 * What must hold in any database Caderneta wrote, whatever ran concurrently or crashed: checked
 * over every seller at once, from a connection that bypasses row-level security (the test
 * server's superuser). Each check answers the rows that break it; an empty list is a pass.
 */

export interface Violation {
  rule: string;
  row: Record<string, unknown>;
}

const CHECKS: { rule: string; sql: string }[] = [
  {
    rule: 'a sale without items',
    sql: `select v.owner_id, v.id from vendas v
          where not exists (select 1 from itens_venda i where i.owner_id = v.owner_id and i.venda_id = v.id)`,
  },
  {
    rule: "a sale's items do not add up to its total",
    sql: `select v.id, v.valor_total, sum(i.subtotal)::bigint as itens from vendas v
          join itens_venda i on i.owner_id = v.owner_id and i.venda_id = v.id
          group by v.id, v.valor_total having sum(i.subtotal) <> v.valor_total`,
  },
  {
    // valorDaLinha in SQL: × price ÷ the unit's scale, rounded half-up (kg and L are kept in thousandths).
    // A line sells for its value less its own discount and its share of the sale's (ADR 032).
    rule: "an item's subtotal or cost is not quantity × unit price or cost (valorDaLinha), less its discounts",
    sql: `select i.id, i.unidade, i.quantidade, i.preco_unitario, i.desconto, i.desconto_rateado, i.subtotal, i.custo
            from itens_venda i, lateral (select case when i.unidade in ('kg', 'l') then 1000 else 1 end as e) s
           where i.subtotal <> floor((i.quantidade::numeric * i.preco_unitario * 2 + s.e) / (s.e * 2)) - i.desconto - i.desconto_rateado
              or i.custo <> floor((i.quantidade::numeric * i.custo_unitario * 2 + s.e) / (s.e * 2))`,
  },
  {
    rule: "a sale's discount is not its lines' shares, or its total discount not all of its lines' discounts",
    sql: `select v.id, v.desconto, v.desconto_total, coalesce(sum(i.desconto_rateado), 0)::bigint as rateado,
                 coalesce(sum(i.desconto + i.desconto_rateado), 0)::bigint as descontos from vendas v
          left join itens_venda i on i.owner_id = v.owner_id and i.venda_id = v.id
          group by v.id, v.desconto, v.desconto_total
          having v.desconto <> coalesce(sum(i.desconto_rateado), 0) or v.desconto_total <> coalesce(sum(i.desconto + i.desconto_rateado), 0)`,
  },
  {
    // Only an offline sale arrives past what it would have been refused for (ADR 034); a shortfall
    // names a product the sale sold, and no more of it than the sale took.
    rule: "an online sale with alerts, or an offline sale's shortfall not within its lines",
    sql: `select v.id, v.feita_offline, a as alerta from vendas v, jsonb_array_elements(v.alertas) a
           where not v.feita_offline
              or (a ->> 'tipo' = 'estoque' and ((a ->> 'faltou')::bigint <= 0 or (a ->> 'faltou')::bigint > coalesce((
                    select sum(i.quantidade) from itens_venda i
                     where i.owner_id = v.owner_id and i.venda_id = v.id and i.produto_id::text = a ->> 'produtoId'), 0)))`,
  },
  {
    rule: 'a loose line (no product) is not one unit of its value, without cost',
    sql: `select id, quantidade, preco_unitario, subtotal, custo from itens_venda
           where produto_id is null and (quantidade <> 1 or unidade <> 'un' or custo_unitario <> 0 or custo <> 0)`,
  },
  {
    rule: 'saldo_atual differs from the ledger sum',
    sql: `select c.id, c.saldo_atual, coalesce(sum(l.valor), 0)::bigint as razao from clientes c
          left join lancamentos l on l.owner_id = c.owner_id and l.cliente_id = c.id
          group by c.id, c.saldo_atual having c.saldo_atual <> coalesce(sum(l.valor), 0)`,
  },
  { rule: 'stock below zero', sql: `select id, estoque_atual from produtos where estoque_atual < 0` },
  {
    rule: "a sale's own ledger entries do not match it (active fiado: −total; cancelled or à vista: 0)",
    sql: `select v.id, v.forma_pagamento, v.status_pagamento, v.valor_total, coalesce(sum(l.valor), 0)::bigint as razao from vendas v
          left join lancamentos l on l.owner_id = v.owner_id and l.venda_id = v.id
          group by v.owner_id, v.id
          having coalesce(sum(l.valor), 0) <> case when v.forma_pagamento = 'fiado' and v.status_pagamento <> 'cancelado' then -v.valor_total else 0 end`,
  },
  {
    rule: 'a sale whose paid part or status is impossible',
    sql: `select id, forma_pagamento, status_pagamento, valor_total, valor_pago from vendas
          where (status_pagamento = 'cancelado' and valor_pago <> 0)
             or (forma_pagamento = 'vista' and status_pagamento <> 'cancelado' and (status_pagamento <> 'pago' or valor_pago <> valor_total))
             or (status_pagamento = 'pago' and valor_pago <> valor_total)
             or (status_pagamento = 'pendente' and valor_pago >= valor_total)`,
  },
  // Counters and rollups = recount (migration 0005's triggers, docs/decisions/011-sales-rollups.md).
  // A bucket of zeros is the same as no bucket: the triggers leave emptied buckets in place.
  {
    rule: "a sale's custo_total is not the sum of its items' costs",
    sql: `select v.id, v.custo_total, coalesce(sum(i.custo), 0)::bigint as itens from vendas v
          left join itens_venda i on i.owner_id = v.owner_id and i.venda_id = v.id
          group by v.id, v.custo_total having v.custo_total <> coalesce(sum(i.custo), 0)`,
  },
  {
    rule: 'vendas_totais differs from a recount of the sales',
    sql: `select owner_id, forma_pagamento, status_pagamento,
                 t.quantidade, t.valor_total, t.valor_pago, t.custo_total, t.desconto_total,
                 r.quantidade as recontagem, r.valor_total as recontagem_total, r.valor_pago as recontagem_pago, r.custo_total as recontagem_custo,
                 r.desconto_total as recontagem_desconto
            from (select * from vendas_totais where (quantidade, valor_total, valor_pago, custo_total, desconto_total) <> (0, 0, 0, 0, 0)) t
            full join (select owner_id, forma_pagamento, status_pagamento, count(*)::int as quantidade, sum(valor_total)::bigint as valor_total,
                              sum(valor_pago)::bigint as valor_pago, sum(custo_total)::bigint as custo_total,
                              sum(desconto_total)::bigint as desconto_total
                         from vendas group by 1, 2, 3) r using (owner_id, forma_pagamento, status_pagamento)
           where (t.quantidade, t.valor_total, t.valor_pago, t.custo_total, t.desconto_total)
                 is distinct from (r.quantidade, r.valor_total, r.valor_pago, r.custo_total, r.desconto_total)`,
  },
  {
    rule: 'vendas_por_hora differs from a recount of the sales by UTC hour',
    sql: `select owner_id, hora, forma_pagamento, status_pagamento,
                 t.quantidade, t.valor_total, t.valor_pago, t.custo_total, t.desconto_total,
                 r.quantidade as recontagem, r.valor_total as recontagem_total, r.valor_pago as recontagem_pago, r.custo_total as recontagem_custo,
                 r.desconto_total as recontagem_desconto
            from (select * from vendas_por_hora where (quantidade, valor_total, valor_pago, custo_total, desconto_total) <> (0, 0, 0, 0, 0)) t
            full join (select owner_id, date_trunc('hour', data_venda, 'UTC') as hora, forma_pagamento, status_pagamento, count(*)::int as quantidade,
                              sum(valor_total)::bigint as valor_total, sum(valor_pago)::bigint as valor_pago, sum(custo_total)::bigint as custo_total,
                              sum(desconto_total)::bigint as desconto_total
                         from vendas group by 1, 2, 3, 4) r using (owner_id, hora, forma_pagamento, status_pagamento)
           where (t.quantidade, t.valor_total, t.valor_pago, t.custo_total, t.desconto_total)
                 is distinct from (r.quantidade, r.valor_total, r.valor_pago, r.custo_total, r.desconto_total)`,
  },
  {
    rule: 'vendas_por_atendente differs from a recount of the sales not cancelled by person and UTC hour',
    sql: `select owner_id, hora, criado_por, t.quantidade, t.valor_total, t.desconto_total,
                 r.quantidade as recontagem, r.valor_total as recontagem_total, r.desconto_total as recontagem_desconto
            from (select * from vendas_por_atendente where (quantidade, valor_total, desconto_total) <> (0, 0, 0)) t
            full join (select owner_id, date_trunc('hour', data_venda, 'UTC') as hora, criado_por, count(*)::int as quantidade,
                              sum(valor_total)::bigint as valor_total, sum(desconto_total)::bigint as desconto_total
                         from vendas where criado_por is not null and status_pagamento <> 'cancelado' group by 1, 2, 3) r
                 using (owner_id, hora, criado_por)
           where (t.quantidade, t.valor_total, t.desconto_total) is distinct from (r.quantidade, r.valor_total, r.desconto_total)`,
  },
  {
    rule: 'pagamentos_por_hora differs from a recount of the ledger payments',
    sql: `select owner_id, hora, metodo, t.quantidade, t.valor, r.quantidade as recontagem, r.valor as recontagem_valor
            from (select * from pagamentos_por_hora where (quantidade, valor) <> (0, 0)) t
            full join (select owner_id, date_trunc('hour', created_at, 'UTC') as hora, coalesce(metodo, 'dinheiro') as metodo,
                              count(*)::int as quantidade, sum(valor)::bigint as valor
                         from lancamentos where tipo = 'pagamento' group by 1, 2, 3) r using (owner_id, hora, metodo)
           where (t.quantidade, t.valor) is distinct from (r.quantidade, r.valor)`,
  },
  {
    rule: 'clientes_totais differs from a recount of the customers',
    sql: `select owner_id, ativo, t.quantidade, t.devedores, r.quantidade as recontagem, r.devedores as recontagem_devedores
            from (select * from clientes_totais where (quantidade, devedores) <> (0, 0)) t
            full join (select owner_id, ativo, count(*)::int as quantidade, (count(*) filter (where saldo_atual < 0))::int as devedores
                         from clientes group by 1, 2) r using (owner_id, ativo)
           where (t.quantidade, t.devedores) is distinct from (r.quantidade, r.devedores)`,
  },
  {
    // Without it the customer search would fall back to the database for good (ADR 022).
    rule: 'a seller with customers has no search version',
    sql: `select distinct c.owner_id from clientes c where not exists (select 1 from clientes_versao v where v.owner_id = c.owner_id)`,
  },
];

/**
 * Allocation is a function of the ledger (ADR 006): with D the totals of a customer's active fiado
 * sales and P = saldo_atual + D, each sale's valor_pago is allocateOldestFirst(sales by
 * (data_venda, id), P).
 */
async function allocationViolations(query: Query): Promise<Violation[]> {
  const rows = await query<{ cliente_id: string; saldo_atual: string; vendas: { id: string; valor_total: string; valor_pago: string }[] }>(
    `select c.id as cliente_id, c.saldo_atual,
            json_agg(json_build_object('id', v.id, 'valor_total', v.valor_total, 'valor_pago', v.valor_pago) order by v.data_venda, v.id) as vendas
       from clientes c
       join vendas v on v.owner_id = c.owner_id and v.cliente_id = c.id and v.forma_pagamento = 'fiado' and v.status_pagamento <> 'cancelado'
      group by c.id, c.saldo_atual`,
  );
  const violations: Violation[] = [];
  for (const row of rows) {
    const sales = row.vendas.map((v) => ({ id: v.id, valorTotal: Number(v.valor_total), valorPago: Number(v.valor_pago) }));
    const pool = Number(row.saldo_atual) + sales.reduce((sum, v) => sum + v.valorTotal, 0);
    const expected = allocateOldestFirst(sales, pool).allocations;
    for (const [i, sale] of sales.entries()) {
      if (sale.valorPago !== expected[i]!.valorPago) {
        violations.push({ rule: 'allocation is not oldest-first', row: { cliente: row.cliente_id, venda: sale.id, valorPago: sale.valorPago, esperado: expected[i]!.valorPago } });
      }
    }
  }
  return violations;
}

/**
 * Stock is conserved: for the products given with their starting stock, what is left is the start
 * minus the units of the sales that were not cancelled, plus what offline sales among them lacked
 * (they took the stock only down to 0 and keep the shortfall in their alerts, ADR 034).
 */
async function stockViolations(query: Query, inicial: Map<string, number>): Promise<Violation[]> {
  if (inicial.size === 0) return [];
  const rows = await query<{ id: string; estoque_atual: number; vendidas: string; faltaram: string }>(
    `select p.id, p.estoque_atual,
            coalesce((select sum(i.quantidade) from itens_venda i
                        join vendas v on v.owner_id = i.owner_id and v.id = i.venda_id
                       where i.owner_id = p.owner_id and i.produto_id = p.id and v.status_pagamento <> 'cancelado'), 0)::bigint as vendidas,
            coalesce((select sum((a ->> 'faltou')::bigint) from vendas v, jsonb_array_elements(v.alertas) a
                       where v.owner_id = p.owner_id and v.feita_offline and v.status_pagamento <> 'cancelado'
                         and a ->> 'tipo' = 'estoque' and a ->> 'produtoId' = p.id::text), 0)::bigint as faltaram
       from produtos p
      where p.id = any($1::uuid[])`,
    [[...inicial.keys()]],
  );
  return rows
    .filter((r) => Number(r.estoque_atual) !== inicial.get(r.id)! - Number(r.vendidas) + Number(r.faltaram))
    .map((r) => ({
      rule: 'stock is not the start minus what was sold',
      row: { produto: r.id, estoque: Number(r.estoque_atual), inicial: inicial.get(r.id), vendidas: Number(r.vendidas), faltaram: Number(r.faltaram) },
    }));
}

export interface InvariantOptions {
  /** Products whose starting stock the test knows. */
  estoqueInicial?: Map<string, number>;
}

/** A query on a connection that sees every seller's rows: a pg client or a PGlite. */
export type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/** Every violation in the database `query` reads. */
export async function checkInvariants(query: Query, options: InvariantOptions = {}): Promise<Violation[]> {
  const violations: Violation[] = [];
  for (const check of CHECKS) {
    const rows = await query<Record<string, unknown>>(check.sql);
    violations.push(...rows.map((row) => ({ rule: check.rule, row })));
  }
  violations.push(...(await allocationViolations(query)));
  violations.push(...(await stockViolations(query, options.estoqueInicial ?? new Map())));
  return violations;
}

/** Runs `work` with a Query on the PostgreSQL database at `url` (an admin URL: RLS does not apply). */
export async function withAdmin<T>(url: string, work: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(async <R>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[]);
  } finally {
    await client.end();
  }
}

/**
 * How long the first page of /devedores (cards + 20 debtors) takes for a big shop: one seller with
 * 20,000 customers of whom 5,000 owe, 1,000,000 sales over two years and reminders sent, plus a
 * second seller whose rows row-level security must hide. Goal: p95 ≤ 50 ms on PostgreSQL.
 *
 *   npx tsx scripts/bench-devedores.ts               a throw-away local PostgreSQL cluster (default)
 *   DATABASE_URL=postgres://… npx tsx scripts/bench-devedores.ts    a PostgreSQL server (new sellers in it)
 *   npx tsx scripts/bench-devedores.ts --pglite      embedded PGlite instead
 *   … --sales 200000 --clientes 5000 --devedores 1000 --runs 50 --explain
 *
 * The data is written in bulk SQL (services would take hours for a million sales); what the page
 * reads is exactly what the ledger keeps: saldo_atual, and pendente_desde recounted from the sales.
 * Each figure runs the service the way a request does (one transaction as app_user under RLS).
 * Not a test: it prints numbers to compare before and after a change.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { devedoresQuerySchema } from '@caderneta/shared';
import { migrateDatabase, openDatabase, withSeller, type Database, type DbHandle, type Executor } from '../apps/api/src/db/client';
import { perfis, users } from '../apps/api/src/db/schema';
import { consultasDevedores, getDevedor, listDevedores } from '../apps/api/src/modules/devedores/devedores.service';
import { lerConfigHoje } from '../apps/api/src/modules/devedores/cobranca-config.service';
import { queryRows } from '../apps/api/src/lib/sql';
import { startTempPostgres, type TempPostgres } from '../apps/api/test/pg-server';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}
const CLIENTES = arg('clientes', 20_000);
const DEVEDORES = arg('devedores', 5_000);
const VENDAS = arg('sales', 1_000_000);
const RUNS = arg('runs', 40);
const explain = process.argv.includes('--explain');

async function createSeller(db: Database, n: number): Promise<string> {
  const id = randomUUID();
  await db.insert(users).values({ id, name: `Bench ${n}`, email: `bench-devedores${n}-${id}@example.com` });
  await withSeller(db, id, (tx) => tx.insert(perfis).values({ ownerId: id, nomeLoja: `Loja ${n}` }));
  return id;
}

/**
 * Customers n = 1..C; sale i belongs to customer n = i mod C + 1 and is their k-th (k = i div C),
 * dated over the last 730 days, the newest last. Debtors (n ≤ D) owe their 1–6 newest sales, which
 * are fiado and pending (so due dates and levels spread); every other sale is paid, 40 % of them
 * fiado. Balances are the pending totals.
 */
async function seed(db: Executor, owner: string, clientes: number, devedores: number, vendas: number, tag: string) {
  const porCliente = Math.ceil(vendas / clientes);
  await db.execute(sql`
    insert into clientes (owner_id, nome, nome_busca, telefone, login, limite_credito)
    select ${owner}, nome, lower(nome), '11' || lpad((900000000 + i * 7)::text, 9, '0'), ${tag} || i, 100000
    from (select i, (array['Maria','José','Ana','João','Antônio','Francisca','Carlos','Paulo','Lúcia','Luiz'])[1 + i % 10]
                     || ' ' || (array['Silva','Santos','Oliveira','Souza','Lima','Pereira','Ferreira','Alves'])[1 + (i / 10) % 8]
                     || ' ' || i as nome
          from generate_series(1, ${clientes}) i) c
  `);
  await db.execute(sql`
    with numerados as (select id, row_number() over (order by created_at, id) as n from clientes where owner_id = ${owner})
    insert into vendas (owner_id, numero_venda, cliente_id, data_venda, valor_total, valor_pago, forma_pagamento, status_pagamento)
    select ${owner}, ${tag} || v.i, c.id,
           now() - ((${porCliente} - 1 - x.k) * 730 / ${porCliente} + x.n % 7) * interval '1 day' - (v.i % 600) * interval '1 minute',
           500 + (v.i * 37) % 20000,
           case when p.pendente then 0 else 500 + (v.i * 37) % 20000 end,
           case when p.pendente or (x.k + x.n) % 5 < 2 then 'fiado' else 'vista' end,
           case when p.pendente then 'pendente' else 'pago' end
    from generate_series(0, ${vendas - 1}) v(i)
    cross join lateral (select v.i % ${clientes} + 1 as n, v.i / ${clientes} as k) x
    join numerados c on c.n = x.n
    cross join lateral (select x.n <= ${devedores} and x.k >= ${porCliente} - (1 + (x.n * 7) % 6) as pendente) p
  `);
  await db.execute(sql`
    update clientes c set saldo_atual = -p.total, pendente_desde = p.desde
    from (select cliente_id, sum(valor_total - valor_pago) as total, min(data_venda) as desde
          from vendas where owner_id = ${owner} and status_pagamento = 'pendente' group by cliente_id) p
    where c.owner_id = ${owner} and c.id = p.cliente_id
  `);
  // Reminders: a third of the debtors, a few each.
  await db.execute(sql`
    insert into lembretes (owner_id, cliente_id, faixa, dia, dias_atraso, valor, enviado_em)
    select c.owner_id, c.id, (array['gentil','firme','formal'])[1 + k % 3], (now() - k * interval '7 days')::date, 7 * k, -c.saldo_atual, now() - k * interval '7 days'
    from clientes c cross join generate_series(1, 3) k
    where c.owner_id = ${owner} and c.saldo_atual < 0 and hashtext(c.id::text) % 3 = 0
  `);
  // Instalments (issue 40): a fifth of the debtors split their debt in 3 monthly instalments made 40
  // days ago, the first due 10 days ago; the first instalment's date is their due date (ADR 046).
  await db.execute(sql`
    with escolhidos as (
      select c.id, -c.saldo_atual as total, (now() - interval '10 days')::date as d1
      from clientes c where c.owner_id = ${owner} and c.saldo_atual <= -3 and hashtext(c.id::text) % 5 = 0
    ), feitos as (
      insert into parcelamentos (owner_id, cliente_id, modo, total, parcelas, criado_em)
      select ${owner}, e.id, 'mensal', e.total,
             jsonb_build_array(
               jsonb_build_object('numero', 1, 'vencimento', e.d1, 'valor', e.total / 3),
               jsonb_build_object('numero', 2, 'vencimento', (e.d1 + interval '1 month')::date, 'valor', e.total / 3),
               jsonb_build_object('numero', 3, 'vencimento', (e.d1 + interval '2 months')::date, 'valor', e.total - 2 * (e.total / 3))),
             now() - interval '40 days'
      from escolhidos e
      returning cliente_id
    )
    update clientes c set data_vencimento = e.d1 from escolhidos e where c.owner_id = ${owner} and c.id = e.id
  `);
}

async function time(label: string, work: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await work(); // warm-up: plans and caches
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  const p95 = samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)]!;
  console.log(`${label.padEnd(52)} median ${median.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms`);
  return p95;
}

async function main() {
  let pg: TempPostgres | null = null;
  let handle: DbHandle;
  if (process.argv.includes('--pglite')) handle = await openDatabase({ kind: 'pglite' });
  else {
    if (!process.env.DATABASE_URL) pg = await startTempPostgres();
    handle = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL ?? pg!.url });
  }
  try {
    await migrateDatabase(handle);
    const db = handle.db;
    const t0 = performance.now();
    const tag = `b${Date.now().toString(36)}`;
    const seller = await createSeller(db, 1);
    const other = await createSeller(db, 2);
    // One transaction without user triggers (superuser only): the sales rollups and the reports'
    // day rollups, which this page never reads, would make a million inserts take most of an hour.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await seed(tx, seller, CLIENTES, DEVEDORES, VENDAS, `${tag}s`);
      await seed(tx, other, Math.ceil(CLIENTES / 10), Math.ceil(DEVEDORES / 10), Math.ceil(VENDAS / 10), `${tag}o`);
    });
    // The debts by due day the cards read (migration 0030), as a restore or a bulk load rebuilds them.
    for (const owner of [seller, other]) await withSeller(db, owner, (tx) => tx.execute(sql`select reconstruir_dias_da_loja(${owner})`));
    await db.execute(sql`vacuum analyze`);
    const [counts] = await queryRows<Record<string, number>>(db, sql`
      select (select count(*) from clientes where owner_id = ${seller})::int as clientes,
             (select count(*) from clientes where owner_id = ${seller} and saldo_atual < 0)::int as devedores,
             (select count(*) from vendas where owner_id = ${seller})::int as vendas,
             (select count(*) from vendas where owner_id = ${seller} and status_pagamento = 'pendente')::int as pendentes,
             (select count(*) from parcelamentos where owner_id = ${seller} and estado = 'ativo')::int as parcelados
    `);
    console.log(`${handle.kind}: seeded ${JSON.stringify(counts)} (and another seller) in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${RUNS} runs per figure\n`);

    const now = new Date();
    const page = (q: Record<string, unknown>) => () => withSeller(db, seller, (tx) => listDevedores(tx, seller, q, now));
    const first = await withSeller(db, seller, (tx) => listDevedores(tx, seller, {}, now));
    console.log(`first page: ${first.items.length} debtors of ${first.total}; cards ${JSON.stringify(first.resumo)}\n`);
    // The floor: an empty request's transaction (role, seller id, one trivial query, commit) on this machine.
    await time('floor: a transaction as the seller with select 1', () => withSeller(db, seller, (tx) => tx.execute(sql`select 1`)));
    const p95 = await time('GET /api/devedores (cards + first 20)', page({}));
    await time('GET /api/devedores?ordem=mais_antigo', page({ ordem: 'mais_antigo' }));
    await time('GET /api/devedores?nivel=critico', page({ nivel: 'critico' }));
    await time('GET /api/devedores?situacao=vencidos&pageSize=50', page({ situacao: 'vencidos', pageSize: 50, ordem: 'mais_antigo' }));
    await time('GET /api/devedores?busca=silva', page({ busca: 'silva' }));
    await time('GET /api/devedores?page=200 (the last)', page({ page: Math.ceil(first.total / 20) }));
    await time('GET /api/devedores/:id', () => withSeller(db, seller, (tx) => getDevedor(tx, seller, first.items[0]!.id, now)));

    if (explain) {
      const plan = async (label: string, query: ReturnType<typeof sql>) => {
        const rows = await withSeller(db, seller, async (tx) => {
          const result = (await tx.execute(sql`explain (analyze, buffers, costs off) ${query}`)) as unknown as { rows: Record<string, string>[] };
          return result.rows.map((r) => Object.values(r)[0]).join('\n');
        });
        console.log(`\n${label}\n${rows}`);
      };
      const config = await withSeller(db, seller, (tx) => lerConfigHoje(tx, seller, now));
      const ctx = { ownerId: seller, regra: config.regra, fuso: config.fuso, hoje: config.hoje };
      const primeira = consultasDevedores(ctx, devedoresQuerySchema.parse({}), config.diasAntecedencia);
      await plan('cards (one aggregate over every debtor)', primeira.resumo);
      await plan('first page (maior dívida)', primeira.pagina);
      await plan('first page (mais antigo)', consultasDevedores(ctx, devedoresQuerySchema.parse({ ordem: 'mais_antigo' }), config.diasAntecedencia).pagina);
    }
    console.log(`\ngoal: first page p95 ≤ 50 ms — ${p95 <= 50 ? 'met' : 'NOT met'} (${p95.toFixed(1)} ms)`);
  } finally {
    await handle.close();
    pg?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

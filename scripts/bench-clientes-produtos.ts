/**
 * How long the customer and product list pages take for a big shop: seeds one seller with
 * 20,000 customers and 5,000 products (plus a second seller, so row-level security has rows to
 * hide) on an in-memory PGlite, then times each list call — page, count and cards — the way a
 * request runs it (one transaction as app_user under RLS).
 *
 *   npx tsx scripts/bench-clientes-produtos.ts            # PGlite (default)
 *   npx tsx scripts/bench-clientes-produtos.ts --pg       # a throw-away local PostgreSQL cluster
 *   … --explain                                           # also print the plans of the main queries
 *
 * Not a test: it prints numbers to compare before and after a change.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { clientesQuerySchema, normalizeForSearch, produtosQuerySchema } from '@caderneta/shared';
import { migrateDatabase, openDatabase, withSeller, type Database } from '../apps/api/src/db/client';
import { clientes, perfis, produtos, users } from '../apps/api/src/db/schema';
import { IndiceDeClientes } from '../apps/api/src/modules/clientes/clientes-indice';
import { listClientes } from '../apps/api/src/modules/clientes/clientes.service';
import { listProdutos } from '../apps/api/src/modules/produtos/produtos.service';
import { startTempPostgres, type TempPostgres } from '../apps/api/test/pg-server';

const CLIENTES = 20_000;
const PRODUTOS = 5_000;
const OTHER_SELLER_ROWS = 5_000;
const RUNS = 15;

const FIRST = ['Maria', 'José', 'Ana', 'João', 'Antônio', 'Francisca', 'Carlos', 'Paulo', 'Lúcia', 'Luiz', 'Márcia', 'Pedro', 'Sebastião', 'Aline', 'Érica'];
const LAST = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Conceição', 'Araújo'];
const CATEGORIAS = ['Mercearia', 'Bebidas', 'Laticínios', 'Padaria', 'Limpeza', 'Higiene', 'Hortifrúti', 'Açougue'];

let state = 42;
const rand = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;

async function createSeller(db: Database, n: number): Promise<string> {
  const id = randomUUID();
  await db.insert(users).values({ id, name: `Bench ${n}`, email: `bench${n}-${id}@example.com` });
  await withSeller(db, id, (tx) => tx.insert(perfis).values({ ownerId: id, nomeLoja: `Loja ${n}` }));
  return id;
}

async function seedSeller(db: Database, ownerId: string, nClientes: number, nProdutos: number, loginPrefix: string) {
  await withSeller(db, ownerId, async (tx) => {
    for (let start = 0; start < nClientes; start += 1000) {
      const rows = Array.from({ length: Math.min(1000, nClientes - start) }, (_, k) => {
        const i = start + k;
        const nome = `${pick(FIRST)} ${pick(LAST)} ${pick(LAST)}`;
        const ddd = 11 + Math.floor(rand() * 80);
        return {
          ownerId,
          nome,
          nomeBusca: normalizeForSearch(nome),
          telefone: `${ddd}9${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`,
          login: `${loginPrefix}${i}`,
          ativo: rand() > 0.05,
          saldoAtual: rand() < 0.3 ? -Math.floor(rand() * 50_000) : Math.floor(rand() * 1000),
        };
      });
      await tx.insert(clientes).values(rows);
    }
    for (let start = 0; start < nProdutos; start += 1000) {
      const rows = Array.from({ length: Math.min(1000, nProdutos - start) }, (_, k) => {
        const nome = `${pick(['Arroz', 'Feijão', 'Café', 'Açúcar', 'Leite', 'Pão', 'Sabão', 'Óleo'])} ${pick(['Tipo 1', 'Premium', 'Integral', 'Light'])} ${start + k}`;
        const precoVenda = 100 + Math.floor(rand() * 10_000);
        return {
          ownerId,
          nome,
          nomeBusca: normalizeForSearch(nome),
          categoria: pick(CATEGORIAS),
          precoVenda,
          precoCusto: Math.floor(precoVenda * (0.4 + rand() * 0.5)),
          estoqueAtual: Math.floor(rand() * 100),
          estoqueMinimo: 5 + Math.floor(rand() * 10),
          ativo: rand() > 0.05,
        };
      });
      await tx.insert(produtos).values(rows);
    }
  });
}

async function time(label: string, work: () => Promise<unknown>) {
  await work(); // warm-up: plans and caches
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)]!;
  const p95 = samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.95) - 1)]!;
  console.log(`${label.padEnd(58)} median ${median.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms`);
}

async function main() {
  let server: TempPostgres | undefined;
  if (process.argv.includes('--pg')) server = await startTempPostgres();
  const handle = await openDatabase(server ? { kind: 'postgres', url: server.url } : { kind: 'pglite' });
  await migrateDatabase(handle);
  const db = handle.db;
  const t0 = performance.now();
  const seller = await createSeller(db, 1);
  const other = await createSeller(db, 2);
  await seedSeller(db, seller, CLIENTES, PRODUTOS, 'bench');
  await seedSeller(db, other, OTHER_SELLER_ROWS, OTHER_SELLER_ROWS / 5, 'outro');
  await db.execute(sql`analyze`);
  console.log(`${handle.kind}: seeded ${CLIENTES} customers + ${PRODUTOS} products (and another seller) in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);

  // The server's search keeps the customers in memory (ADR 022); without it, the database searches (ADR 018).
  const indice = new IndiceDeClientes();
  const clientesPage = (q: Record<string, unknown>, emMemoria = false) => () =>
    withSeller(db, seller, (tx) => listClientes(tx, seller, clientesQuerySchema.parse(q), emMemoria ? indice : undefined));
  const produtosPage = (q: Record<string, unknown>) => () =>
    withSeller(db, seller, (tx) => listProdutos(tx, seller, produtosQuerySchema.parse(q)));

  await time('GET /api/clientes (page 1 + total + cards)', clientesPage({}));
  await time('GET /api/clientes?page=500', clientesPage({ page: 500 }));
  await time('GET /api/clientes?busca=conceicao', clientesPage({ busca: 'conceicao' }));
  await time('GET /api/clientes?busca=(21) 9', clientesPage({ busca: '(21) 9' }));
  await time('GET /api/clientes?busca=conceicao (in memory)', clientesPage({ busca: 'conceicao' }, true));
  await time('GET /api/clientes?busca=(21) 9 (in memory)', clientesPage({ busca: '(21) 9' }, true));
  await time('GET /api/clientes?status=todos&pageSize=100', clientesPage({ status: 'todos', pageSize: 100 }));
  await time('GET /api/produtos (page 1 + total + cards)', produtosPage({}));
  await time('GET /api/produtos?estoque=baixo', produtosPage({ estoque: 'baixo' }));
  await time('GET /api/produtos?busca=laticinios&page=3', produtosPage({ busca: 'laticinios', page: 3 }));
  await time('GET /api/produtos?status=todos&pageSize=100&page=40', produtosPage({ status: 'todos', pageSize: 100, page: 40 }));

  if (process.argv.includes('--explain')) {
    const explain = async (label: string, query: string) => {
      const plan = await withSeller(db, seller, (tx) => tx.execute(sql.raw(`explain analyze ${query}`)));
      console.log(`\n${label}\n${(plan as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n')}`);
    };
    const owner = `owner_id = '${seller}'`;
    await explain('missing logins', `select id, nome from clientes where ${owner} and login is null limit 200`);
    await explain('customers page', `select * from clientes where ${owner} and ativo = true order by nome_busca, nome, id limit 20`);
    await explain('customers count', `select count(*) from clientes where ${owner} and ativo = true`);
    await explain('customers cards', `select count(*), count(*) filter (where saldo_atual >= 0), count(*) filter (where saldo_atual < 0) from clientes where ${owner} and ativo = true`);
    await explain('customers search', `select * from clientes where ${owner} and ativo = true and nome_busca like '%conceicao%' order by nome_busca, nome, id limit 20`);
    await explain('products cards', `select count(*), sum(preco_venda * estoque_atual) from produtos where ${owner} and ativo = true`);
  }

  await handle.close();
  server?.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

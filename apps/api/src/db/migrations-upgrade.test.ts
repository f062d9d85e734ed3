import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashPassword } from 'better-auth/crypto';
import { sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { buildTestApp, cookieFrom, TEST_ORIGIN, type TestApp } from '../../test/app';
import { rowsOf, testDbKind } from '../../test/db';
import { checkInvariants, type Query } from '../../test/invariants';
import { recontagens, TUDO_CONFERE } from '../../test/recontagem';
import { enterSellerScope, migrateDatabase, MIGRATIONS_FOLDER, openDatabase, type Database, type DbHandle } from './client';

/*
 * A shop that has used an older Caderneta for months updates to this one: every centavo, customer
 * and login must come through, and every counter and rollup the later migrations add and backfill
 * (0005 sales counters, 0007 reports by day, 0009 pendente_desde, 0015 reports by month) must equal
 * a full recount of the rows. The database is made with the first three migrations only (the
 * schema of the first release with sales), filled the way that release wrote (as app_user, one
 * seller at a time), then brought up to date by the app's own migrateDatabase.
 *
 * On PostgreSQL the database belongs to a login role that is neither a superuser nor BYPASSRLS, as
 * the README's set-up allows: FORCE ROW LEVEL SECURITY binds it, and before the migrator's own
 * policies (client.ts) 0005's backfill was refused (the server could not start) and 0009's found
 * nothing. PGlite runs as its superuser.
 */

const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
/** 0000_init, 0001_tenancy_grants, 0002_vendas_ledger. */
const PRIMEIRA_VERSAO = 3;
const SENHA = 'senha-antiga-123';
/** The migration that recounts clientes.pendente_desde (0009's backfill found nothing under FORCE RLS). */
const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
const recontaPendencias = migrations.find((m) => m.folderMillis === journal.entries.find((e) => e.tag === '0020_pendente_desde_recontagem')?.when)!;

interface Banco {
  handle: DbHandle;
  /** Reads every seller's rows (PGlite's superuser, or the server's). */
  admin: Query;
  close(): Promise<void>;
}

async function bancoVazio(): Promise<Banco> {
  if (testDbKind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite' });
    const admin: Query = async (text, params) => rowsOf(await handle.db.execute(params?.length ? sqlWith(text, params) : sql.raw(text)));
    return { handle, admin, close: () => handle.close() };
  }
  const adminUrl = inject('pgAdminUrl');
  const suffix = randomBytes(5).toString('hex');
  const [nome, papel] = [`u_${suffix}`, `migrador_${suffix}`];
  const server = new pg.Client({ connectionString: adminUrl });
  await server.connect();
  // The roles the migrations name exist in the cluster already (the template's migration made them).
  await server.query(`CREATE ROLE ${papel} LOGIN NOSUPERUSER NOBYPASSRLS PASSWORD 'x'`);
  await server.query(`GRANT app_user, app_lookup, caderneta_jobs, caderneta_busca TO ${papel}`);
  await server.query(`CREATE DATABASE ${nome} OWNER ${papel}`);
  await server.end();
  const url = new URL(adminUrl);
  url.pathname = `/${nome}`;
  const superuser = new pg.Client({ connectionString: url.toString() });
  await superuser.connect();
  url.username = papel;
  url.password = 'x';
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), max: 5 });
  return {
    handle,
    admin: async (text, params) => (await superuser.query(text, params)).rows,
    async close() {
      await handle.close();
      await superuser.end();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
      await cleanup.query(`DROP ROLE IF EXISTS ${papel}`);
      await cleanup.end();
    },
  };
}

/** `text` with $1… replaced by bound values. */
function sqlWith(text: string, params: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`));
  return sql.join(chunks, sql``);
}

/** The first `n` migrations, as the release that shipped only those applied them. */
async function aplicarAte(db: Database, n: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`create schema if not exists drizzle`);
    await tx.execute(sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
    for (const migration of migrations.slice(0, n)) {
      for (const statement of migration.sql) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`);
    }
  });
}

const DIA = 86_400_000;
const agora = Date.now();
/** `dias` days ago at `hora`:`minuto` UTC. */
function em(dias: number, hora = 15, minuto = 0): string {
  const d = new Date(agora - dias * DIA);
  d.setUTCHours(hora, minuto, 0, 0);
  return d.toISOString();
}

interface Loja {
  id: string;
  email: string;
  devedor: { id: string; login: string };
  /** data_venda of the debtor's oldest pending sale. */
  pendenteDesde: string;
  /** The customer in debt by an adjustment only, and when it was posted (their debt's start since 0023). */
  ajustado: { id: string; desde: string };
}

/**
 * One shop as the first release left it (money × `escala`): a debtor with a sale paid, one paid
 * in part, one not, one cancelled (with its reversal) and a payment; an inactive customer whose
 * debt was paid (payment without a method, as some old entries are); a customer in debt by an
 * adjustment only; à vista sales across months, one just before UTC midnight, one cancelled.
 */
async function lojaAntiga(db: Database, escala: number, prefixo: string): Promise<Loja> {
  const id = randomUUID();
  const email = `${prefixo}-${id.slice(0, 8)}@loja.test`;
  await db.execute(sql`insert into users (id, name, email) values (${id}, ${'Dona ' + prefixo}, ${email})`);
  await db.execute(
    sql`insert into accounts (id, account_id, provider_id, user_id, password) values (${randomUUID()}, ${id}, 'credential', ${id}, ${await hashPassword(SENHA)})`,
  );
  const r = (v: number) => v * escala;
  const [devedor, inativo, ajustado] = [randomUUID(), randomUUID(), randomUUID()];
  const [arroz, cafe] = [randomUUID(), randomUUID()];
  const loginDevedor = `${prefixo}${String(10000 + Math.floor(Math.random() * 89999))}`;
  const pendenteDesde = em(40, 12);
  const ajusteEm = em(5);
  await db.transaction(async (tx) => {
    await tx.execute(enterSellerScope(id));
    const run = (text: string, ...params: unknown[]) => tx.execute(sqlWith(text, params));
    await run(`insert into perfis (owner_id, nome_loja) values ($1, $2)`, id, `Mercadinho ${prefixo}`);
    const cliente = `insert into clientes (id, owner_id, nome, nome_busca, telefone, login, ativo, saldo_atual) values ($1, $2, $3, $4, $5, $6, $7, $8)`;
    await run(cliente, devedor, id, 'José Devedor', 'jose devedor', '11987650001', loginDevedor, true, r(-3200));
    await run(cliente, inativo, id, 'Maria Inativa', 'maria inativa', '11987650002', `${prefixo}m${String(Date.now()).slice(-5)}`, false, 0);
    await run(cliente, ajustado, id, 'Ana Ajuste', 'ana ajuste', '11987650003', null, true, r(-300));
    const produto = `insert into produtos (id, owner_id, nome, nome_busca, preco_venda, preco_custo, estoque_atual) values ($1, $2, $3, $4, $5, $6, 100)`;
    await run(produto, arroz, id, 'Arroz 5kg', 'arroz 5kg', r(500), r(300));
    await run(produto, cafe, id, 'Café 500g', 'cafe 500g', r(100), r(60));
    let numero = 0;
    const venda = async (v: { cliente: string | null; forma: 'vista' | 'fiado'; status: 'pago' | 'pendente' | 'cancelado'; pago: number; quando: string; arroz: number; cafe: number }) => {
      const vendaId = randomUUID();
      const total = r(500) * v.arroz + r(100) * v.cafe;
      numero++;
      await run(
        `insert into vendas (id, owner_id, numero_venda, cliente_id, data_venda, valor_total, valor_pago, forma_pagamento, status_pagamento, cancelada_em, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $5)`,
        vendaId, id, `V${String(numero).padStart(5, '0')}`, v.cliente, v.quando, total, v.pago, v.forma, v.status, v.status === 'cancelado' ? v.quando : null,
      );
      const item = `insert into itens_venda (owner_id, venda_id, produto_id, produto_nome, quantidade, preco_unitario, custo_unitario, subtotal) values ($1, $2, $3, $4, $5, $6, $7, $8)`;
      if (v.arroz) await run(item, id, vendaId, arroz, 'Arroz 5kg', v.arroz, r(500), r(300), r(500) * v.arroz);
      if (v.cafe) await run(item, id, vendaId, cafe, 'Café 500g', v.cafe, r(100), r(60), r(100) * v.cafe);
      if (v.forma === 'fiado' && v.cliente) {
        const lancamento = `insert into lancamentos (owner_id, cliente_id, tipo, valor, venda_id, created_at) values ($1, $2, $3, $4, $5, $6)`;
        await run(lancamento, id, v.cliente, 'venda', -total, vendaId, v.quando);
        if (v.status === 'cancelado') await run(lancamento, id, v.cliente, 'estorno', total, vendaId, v.quando);
      }
      return total;
    };
    // The debtor: 1000 + 2500 + 1200 active, 800 cancelled, 1500 paid → owes 3200; oldest first,
    // the first sale is paid, the second has 500 of 2500, the third nothing.
    await venda({ cliente: devedor, forma: 'fiado', status: 'pago', pago: r(1000), quando: em(70), arroz: 1, cafe: 5 });
    await venda({ cliente: devedor, forma: 'fiado', status: 'pendente', pago: r(500), quando: pendenteDesde, arroz: 5, cafe: 0 });
    await venda({ cliente: devedor, forma: 'fiado', status: 'cancelado', pago: 0, quando: em(20), arroz: 1, cafe: 3 });
    await venda({ cliente: devedor, forma: 'fiado', status: 'pendente', pago: 0, quando: em(10, 23, 59), arroz: 2, cafe: 2 });
    const pagamento = `insert into lancamentos (owner_id, cliente_id, tipo, valor, metodo, created_at) values ($1, $2, 'pagamento', $3, $4, $5)`;
    await run(pagamento, id, devedor, r(1500), 'pix', em(30, 18));
    // Paid off, then deactivated.
    await venda({ cliente: inativo, forma: 'fiado', status: 'pago', pago: r(700), quando: em(50), arroz: 1, cafe: 2 });
    await run(pagamento, id, inativo, r(700), null, em(45, 9));
    await run(`insert into lancamentos (owner_id, cliente_id, tipo, valor, descricao, created_at) values ($1, $2, 'ajuste', $3, 'Troco', $4)`, id, ajustado, r(-300), ajusteEm);
    // À vista: across two months, before UTC midnight, one cancelled; one with a customer.
    await venda({ cliente: null, forma: 'vista', status: 'pago', pago: r(1100), quando: em(95, 10), arroz: 2, cafe: 1 });
    await venda({ cliente: null, forma: 'vista', status: 'pago', pago: r(300), quando: em(1, 23, 30), arroz: 0, cafe: 3 });
    await venda({ cliente: ajustado, forma: 'vista', status: 'pago', pago: r(600), quando: em(3), arroz: 1, cafe: 1 });
    await venda({ cliente: null, forma: 'vista', status: 'cancelado', pago: 0, quando: em(2), arroz: 1, cafe: 0 });
    // Stock as the first release kept it: 100 less what was sold and not cancelled.
    await run(`update produtos set estoque_atual = 100 - $1 where id = $2`, 1 + 5 + 2 + 1 + 2 + 0 + 1, arroz);
    await run(`update produtos set estoque_atual = 100 - $1 where id = $2`, 5 + 0 + 2 + 2 + 1 + 3 + 1, cafe);
  });
  return { id, email, devedor: { id: devedor, login: loginDevedor }, pendenteDesde, ajustado: { id: ajustado, desde: ajusteEm } };
}


async function entrar(t: TestApp, email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: TEST_ORIGIN }, payload: { email, password: SENHA } });
  expect(res.statusCode).toBe(200);
  return cookieFrom(res);
}

describe('updating a database the first release filled', () => {
  let banco: Banco;
  let lojas: Loja[];
  let t: TestApp;
  beforeAll(async () => {
    banco = await bancoVazio();
    await aplicarAte(banco.handle.db, PRIMEIRA_VERSAO);
    lojas = [await lojaAntiga(banco.handle.db, 1, 'ana'), await lojaAntiga(banco.handle.db, 3, 'bia')];
    await migrateDatabase(banco.handle);
    t = await buildTestApp({ shareDatabase: banco.handle });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await banco?.close();
  });

  it('applies every later migration and records them', async () => {
    const [row] = await banco.admin<{ n: number; ultimo: string }>(`select count(*)::int as n, max(created_at)::text as ultimo from drizzle.__drizzle_migrations`);
    expect(row).toEqual({ n: migrations.length, ultimo: String(migrations.at(-1)!.folderMillis) });
    // The migrator's own policies went with the migration.
    expect(await banco.admin(`select polname from pg_policy where polname = 'caderneta_migrador'`)).toEqual([]);
  });

  it('backfills counters and rollups equal to a full recount, cancelled sales and inactive customers included', async () => {
    expect(await checkInvariants(banco.admin)).toEqual([]);
    expect(await recontagens(banco.admin)).toEqual(TUDO_CONFERE);
    // Not a recount of nothing: the shop's figures as the sales give them.
    const [a] = lojas;
    const totais = await banco.admin(
      `select forma_pagamento, status_pagamento, quantidade::int, valor_total::int, valor_pago::int from vendas_totais where owner_id = $1 and quantidade <> 0 order by 1, 2`,
      [a!.id],
    );
    expect(totais).toEqual([
      { forma_pagamento: 'fiado', status_pagamento: 'cancelado', quantidade: 1, valor_total: 800, valor_pago: 0 },
      { forma_pagamento: 'fiado', status_pagamento: 'pago', quantidade: 2, valor_total: 1700, valor_pago: 1700 },
      { forma_pagamento: 'fiado', status_pagamento: 'pendente', quantidade: 2, valor_total: 3700, valor_pago: 500 },
      { forma_pagamento: 'vista', status_pagamento: 'cancelado', quantidade: 1, valor_total: 500, valor_pago: 0 },
      { forma_pagamento: 'vista', status_pagamento: 'pago', quantidade: 3, valor_total: 2000, valor_pago: 2000 },
    ]);
    expect(
      await banco.admin(`select ativo, quantidade::int, devedores::int from clientes_totais where owner_id = $1 order by ativo`, [a!.id]),
    ).toEqual([
      { ativo: false, quantidade: 1, devedores: 0 },
      { ativo: true, quantidade: 2, devedores: 2 },
    ]);
    // Every shop with customers has the search's version (0021), so its search runs in memory.
    const versoes = await banco.admin<{ n: number }>(
      `select count(*)::int as n from (select distinct owner_id from clientes) c where not exists (select 1 from clientes_versao v where v.owner_id = c.owner_id)`,
    );
    expect(versoes).toEqual([{ n: 0 }]);
    for (const loja of lojas) expect(await banco.admin(`select count(*)::int as n from clientes_versao where owner_id = $1`, [loja.id])).toEqual([{ n: 1 }]);
    const [pendente] = await banco.admin<{ desde: Date | string }>(`select pendente_desde as desde from clientes where id = $1`, [a!.devedor.id]);
    expect(new Date(pendente!.desde).toISOString()).toBe(a!.pendenteDesde);
    // 0023: a debt that is an adjustment alone starts when it was posted (it was never due before).
    const [ajustado] = await banco.admin<{ desde: Date | string }>(`select pendente_desde as desde from clientes where id = $1`, [a!.ajustado.id]);
    expect(new Date(ajustado!.desde).toISOString()).toBe(a!.ajustado.desde);
    // 0029: every sale made before offline sales was made online and has no alerts.
    expect(await banco.admin(`select feita_offline, alertas, count(*)::int as n from vendas group by 1, 2`)).toEqual([
      { feita_offline: false, alertas: [], n: expect.any(Number) },
    ]);
  });

  it('lets the seller sign in with the old password and shows the same figures; the customer page opens by its old code', async () => {
    for (const [i, loja] of lojas.entries()) {
      const escala = i === 0 ? 1 : 3;
      const cookie = await entrar(t, loja.email);
      const cliente = await t.app.inject({ method: 'GET', url: `/api/clientes/${loja.devedor.id}`, headers: { cookie } });
      expect(cliente.statusCode).toBe(200);
      expect(cliente.json()).toMatchObject({ saldoAtual: -3200 * escala, login: loja.devedor.login });
      const vendas = await t.app.inject({ method: 'GET', url: `/api/vendas?pageSize=1`, headers: { cookie } });
      // Not cancelled: 2 + 2 fiado, 3 à vista; "a receber" is what the pending sales still miss.
      expect(vendas.json().resumo).toMatchObject({ totalVendas: 7, valorTotal: 7400 * escala, pendentes: 3200 * escala });
      // Search runs in 0013's and 0014's functions (owned by caderneta_busca): one shop's matches only.
      const busca = await t.app.inject({ method: 'GET', url: `/api/clientes?busca=devedor&status=todos`, headers: { cookie } });
      expect((busca.json().items as { id: string }[]).map((c) => c.id)).toEqual([loja.devedor.id]);
      const vendaPorNumero = await t.app.inject({ method: 'GET', url: `/api/vendas?busca=V00004`, headers: { cookie } });
      expect(vendaPorNumero.json().items).toHaveLength(1);
      const devedores = await t.app.inject({ method: 'GET', url: `/api/devedores`, headers: { cookie } });
      expect(devedores.statusCode).toBe(200);
      const portal = await t.app.inject({ method: 'GET', url: `/api/portal/${loja.devedor.login}` });
      expect(portal.statusCode).toBe(200);
      expect(portal.json()).toMatchObject({ saldoPendente: 3200 * escala });
    }
  });

  // Last: it empties what the other tests read. A shop whose migrator was bound by FORCE RLS when
  // 0009 ran (a database that had 0005 before it had data) has every pendente_desde empty.
  it('0020 gives back the pendente_desde that 0009 could not fill, as the migrator alone, leaving RLS forced', async () => {
    await banco.admin(`update clientes set pendente_desde = null`);
    expect((await recontagens(banco.admin)).pendente_desde).toBeGreaterThan(0);
    // 0020 ran before 0030's triggers existed. They now move each customer it changes between the
    // debts by due day, which the migrator reaches (with the shop's time zone) only with FORCE
    // lifted, as any migration that changes customers' debts lifts it (0030's header).
    const derivadas = ['devedores_por_dia', 'perfis'];
    for (const tabela of derivadas) await banco.handle.db.execute(sql.raw(`alter table ${tabela} no force row level security`));
    for (const statement of recontaPendencias.sql) await banco.handle.db.execute(sql.raw(statement));
    for (const tabela of derivadas) await banco.handle.db.execute(sql.raw(`alter table ${tabela} force row level security`));
    // 0020 knew pending sales only: the one customer per shop whose debt is an adjustment alone is
    // 0023's to give back (its backfill, checked above, runs under the migrator's own policies).
    expect(await recontagens(banco.admin)).toEqual({ ...TUDO_CONFERE, pendente_desde: lojas.length });
    const vazios = await banco.admin<{ id: string }>(`select id from clientes where saldo_atual < 0 and pendente_desde is null order by id`);
    expect(vazios.map((c) => c.id)).toEqual(lojas.map((l) => l.ajustado.id).sort());
    expect(await banco.admin(`select relname, relforcerowsecurity from pg_class where relname in ('clientes', 'vendas') order by 1`)).toEqual([
      { relname: 'clientes', relforcerowsecurity: true },
      { relname: 'vendas', relforcerowsecurity: true },
    ]);
  });
});

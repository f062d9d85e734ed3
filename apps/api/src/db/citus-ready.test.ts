import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, rowsOf } from '../../test/db';
import type { DbHandle } from './client';

/*
 * Ready to be sharded by seller (docs/decisions/016-many-shops.md). Citus distributes a table by
 * one column, owner_id here, and can then only enforce a primary key, a unique constraint or a
 * foreign key between distributed tables when it includes that column: each seller's rows live on
 * one node, and the node checks the constraint alone. This test reads the migrated catalogue and
 * fails when a table breaks that:
 *  - a table with owner_id is a tenant table (distributed by owner_id): owner_id NOT NULL, a primary
 *    key, and every primary key, unique constraint and unique index includes owner_id as a column;
 *    every foreign key to another tenant table maps owner_id to owner_id;
 *  - a table without owner_id, or one that must be unique across every shop, is a reference table
 *    (a copy on every node) and is listed below with the reason; it has no foreign key into a
 *    tenant table (Citus refuses those).
 */

/** Tables Citus keeps whole (reference tables), with why. A new table is a tenant table or joins this list. */
export const REFERENCE_TABLES: Record<string, string> = {
  users: 'better-auth: the sellers themselves; every tenant table points at users(id)',
  sessions: 'better-auth: looked up by token before the seller is known',
  accounts: 'better-auth: looked up by e-mail before the seller is known',
  verifications: 'better-auth: password-reset tokens, looked up by token',
  codigos_acesso: 'operator data: access codes are unique across the installation and used at sign-up, before a seller exists',
  configuracao_sistema: 'installation-wide settings (the auth secret) shared by every instance',
  limites_taxa: 'rate-limit counters shared by every instance, keyed by address or code, not by seller',
  job_execucoes:
    "the job runner's claims (ADR 013): one row per job, scope and period, where the scope is a seller's id or '' for installation-wide jobs (no seller); every instance claims through its (job, escopo, periodo) key and reads it across sellers to find who is due, never joined with a seller's rows",
  pessoas:
    "the people of every shop (issue 37): a request's session finds its shop from the person's account, an invitation's page from its token's hash, both before the shop is known; an account and an invitation are unique across every shop; carries owner_id but is not distributed by it",
  logins_clientes: "the registry of customer login handles, unique across every shop (the public page finds the shop from the login); carries owner_id but is not distributed by it",
};

/**
 * Constraints that break the rules on purpose, by name, with why. Each must still exist and still
 * break a rule (a stale entry fails the test). None today.
 */
export const EXCEPTIONS: Record<string, string> = {};

interface Table {
  tabela: string;
  tem_dono: boolean;
  dono_obrigatorio: boolean;
}
interface Constraint {
  nome: string;
  tipo: 'p' | 'u' | 'f' | 'i';
  tabela: string;
  referencia: string | null;
  colunas: string[];
  colunas_ref: string[] | null;
}
export interface Violation {
  tabela: string;
  nome: string;
  regra: string;
}

type Query = <T>(text: string) => Promise<T[]>;

/** Every rule the catalogue breaks, exceptions included (the caller compares with EXCEPTIONS). */
export async function citusViolations(query: Query, reference: Record<string, string> = REFERENCE_TABLES): Promise<Violation[]> {
  const tables = await query<Table>(`
    select c.relname::text as tabela, a.attname is not null as tem_dono, coalesce(a.attnotnull, false) as dono_obrigatorio
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      left join pg_attribute a on a.attrelid = c.oid and a.attname = 'owner_id' and not a.attisdropped
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
     order by 1`);
  const constraints = await query<Constraint>(`
    select con.conname::text as nome, con.contype::text as tipo, rel.relname::text as tabela, ref.relname::text as referencia,
           (select array_agg(a.attname::text order by k.i) from unnest(con.conkey) with ordinality k(n, i)
              join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n) as colunas,
           (select array_agg(a.attname::text order by k.i) from unnest(con.confkey) with ordinality k(n, i)
              join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n) as colunas_ref
      from pg_constraint con
      join pg_class rel on rel.oid = con.conrelid
      join pg_namespace n on n.oid = rel.relnamespace
      left join pg_class ref on ref.oid = con.confrelid
     where n.nspname = 'public' and con.contype in ('p', 'u', 'f')
    union all
    -- Unique indexes that back no constraint (CREATE UNIQUE INDEX): Citus treats them alike.
    -- Expression columns (indkey 0) are left out: owner_id inside an expression does not count.
    select i.relname::text, 'i', t.relname::text, null,
           coalesce((select array_agg(a.attname::text order by k.i) from unnest(x.indkey::int2[]) with ordinality k(n, i)
              join pg_attribute a on a.attrelid = x.indrelid and a.attnum = k.n), '{}'), null
      from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_class t on t.oid = x.indrelid
      join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = 'public' and x.indisunique and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid and c.contype in ('p', 'u'))
     order by 3, 1`);

  const tenant = new Set(tables.filter((t) => t.tem_dono && !(t.tabela in reference)).map((t) => t.tabela));
  const violations: Violation[] = [];
  const add = (tabela: string, nome: string, regra: string) => violations.push({ tabela, nome, regra });

  for (const t of tables) {
    if (tenant.has(t.tabela)) {
      if (!t.dono_obrigatorio) add(t.tabela, 'owner_id', 'owner_id may be null in a tenant table');
      if (!constraints.some((c) => c.tabela === t.tabela && c.tipo === 'p')) add(t.tabela, '(no primary key)', 'a tenant table without a primary key');
    } else if (!(t.tabela in reference)) {
      add(t.tabela, '(table)', 'a table without owner_id that is not a listed reference table');
    }
  }
  for (const name of Object.keys(reference)) {
    if (!tables.some((t) => t.tabela === name)) add(name, '(table)', 'listed as a reference table but not in the database');
  }
  for (const c of constraints) {
    if (c.tipo === 'f') {
      const fromTenant = tenant.has(c.tabela);
      const toTenant = tenant.has(c.referencia!);
      if (!fromTenant && toTenant) add(c.tabela, c.nome, 'a foreign key from a reference table into a tenant table');
      if (fromTenant && toTenant) {
        const at = c.colunas.indexOf('owner_id');
        if (at < 0 || c.colunas_ref?.[at] !== 'owner_id') add(c.tabela, c.nome, `a foreign key between tenant tables without owner_id → owner_id (${c.colunas.join(', ')} → ${c.referencia}(${c.colunas_ref?.join(', ')}))`);
      }
    } else if (tenant.has(c.tabela) && !c.colunas.includes('owner_id')) {
      const kind = c.tipo === 'p' ? 'primary key' : c.tipo === 'u' ? 'unique constraint' : 'unique index';
      add(c.tabela, c.nome, `a ${kind} without owner_id (${c.colunas.join(', ') || 'an expression'})`);
    }
  }
  return violations;
}

let database: DbHandle;
const query: Query = async <T,>(text: string) => rowsOf<T>(await database.db.execute(sql.raw(text)));

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('the schema is ready to be distributed by owner_id (Citus)', () => {
  it('every tenant table keys, and every foreign key between tenant tables joins, on owner_id; every other table is a listed reference table', async () => {
    const violations = await citusViolations(query);
    const unexpected = violations.filter((v) => !(v.nome in EXCEPTIONS));
    expect(unexpected).toEqual([]);
    // Every exception still exists and still breaks a rule: the list says what is left to do.
    const stale = Object.keys(EXCEPTIONS).filter((name) => !violations.some((v) => v.nome === name));
    expect(stale).toEqual([]);
  });

  it('knows the tenant tables it checks: the ones the seller data lives in', async () => {
    const tables = await query<{ tabela: string }>(`
      select c.relname::text as tabela from pg_class c join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attname = 'owner_id'
      where n.nspname = 'public' and c.relkind = 'r' order by 1`);
    const tenant = tables.map((t) => t.tabela).filter((t) => !(t in REFERENCE_TABLES));
    expect(tenant).toEqual(expect.arrayContaining(['clientes', 'produtos', 'vendas', 'itens_venda', 'lancamentos', 'notificacoes', 'perfis', 'pagamentos_online', 'vendas_totais']));
  });

  it('reports each kind of break on tables made to break them', async () => {
    const probes = `
      create table citus_probe_pai (id uuid primary key, owner_id text not null, codigo text unique);
      create unique index citus_probe_pai_nome_idx on citus_probe_pai (lower(codigo));
      create table citus_probe_filho (owner_id text, id uuid not null, pai_id uuid, cliente_id uuid,
        primary key (owner_id, id),
        constraint citus_probe_filho_pai_fk foreign key (pai_id) references citus_probe_pai (id),
        constraint citus_probe_filho_cliente_fk foreign key (owner_id, cliente_id) references clientes (owner_id, id));
      create table citus_probe_sem_dono (x int);
      create table citus_probe_nulo (owner_id text, id uuid, unique (owner_id, id));
      create table citus_probe_registro (chave text primary key, owner_id text not null, cliente_id uuid not null,
        constraint citus_probe_registro_cliente_fk foreign key (owner_id, cliente_id) references clientes (owner_id, id))`;
    for (const statement of probes.split(';')) await query(statement);
    try {
      const found = await citusViolations(query, { ...REFERENCE_TABLES, citus_probe_registro: 'a registry made for this test' });
      expect(found.map((v) => `${v.tabela} ${v.nome}`).sort()).toEqual(
        [
          'citus_probe_filho citus_probe_filho_pai_fk',
          'citus_probe_nulo owner_id',
          'citus_probe_nulo (no primary key)',
          'citus_probe_pai citus_probe_pai_pkey',
          'citus_probe_pai citus_probe_pai_codigo_key',
          'citus_probe_pai citus_probe_pai_nome_idx',
          'citus_probe_registro citus_probe_registro_cliente_fk',
          'citus_probe_sem_dono (table)',
        ].sort(),
      );
      // The composite foreign key into clientes is the allowed shape.
      expect(found.some((v) => v.nome === 'citus_probe_filho_cliente_fk')).toBe(false);
    } finally {
      await query('drop table citus_probe_filho, citus_probe_pai, citus_probe_sem_dono, citus_probe_nulo, citus_probe_registro');
    }
  });
});

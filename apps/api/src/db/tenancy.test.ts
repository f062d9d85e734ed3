import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../test/app';
import { rowsOf } from '../../test/db';
import { withSeller } from './client';
import { clientes, produtos, vendas } from './schema';

let t: TestApp;
let ana: SellerSession;
let bia: SellerSession;

beforeAll(async () => {
  t = await buildTestApp();
  ana = await createSeller(t);
  bia = await createSeller(t);
  const base = { telefone: '11999990000', limiteCredito: 100000 };
  await withSeller(t.db, ana.id, (tx) =>
    tx.insert(clientes).values([
      { ...base, ownerId: ana.id, nome: 'Cliente da Ana 1', nomeBusca: 'cliente da ana 1' },
      { ...base, ownerId: ana.id, nome: 'Cliente da Ana 2', nomeBusca: 'cliente da ana 2' },
    ]),
  );
  await withSeller(t.db, bia.id, (tx) =>
    tx.insert(clientes).values({ ...base, ownerId: bia.id, nome: 'Cliente da Bia', nomeBusca: 'cliente da bia' }),
  );
});
afterAll(() => t.close());

describe('row-level security', () => {
  it('shows a query that forgets its owner filter only the seller’s own rows', async () => {
    const forAna = await withSeller(t.db, ana.id, (tx) => tx.select({ nome: clientes.nome }).from(clientes));
    expect(forAna.map((c) => c.nome).sort()).toEqual(['Cliente da Ana 1', 'Cliente da Ana 2']);
    const forBia = await withSeller(t.db, bia.id, (tx) => tx.select({ nome: clientes.nome }).from(clientes));
    expect(forBia.map((c) => c.nome)).toEqual(['Cliente da Bia']);
  });

  it('lets an unfiltered UPDATE or DELETE touch only the seller’s own rows', async () => {
    await withSeller(t.db, bia.id, (tx) => tx.update(clientes).set({ observacoes: 'mexido pela Bia' }));
    await withSeller(t.db, bia.id, (tx) => tx.delete(clientes));
    const forAna = await withSeller(t.db, ana.id, (tx) => tx.select().from(clientes));
    expect(forAna).toHaveLength(2);
    expect(forAna.every((c) => c.observacoes === null)).toBe(true);
  });

  it('refuses to write a row owned by another seller', async () => {
    await expect(
      withSeller(t.db, bia.id, (tx) =>
        tx.insert(produtos).values({ ownerId: ana.id, nome: 'Intruso', nomeBusca: 'intruso', precoVenda: 100 }),
      ),
    ).rejects.toThrow();
    const forAna = await withSeller(t.db, ana.id, (tx) => tx.select().from(produtos));
    expect(forAna).toHaveLength(0);
  });

  it("plans a seller's statements without parallel workers or JIT, and only inside that transaction", async () => {
    const settings = sql`select current_setting('max_parallel_workers_per_gather') as workers, current_setting('jit') as jit`;
    const before = rowsOf(await t.db.execute(settings));
    const [inside] = rowsOf(await withSeller(t.db, ana.id, (tx) => tx.execute(settings)));
    expect(inside).toEqual({ workers: '0', jit: 'off' });
    expect(rowsOf(await t.db.execute(settings))).toEqual(before);
  });

  it('shows nothing when no seller is set', async () => {
    const rows = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local role app_user`);
      return tx.select().from(clientes);
    });
    expect(rows).toHaveLength(0);
  });

  it('forces RLS with a policy on every table that has an owner_id, and keeps the auth tables away from app_user', async () => {
    const result = await t.db.execute(sql`
      select c.relname as table, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
             (select count(*)::int from pg_policies p where p.tablename = c.relname) as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and exists (select 1 from information_schema.columns col
                    where col.table_schema = 'public' and col.table_name = c.relname and col.column_name = 'owner_id')
      order by c.relname`);
    const rows = rowsOf<{ table: string; rls: boolean; forced: boolean; policies: number }>(result);
    expect(rows.map((r) => r.table)).toEqual(expect.arrayContaining(['clientes', 'produtos', 'vendas', 'itens_venda', 'lancamentos', 'notificacoes', 'perfis']));
    for (const row of rows) expect(row, row.table).toMatchObject({ rls: true, forced: true, policies: expect.any(Number) });
    for (const row of rows) expect(row.policies, row.table).toBeGreaterThan(0);

    const grants = await t.db.execute(sql`
      select table_name from information_schema.role_table_grants
      where grantee = 'app_user' and table_name in ('users', 'accounts', 'sessions', 'verifications', 'codigos_acesso', 'configuracao_sistema')`);
    expect(rowsOf(grants)).toEqual([]);
  });
});

describe('the search functions (migration 0013, ADR 018)', () => {
  const ids = (rows: unknown) => rowsOf<{ id: string }>(rows).map((r) => r.id);

  it("answer ids of the transaction's seller only, and nothing without one", async () => {
    const search = sql`select busca_clientes('%cliente%', '%1199999%') as id`;
    const paraAna = ids(await withSeller(t.db, ana.id, (tx) => tx.execute(search)));
    const paraBia = ids(await withSeller(t.db, bia.id, (tx) => tx.execute(search)));
    const deAna = await withSeller(t.db, ana.id, (tx) => tx.select({ id: clientes.id }).from(clientes));
    expect(paraAna.sort()).toEqual(deAna.map((c) => c.id).sort());
    expect(paraBia).toHaveLength(0); // Bia's customer was deleted above
    const [venda] = await withSeller(t.db, ana.id, (tx) =>
      tx.insert(vendas).values({ ownerId: ana.id, numeroVenda: 'V123', valorTotal: 100, formaPagamento: 'vista', statusPagamento: 'pago', observacoes: 'da Ana' }).returning({ id: vendas.id }),
    );
    const vendaSearch = sql`select busca_vendas('%ana%', 100) as id`;
    expect(ids(await withSeller(t.db, ana.id, (tx) => tx.execute(vendaSearch)))).toEqual([venda!.id]);
    expect(ids(await withSeller(t.db, bia.id, (tx) => tx.execute(vendaSearch)))).toEqual([]);
    for (const query of [sql`select id from pagina_busca_clientes('%cliente%', null, null, 20, 0)`, sql`select busca_vendas('%ana%', 100) as id`]) {
      const semVendedor = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local role app_user`);
        return tx.execute(query);
      });
      expect(ids(semVendedor)).toEqual([]);
    }
  });

  it('run as a role that cannot log in, reads only the searched columns of clientes and writes nothing', async () => {
    const funcoes = rowsOf<{ nome: string; dono: string; definer: boolean; publico: boolean; app_user: boolean }>(
      await t.db.execute(sql`
        select p.proname as nome, pg_get_userbyid(p.proowner) as dono, p.prosecdef as definer,
               has_function_privilege('public', p.oid, 'execute') as publico,
               has_function_privilege('app_user', p.oid, 'execute') as app_user
        from pg_proc p where p.proname in ('busca_clientes', 'pagina_busca_clientes', 'busca_vendas') order by 1`),
    );
    expect(funcoes).toEqual(
      ['busca_clientes', 'busca_vendas', 'pagina_busca_clientes'].map((nome) => ({ nome, dono: 'caderneta_busca', definer: true, publico: false, app_user: true })),
    );
    const [papel] = rowsOf<{ login: boolean; bypass: boolean }>(
      await t.db.execute(sql`select rolcanlogin as login, rolbypassrls as bypass from pg_roles where rolname = 'caderneta_busca'`),
    );
    expect(papel).toEqual({ login: false, bypass: false });
    const tabelas = rowsOf<{ table_name: string; privilege_type: string }>(
      await t.db.execute(sql`select table_name, privilege_type from information_schema.role_table_grants where grantee = 'caderneta_busca'`),
    );
    expect(tabelas).toEqual([]);
    const colunas = rowsOf<{ table_name: string; column_name: string; privilege_type: string }>(
      await t.db.execute(sql`select table_name, column_name, privilege_type from information_schema.column_privileges
                             where grantee = 'caderneta_busca' order by column_name`),
    );
    expect(colunas.map((c) => `${c.table_name}.${c.column_name}:${c.privilege_type}`).sort()).toEqual([
      ...['ativo', 'id', 'nome', 'nome_busca', 'owner_id', 'telefone'].map((c) => `clientes.${c}:SELECT`),
      ...['id', 'numero_venda', 'observacoes', 'owner_id'].map((c) => `vendas.${c}:SELECT`),
    ]);
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, sql, type Column } from 'drizzle-orm';
import type { BackupRelatorio, LoginAlterado } from '@caderneta/shared';
import { rememberTimeZone, type Tx } from '../../db/client';
import { chavesPix, clientes, cobrancaConfig, loginsClientes, perfis, vendas } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { sqlState } from '../../lib/pg-errors';
import { queryRows } from '../../lib/sql';
import { withUniqueLogin } from '../clientes/login';
import { doVendedor, type ArquivoValidado, type Linha } from './arquivo';
import { TABELAS_BACKUP, type TabelaBackup } from './tabelas';

const LOTE_RESTAURACAO = 2_000;

/** Column name and whether the database computes it, per property of a table. */
function colunas(tabela: TabelaBackup) {
  return Object.entries(getTableColumns(tabela.table) as Record<string, Column>).map(([prop, column]) => ({
    prop,
    nome: column.name,
    gerada: Boolean((column as unknown as { generated?: unknown }).generated),
  }));
}

/**
 * Writes rows through json_populate_recordset: one parameter per batch, and PostgreSQL reads
 * each value as its column's type (instants to the microsecond, jsonb, bigint).
 */
function insertSql(tabela: TabelaBackup, rows: Record<string, unknown>[], extra = sql``) {
  const cols = colunas(tabela).filter((c) => !c.gerada);
  const lista = sql.raw(cols.map((c) => `"${c.nome}"`).join(', '));
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(cols.map((c) => [c.nome, row[c.prop] ?? null]))));
  return sql`insert into ${tabela.table} (${lista}) select ${lista} from json_populate_recordset(null::${tabela.table}, ${json}::json) ${extra}`;
}

/**
 * Replaces everything of the seller's shop by the file's, in the caller's transaction (the
 * seller's, under RLS): a failure anywhere leaves the shop as it was. Every record gets a new
 * id (the file may come from an account that still exists), references follow them, customer
 * logins another shop already uses get new ones, and entries posted by someone else are posted
 * by the seller restoring.
 */
export async function restaurarBackup(
  tx: Tx,
  ownerId: string,
  arquivo: ArquivoValidado,
  onProgress: (tabela: string, feitos: number, total: number) => void = () => undefined,
  now: () => number = Date.now,
): Promise<BackupRelatorio> {
  try {
    return await restaurar(tx, ownerId, arquivo, onProgress, now);
  } catch (error) {
    // validarArquivo checks what the database will check; should a file still carry a value the
    // database refuses (a data exception, class 22, or a broken constraint, class 23), the file
    // is what is wrong, and the seller is told so rather than shown an internal error.
    const classe = sqlState(error)?.slice(0, 2);
    if (classe === '22' || classe === '23') {
      throw new AppError('BACKUP_INVALIDO', 422, { message: 'O arquivo tem um campo ausente ou inválido.', details: { motivo: 'esquema' } });
    }
    throw error;
  }
}

async function restaurar(
  tx: Tx,
  ownerId: string,
  arquivo: ArquivoValidado,
  onProgress: (tabela: string, feitos: number, total: number) => void,
  now: () => number,
): Promise<BackupRelatorio> {
  const inicio = now();
  const removidos: Record<string, number> = {};
  for (const tabela of [...TABELAS_BACKUP].reverse()) {
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`with apagadas as (delete from ${tabela.table} where ${doVendedor(tabela, ownerId)} returning 1) select count(*)::int as n from apagadas`,
    );
    removidos[tabela.key] = Number(row?.n ?? 0);
  }
  // The customers' entries in the login registry went with them; the restored ones are registered below.
  await tx.delete(loginsClientes).where(eq(loginsClientes.ownerId, ownerId));

  // A file from before the seller's own phone was kept has no `telefone`: drizzle leaves out an
  // absent key, so the phone stays as it is.
  const { pix, cobranca, ...perfil } = arquivo.perfil;
  await tx
    .update(perfis)
    .set({ ...perfil, updatedAt: sql`now()` })
    .where(eq(perfis.ownerId, ownerId));
  rememberTimeZone(tx, ownerId, perfil.fusoHorario);
  // A file from before PIX keys were kept says nothing about them: the key stays as it is.
  if (pix !== undefined) {
    await tx.delete(chavesPix).where(eq(chavesPix.ownerId, ownerId));
    if (pix) await tx.insert(chavesPix).values({ ownerId, ...pix });
  }
  // The same for the collection settings (version 1 files have none); null: the defaults.
  if (cobranca !== undefined) {
    await tx.delete(cobrancaConfig).where(eq(cobrancaConfig.ownerId, ownerId));
    if (cobranca) await tx.insert(cobrancaConfig).values({ ownerId, ...cobranca });
  }

  // New ids for every record first: references may point at any table of the file.
  const mapas = new Map<string, Map<string, string>>();
  for (const tabela of TABELAS_BACKUP) {
    mapas.set(tabela.key, new Map(arquivo.dados[tabela.key]!.map((row) => [row.id as string, tabela.manterIds ? (row.id as string) : randomUUID()])));
  }
  const mapa = (key: string, id: unknown) => mapas.get(key)?.get(id as string) ?? id;

  const restaurados: Record<string, number> = {};
  const loginsAlterados: LoginAlterado[] = [];
  for (const tabela of TABELAS_BACKUP) {
    const rows = arquivo.dados[tabela.key]!;
    let feitos = 0;
    onProgress(tabela.key, 0, rows.length);
    for (let start = 0; start < rows.length; start += LOTE_RESTAURACAO) {
      const lote = rows.slice(start, start + LOTE_RESTAURACAO).map((row) => preparar(tabela, row, ownerId, mapa));
      if (tabela.table === clientes) loginsAlterados.push(...(await inserirClientes(tx, ownerId, tabela, lote)));
      else await tx.execute(insertSql(tabela, lote));
      feitos += lote.length;
      onProgress(tabela.key, feitos, rows.length);
    }
    restaurados[tabela.key] = feitos;
  }
  await recalcularPendencias(tx, ownerId);
  return { restaurados, removidos, loginsAlterados, segundos: (now() - inicio) / 1000 };
}

/**
 * `clientes.pendente_desde` (the debtors' due dates start there) follows from the restored sales
 * — the oldest pending fiado sale of each customer — whatever the file said (version 1 files say
 * nothing), as the ledger's allocation keeps it (modules/devedores/pendencia.service.ts). One
 * statement over the seller's customers.
 */
async function recalcularPendencias(tx: Tx, ownerId: string) {
  await tx.execute(sql`
    update ${clientes} c set pendente_desde = p.desde
    from (
      select c2.id, (select min(v.data_venda) from ${vendas} v
                      where v.owner_id = ${ownerId} and v.cliente_id = c2.id and v.status_pagamento = 'pendente') as desde
      from ${clientes} c2 where c2.owner_id = ${ownerId}
    ) p
    where c.owner_id = ${ownerId} and c.id = p.id and c.pendente_desde is distinct from p.desde`);
}

function preparar(tabela: TabelaBackup, row: Linha, ownerId: string, mapa: (key: string, id: unknown) => unknown): Linha {
  const out: Linha = { ...row, ownerId, id: mapa(tabela.key, row.id) };
  for (const [campo, alvo] of Object.entries(tabela.refs ?? {})) {
    if (out[campo] !== null && out[campo] !== undefined) out[campo] = mapa(alvo, out[campo]);
  }
  if ('criadoPor' in out && out.criadoPor !== null) out.criadoPor = ownerId;
  return tabela.preparar ? tabela.preparar(out, mapa) : out;
}

/**
 * Customers keep their logins unless another shop uses one: logins are unique across the system
 * through the `logins_clientes` registry, whose other shops' entries are invisible here, so the
 * registry's primary key decides (ON CONFLICT DO NOTHING). Those customers get a new login
 * (savepoints, as when creating a customer), reported.
 */
async function inserirClientes(tx: Tx, ownerId: string, tabela: TabelaBackup, lote: Linha[]): Promise<LoginAlterado[]> {
  await tx.execute(insertSql(tabela, lote));
  const comLogin = lote.filter((row) => typeof row.login === 'string');
  if (comLogin.length === 0) return [];
  const registro = JSON.stringify(comLogin.map((row) => ({ login: row.login, owner_id: ownerId, cliente_id: row.id })));
  const registrados = await queryRows<{ login: string }>(
    tx,
    sql`insert into ${loginsClientes} (login, owner_id, cliente_id)
        select login, owner_id, cliente_id from json_populate_recordset(null::${loginsClientes}, ${registro}::json)
        on conflict (login) do nothing returning login`,
  );
  const ok = new Set(registrados.map((r) => r.login));
  const alterados: LoginAlterado[] = [];
  for (const row of comLogin) {
    if (ok.has(row.login as string)) continue;
    const novo = await withUniqueLogin(tx, ownerId, row.nome as string, async (savepoint, login) => {
      const [updated] = await savepoint
        .update(clientes)
        .set({ login })
        .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, row.id as string)))
        .returning({ id: clientes.id, login: clientes.login });
      return updated!;
    });
    alterados.push({ nome: row.nome as string, loginAnterior: row.login as string, loginNovo: novo.login! });
  }
  return alterados;
}

import { randomUUID } from 'node:crypto';
import { eq, getTableColumns, sql, type Column } from 'drizzle-orm';
import { generateClienteLogin, type BackupRelatorio, type LoginAlterado } from '@caderneta/shared';
import { rememberTimeZone, type Tx } from '../../db/client';
import { chavesPix, clientes, cobrancaConfig, importacaoItens, importacoes, loginsClientes, perfis, pessoas } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { sqlState } from '../../lib/pg-errors';
import { queryRows } from '../../lib/sql';
import { loginSuffixSource } from '../clientes/login';
import { recalcularDividas } from '../financeiro/razao.service';
import { auditar } from '../auditoria/auditoria.service';
import { doVendedor, type ArquivoValidado, type Linha } from './arquivo';
import { TABELAS_RESTAURADAS, type TabelaBackup } from './tabelas';

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
function insertSql(tabela: TabelaBackup, rows: Record<string, unknown>[]) {
  const cols = colunas(tabela).filter((c) => !c.gerada);
  const lista = sql.raw(cols.map((c) => `"${c.nome}"`).join(', '));
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(cols.map((c) => [c.nome, row[c.prop] ?? null]))));
  return sql`insert into ${tabela.table} (${lista}) select ${lista} from json_populate_recordset(null::${tabela.table}, ${json}::json)`;
}

/**
 * Replaces everything of the seller's shop by the file's, in the caller's transaction (the
 * seller's, under RLS): a failure anywhere leaves the shop as it was. Every record gets a new
 * id (the file may come from an account that still exists), references follow them, customers
 * keep their page's code only where it is this shop's own (codigosDosClientes), entries posted by
 * someone else are posted by the seller restoring, and checkout attempts are left out (tabelas.ts).
 * One statement per table and batch, whatever the shop's size: the rollups are rebuilt once, at
 * the end (SESSAO_DE_RESTAURACAO).
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

/**
 * The restore's transaction, on top of the seller's scope: the rollup triggers stand aside
 * (`caderneta.reconstruindo`, migration 0022; reconstruir_rollups rebuilds the shop's once at the
 * end), and a restore whose server process is gone is cancelled by PostgreSQL itself: it checks
 * every second that the client is still there (client_connection_check_interval) instead of
 * running on for minutes holding the shop's lock. The timeouts bound a restore whose process
 * hangs. Nested loops are off: every statement of a restore reads or writes a whole shop, and the
 * planner's statistics still describe the tables before the restore wrote them (a shop restored
 * into a new account is estimated at one row), so a join it would run as a loop over both sides
 * runs as a hash or merge join, in one pass (migration 0024 does the same for reconstruir_rollups).
 * They last until the transaction ends.
 */
export const SESSAO_DE_RESTAURACAO = sql`select
  set_config('caderneta.reconstruindo', 'on', true),
  set_config('client_connection_check_interval', '1s', true),
  set_config('statement_timeout', '10min', true),
  set_config('idle_in_transaction_session_timeout', '2min', true),
  set_config('enable_nestloop', 'off', true)`;

async function restaurar(
  tx: Tx,
  ownerId: string,
  arquivo: ArquivoValidado,
  onProgress: (tabela: string, feitos: number, total: number) => void,
  now: () => number,
): Promise<BackupRelatorio> {
  const inicio = now();
  await tx.execute(SESSAO_DE_RESTAURACAO);
  // The shop's rows, one statement per table, children first.
  const removidos: Record<string, number> = {};
  for (const tabela of [...TABELAS_RESTAURADAS].reverse()) {
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`with apagadas as (delete from ${tabela.table} where ${doVendedor(tabela, ownerId)} returning 1) select count(*)::int as n from apagadas`,
    );
    removidos[tabela.key] = Number(row?.n ?? 0);
  }
  // The customers' codes went with them: retired, they stay the shop's (migration 0022).
  await tx.update(loginsClientes).set({ clienteId: null }).where(eq(loginsClientes.ownerId, ownerId));
  // The records imports made are gone: none of them can be undone any more.
  await tx.delete(importacaoItens).where(eq(importacaoItens.ownerId, ownerId));
  await tx.delete(importacoes).where(eq(importacoes.ownerId, ownerId));

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
  for (const tabela of TABELAS_RESTAURADAS) {
    mapas.set(tabela.key, new Map(arquivo.dados[tabela.key]!.map((row) => [row.id as string, tabela.manterIds ? (row.id as string) : randomUUID()])));
  }
  const mapa = (key: string, id: unknown) => mapas.get(key)?.get(id as string) ?? id;
  const { logins, loginsAlterados } = await codigosDosClientes(tx, ownerId, arquivo.dados.clientes!, (id) => mapa('clientes', id) as string);

  // Who made a sale or took a payment stays named when they are a person of this shop (the same
  // shop's file); anyone else's records become the owner's.
  const daLoja = new Set((await tx.select({ id: pessoas.userId }).from(pessoas).where(eq(pessoas.ownerId, ownerId))).map((p) => p.id));
  const autorDaLoja = (id: unknown) => (typeof id === 'string' && daLoja.has(id) ? id : ownerId);
  const restaurados: Record<string, number> = {};
  for (const tabela of TABELAS_RESTAURADAS) {
    const rows = arquivo.dados[tabela.key]!.filter((row) => !tabela.restaurar || tabela.restaurar(row));
    let feitos = 0;
    onProgress(tabela.key, 0, rows.length);
    for (let start = 0; start < rows.length; start += LOTE_RESTAURACAO) {
      const lote = rows.slice(start, start + LOTE_RESTAURACAO).map((row) => preparar(tabela, row, ownerId, mapa, autorDaLoja));
      if (tabela.table === clientes) for (const row of lote) row.login = logins.get(row.id as string) ?? null;
      await tx.execute(insertSql(tabela, lote));
      feitos += lote.length;
      onProgress(tabela.key, feitos, rows.length);
    }
    restaurados[tabela.key] = feitos;
  }
  // The debtor fields follow from the restored ledgers, by the ledger's own rule.
  await recalcularDividas(tx, ownerId);
  await tx.execute(sql`select reconstruir_rollups(${ownerId}), set_config('caderneta.reconstruindo', 'off', true)`);
  // The audit trail is not the file's to replace: it keeps what happened before, and this restore.
  await auditar(tx, ownerId, {
    acao: 'backup.restaurado',
    registro: { tipo: 'loja' },
    detalhes: {
      ...Object.fromEntries(Object.entries(restaurados).map(([tabela, n]) => [`restaurados.${tabela}`, n])),
      ...Object.fromEntries(Object.entries(removidos).map(([tabela, n]) => [`removidos.${tabela}`, n])),
      exportadoEm: arquivo.exportadoEm,
    },
  });
  return { restaurados, removidos, loginsAlterados, segundos: (now() - inicio) / 1000 };
}
function preparar(tabela: TabelaBackup, row: Linha, ownerId: string, mapa: (key: string, id: unknown) => unknown, autorDaLoja: (id: unknown) => string): Linha {
  const out: Linha = { ...row, ownerId, id: mapa(tabela.key, row.id) };
  for (const [campo, alvo] of Object.entries(tabela.refs ?? {})) {
    if (out[campo] !== null && out[campo] !== undefined) out[campo] = mapa(alvo, out[campo]);
  }
  if ('criadoPor' in out && out.criadoPor !== null) out.criadoPor = autorDaLoja(out.criadoPor);
  if ('resolvidaPor' in out && out.resolvidaPor !== null) out.resolvidaPor = autorDaLoja(out.resolvidaPor);
  return tabela.preparar ? tabela.preparar(out, mapa) : out;
}

/** Attempts at a free code for each customer who needs a new one, every customer at once each time. */
const TENTATIVAS_DE_CODIGO = 10;

/**
 * The customer page's code of every customer of the file. A customer keeps the file's code only
 * when the registry says it is this shop's own (a code it issued, live or retired): a code another
 * shop holds or once held — or one nobody ever issued, typed into an edited file — is never taken
 * over, so an old WhatsApp link of another shop cannot open this shop's page. The others get new
 * codes, all at once: candidates go into the registry with ON CONFLICT DO NOTHING (other shops'
 * entries are invisible here, so the registry's primary key decides), and those that collide are
 * drawn again. Reported in `loginsAlterados`.
 */
async function codigosDosClientes(
  tx: Tx,
  ownerId: string,
  linhas: Linha[],
  novoId: (id: string) => string,
): Promise<{ logins: Map<string, string>; loginsAlterados: LoginAlterado[] }> {
  const comLogin = linhas.filter((row) => typeof row.login === 'string');
  const logins = new Map<string, string>();
  if (comLogin.length === 0) return { logins, loginsAlterados: [] };
  const pedidos = JSON.stringify(comLogin.map((row) => ({ login: row.login, owner_id: ownerId, cliente_id: novoId(row.id as string) })));
  const mantidos = await queryRows<{ login: string; cliente_id: string }>(
    tx,
    sql`update ${loginsClientes} r set cliente_id = p.cliente_id
        from json_populate_recordset(null::${loginsClientes}, ${pedidos}::json) p
        where r.owner_id = ${ownerId} and r.login = p.login
        returning r.login, r.cliente_id`,
  );
  for (const row of mantidos) logins.set(row.cliente_id, row.login);

  let faltam = comLogin.filter((row) => !logins.has(novoId(row.id as string)));
  for (let tentativa = 0; faltam.length > 0 && tentativa < TENTATIVAS_DE_CODIGO; tentativa++) {
    const candidatos = new Map<string, string>();
    for (const row of faltam) {
      const login = generateClienteLogin(row.nome as string, loginSuffixSource.next());
      if (!candidatos.has(login)) candidatos.set(login, novoId(row.id as string));
    }
    const registro = JSON.stringify([...candidatos].map(([login, clienteId]) => ({ login, owner_id: ownerId, cliente_id: clienteId })));
    const registrados = await queryRows<{ login: string; cliente_id: string }>(
      tx,
      sql`insert into ${loginsClientes} (login, owner_id, cliente_id)
          select login, owner_id, cliente_id from json_populate_recordset(null::${loginsClientes}, ${registro}::json)
          on conflict (login) do nothing returning login, cliente_id`,
    );
    for (const row of registrados) logins.set(row.cliente_id, row.login);
    faltam = faltam.filter((row) => !logins.has(novoId(row.id as string)));
  }
  if (faltam.length > 0) throw new AppError('LOGIN_INDISPONIVEL', 503, { message: 'Não foi possível gerar um login único. Tente novamente.' });
  const loginsAlterados = comLogin
    .filter((row) => logins.get(novoId(row.id as string)) !== row.login)
    .map((row) => ({ nome: row.nome as string, loginAnterior: row.login as string, loginNovo: logins.get(novoId(row.id as string))! }));
  return { logins, loginsAlterados };
}

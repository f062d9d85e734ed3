import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  isValidPhone,
  nomesQuaseIguais,
  normalizeForSearch,
  normalizePhone,
  offsetOf,
  type Cliente,
  type ClienteCriacao,
  clienteInputSchema,
  type ClienteInput,
  type ClientesPage,
  type ClientesSemelhantes,
  type clientesQuerySchema,
  type MotivoSemelhanca,
} from '@caderneta/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { clientes, clientesTotais, clientesVersao, lancamentos, vendas, type Cliente as ClienteRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import { queryRows, statusCondition } from '../../lib/sql';
import { candidatosSemelhantes, paginaDaBusca, termosDaBusca } from './clientes-busca';
import type { IndiceDeClientes } from './clientes-indice';
import { assignLogin, retireLogin, withUniqueLogin } from './login';
import { auditar, mudancasEntre } from '../auditoria/auditoria.service';
import { cancelarMensagensPendentes } from '../mensagens/mensagens.service';

type ClientesQuery = z.output<typeof clientesQuerySchema>;

const naoEncontrado = () => notFound('Cliente');

export const clienteTemVendas = () =>
  new AppError('CLIENTE_TEM_VENDAS', 409, {
    message: 'Não é possível deletar cliente que possui vendas registradas. Desative o cliente em vez de deletá-lo.',
  });

export function toCliente(row: ClienteRow): Cliente {
  return {
    id: row.id,
    nome: row.nome,
    telefone: row.telefone,
    email: row.email,
    endereco: row.endereco,
    limiteCredito: row.limiteCredito,
    login: row.login,
    ativo: row.ativo,
    saldoAtual: row.saldoAtual,
    saldoPendente: row.saldoPendente ?? Math.max(0, -row.saldoAtual),
    dataVencimento: row.dataVencimento,
    observacoes: row.observacoes,
    avisos: avisosDe(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The consent to automatic messages holds: given, and not stopped since. */
const avisosLigados = (row: Pick<ClienteRow, 'avisosAutorizadosEm' | 'avisosParadosEm'> | null) =>
  row !== null && row.avisosAutorizadosEm !== null && row.avisosParadosEm === null;

function avisosDe(row: ClienteRow): Cliente['avisos'] {
  if (!row.avisosAutorizadosEm || !row.avisosAutorizacao) return null;
  return {
    ativos: avisosLigados(row),
    autorizadosEm: row.avisosAutorizadosEm.toISOString(),
    como: row.avisosAutorizacao,
    paradosEm: row.avisosParadosEm?.toISOString() ?? null,
    paradosPor: row.avisosParadosPor,
  };
}

/**
 * The columns that record the form's consent switch (docs/decisions/043): checking it records the
 * consent now, unchecking it stops the messages now (by the shop); the same state again changes
 * nothing, so the consent keeps its first date.
 */
function consentimentoDoFormulario(antes: Pick<ClienteRow, 'avisosAutorizadosEm' | 'avisosParadosEm'> | null, avisos: boolean | undefined, agora: Date | undefined) {
  if (avisos === undefined || avisos === avisosLigados(antes)) return {};
  const quando = agora ?? sql`now()`;
  return avisos
    ? { avisosAutorizadosEm: quando, avisosAutorizacao: 'formulario' as const, avisosParadosEm: null, avisosParadosPor: null }
    : { avisosParadosEm: quando, avisosParadosPor: 'loja' as const };
}

/** The audit trail's line of a change of consent ("avisos": off → on). */
const mudancaDeAvisos = (antes: ClienteRow | null, depois: ClienteRow) => {
  const [era, e] = [avisosLigados(antes), avisosLigados(depois)];
  return era === e ? [] : [{ campo: 'avisos', antes: era, depois: e }];
};

/** Spec §3: customers lacking a login get one when the list loads (a bounded batch per load). */
const MISSING_LOGIN_BATCH = 200;
async function assignMissingLogins(tx: Tx, ownerId: string) {
  const missing = await tx
    .select({ id: clientes.id, nome: clientes.nome })
    .from(clientes)
    .where(and(eq(clientes.ownerId, ownerId), isNull(clientes.login)))
    .limit(MISSING_LOGIN_BATCH);
  for (const cliente of missing) await assignLogin(tx, ownerId, cliente);
}

/**
 * One page of the customer list, with its cards. A search runs in `indice` (the app's, ADR 022)
 * when one is given and the shop fits in it, otherwise in the database's search function (ADR 018).
 */
export async function listClientes(tx: Tx, ownerId: string, query: ClientesQuery, indice?: IndiceDeClientes): Promise<ClientesPage> {
  const termos = termosDaBusca(query.busca);
  // The cards count the status filter's customers, whatever is typed in the search box: from the
  // counters kept by the clientes triggers (migration 0004), not by counting every row. The same
  // statement tells whether any customer still lacks a login (a probe of a partial index) and, for
  // a search, how many customers the shop has and the version of their names (migration 0021).
  const noFiltro = query.status === 'ativos' ? sql`ativo` : query.status === 'inativos' ? sql`not ativo` : sql`true`;
  const [totais] = await queryRows<{ total: number; devedores: number; sem_login: boolean; clientes: number; versao: string | number | null }>(
    tx,
    sql`select coalesce(sum(quantidade) filter (where ${noFiltro}), 0)::int as total,
          coalesce(sum(devedores) filter (where ${noFiltro}), 0)::int as devedores,
          coalesce(sum(quantidade), 0)::int as clientes,
          exists (select 1 from ${clientes} where owner_id = ${ownerId} and login is null) as sem_login,
          ${termos && indice ? sql`(select versao from ${clientesVersao} where owner_id = ${ownerId})` : sql`null`} as versao
        from ${clientesTotais} where owner_id = ${ownerId}`,
  );
  if (totais?.sem_login) await assignMissingLogins(tx, ownerId);
  const total = Number(totais?.total ?? 0);
  const comPendencias = Number(totais?.devedores ?? 0);
  const resumo = { total, ativos: total - comPendencias, comPendencias };
  const pagina = { page: query.page, pageSize: query.pageSize, resumo };

  const ordem = [asc(clientes.nomeBusca), asc(clientes.nome), asc(clientes.id)];
  if (!termos) {
    const rows = await tx
      .select()
      .from(clientes)
      .where(and(eq(clientes.ownerId, ownerId), statusCondition(clientes.ativo, query.status)))
      .orderBy(...ordem)
      .limit(query.pageSize)
      .offset(offsetOf(query));
    return { items: rows.map(toCliente), total, ...pagina };
  }

  const versao = totais?.versao == null ? null : Number(totais.versao);
  if (indice && versao !== null && indice.cabe(Number(totais?.clientes ?? 0))) {
    // The page's ids and the number of matches from the index; the rows by id, under RLS.
    const { ids, total: encontrados } = await indice.pagina(tx, ownerId, versao, termos, query.status, query.pageSize, offsetOf(query));
    const rows = ids.length ? await tx.select().from(clientes).where(and(eq(clientes.ownerId, ownerId), inArray(clientes.id, ids))) : [];
    const porId = new Map(rows.map((r) => [r.id, r]));
    const items = ids.flatMap((id) => {
      const row = porId.get(id);
      return row ? [toCliente(row)] : [];
    });
    return { items, total: encontrados, ...pagina };
  }

  // A search in the database: the page's ids and the number of matches from the search function,
  // the rows under RLS.
  const busca = paginaDaBusca(query.busca, query.status, query.pageSize, offsetOf(query))!;
  const linhas = await tx
    .select({ cliente: clientes, total: sql<number>`p.total`.mapWith(Number) })
    .from(clientes)
    .innerJoin(sql`${busca} as p`, sql`p.id = ${clientes.id}`)
    .where(eq(clientes.ownerId, ownerId))
    .orderBy(...ordem);
  let encontrados = linhas[0]?.total;
  // A page past the last match says nothing of how many there are: ask for the first one.
  if (encontrados === undefined && offsetOf(query) > 0) {
    const [primeira] = await queryRows<{ total: number }>(tx, sql`select total from ${paginaDaBusca(query.busca, query.status, 1, 0)}`);
    encontrados = Number(primeira?.total ?? 0);
  }
  return { items: linhas.map((r) => toCliente(r.cliente)), total: encontrados ?? 0, ...pagina };
}

/** At most this many are shown: more would say the name is common, not that the customer exists. */
const MAX_SEMELHANTES = 5;

/**
 * "Novo Cliente" is about to register `nome` with `telefone`: the seller's customers (active or
 * not) with the same phone or a near-identical name, the same phone first. Read through the
 * search function limited to the transaction's seller (ADR 018), the rows then under RLS.
 */
export async function clientesSemelhantes(tx: Tx, ownerId: string, { nome, telefone }: { nome: string; telefone: string }): Promise<ClientesSemelhantes> {
  const digitos = normalizePhone(telefone);
  const fone = isValidPhone(digitos) ? digitos : null;
  const candidatos = candidatosSemelhantes(nome, fone);
  if (!candidatos) return { items: [] };
  const rows = await tx
    .select()
    .from(clientes)
    .where(and(eq(clientes.ownerId, ownerId), sql`${clientes.id} = any(${candidatos})`))
    .orderBy(asc(clientes.nomeBusca), asc(clientes.id));
  const items = rows
    .map((row) => {
      const motivos: MotivoSemelhanca[] = [];
      if (fone && row.telefone === fone) motivos.push('telefone');
      if (nomesQuaseIguais(row.nome, nome)) motivos.push('nome');
      return { row, motivos };
    })
    .filter((c) => c.motivos.length > 0)
    .sort((a, b) => Number(b.motivos.includes('telefone')) - Number(a.motivos.includes('telefone')))
    .slice(0, MAX_SEMELHANTES)
    .map(({ row, motivos }) => ({ ...toCliente(row), motivos }));
  return { items };
}

async function findRow(tx: Tx, ownerId: string, id: string, lock = false): Promise<ClienteRow> {
  const select = tx
    .select()
    .from(clientes)
    .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, id)));
  const [row] = lock ? await select.for('update') : await select;
  if (!row) throw naoEncontrado();
  return row;
}

/** Returns the row, first giving it a login if it has none. */
async function withLogin(tx: Tx, ownerId: string, row: ClienteRow): Promise<ClienteRow> {
  if (row.login) return row;
  return { ...row, login: await assignLogin(tx, ownerId, row) };
}

export async function getCliente(tx: Tx, ownerId: string, id: string): Promise<Cliente> {
  return toCliente(await withLogin(tx, ownerId, await findRow(tx, ownerId, id)));
}

/** What the audit trail keeps of a customer: the fields its form sets (the balance has its own entries). */
const CAMPOS_AUDITADOS = Object.keys(clienteInputSchema.shape).filter((campo) => campo !== 'avisos') as Array<keyof ClienteInput & keyof ClienteRow>;

const columnsOf = (input: ClienteInput) => ({
  nome: input.nome,
  nomeBusca: normalizeForSearch(input.nome),
  telefone: input.telefone,
  email: input.email,
  endereco: input.endereco,
  limiteCredito: input.limiteCredito,
});

/** Thrown inside the insert's savepoint when the caller's id is already this seller's customer. */
class JaCriado extends Error {}

/**
 * "Novo Cliente". With the caller's `id`, the same request sent again (a retry after a lost answer,
 * even one running at the same time) answers the customer the first one created, changing nothing.
 */
/** `agora`: when a consent given on the form is recorded (the app's clock; the database's when absent). */
export async function createCliente(tx: Tx, ownerId: string, { id, ...input }: ClienteCriacao, agora?: Date): Promise<Cliente> {
  try {
    const row = await withUniqueLogin(tx, ownerId, input.nome, async (sp, login) => {
      const [inserted] = await sp
        .insert(clientes)
        .values({ ownerId, ...(id ? { id } : {}), ...columnsOf(input), ...consentimentoDoFormulario(null, input.avisos, agora), login })
        .onConflictDoNothing({ target: [clientes.ownerId, clientes.id] })
        .returning();
      if (!inserted) throw new JaCriado();
      return inserted;
    });
    await auditar(tx, ownerId, {
      acao: 'cliente.criado',
      registro: { tipo: 'cliente', id: row.id, nome: row.nome },
      clienteId: row.id,
      mudancas: [...mudancasEntre<ClienteRow>({}, row, CAMPOS_AUDITADOS), ...mudancaDeAvisos(null, row)],
    });
    return toCliente(row);
  } catch (error) {
    if (error instanceof JaCriado && id) return getCliente(tx, ownerId, id);
    throw error;
  }
}

/** Edits the seller-typed fields. Balances, due date and notes belong to the ledger and debtors. */
export async function updateCliente(tx: Tx, ownerId: string, id: string, input: ClienteInput, agora?: Date): Promise<Cliente> {
  const antes = await findRow(tx, ownerId, id, true);
  const [row] = await tx
    .update(clientes)
    .set({ ...columnsOf(input), ...consentimentoDoFormulario(antes, input.avisos, agora), updatedAt: sql`now()` })
    .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, id)))
    .returning();
  if (!row) throw naoEncontrado();
  if (input.avisos === false) await cancelarMensagensPendentes(tx, ownerId, id);
  const mudancas = [...mudancasEntre(antes, row, CAMPOS_AUDITADOS), ...mudancaDeAvisos(antes, row)];
  if (mudancas.length) await auditar(tx, ownerId, { acao: 'cliente.alterado', registro: { tipo: 'cliente', id, nome: row.nome }, clienteId: id, mudancas });
  return toCliente(await withLogin(tx, ownerId, row));
}

export async function setClienteAtivo(tx: Tx, ownerId: string, id: string, ativo: boolean): Promise<Cliente> {
  const antes = await findRow(tx, ownerId, id, true);
  const [row] = await tx
    .update(clientes)
    .set({ ativo, updatedAt: sql`now()` })
    .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, id)))
    .returning();
  if (!row) throw naoEncontrado();
  if (antes.ativo !== ativo) {
    await auditar(tx, ownerId, {
      acao: ativo ? 'cliente.reativado' : 'cliente.desativado',
      registro: { tipo: 'cliente', id, nome: row.nome },
      clienteId: id,
      mudancas: [{ campo: 'ativo', antes: antes.ativo, depois: ativo }],
    });
  }
  return toCliente(await withLogin(tx, ownerId, row));
}

/** A new public handle; the old one stops opening the customer page at once. */
export async function regenerarLogin(tx: Tx, ownerId: string, id: string): Promise<Cliente> {
  const current = await findRow(tx, ownerId, id, true);
  const row = await withUniqueLogin(
    tx,
    ownerId,
    current.nome,
    async (sp, login) => {
      const [updated] = await sp
        .update(clientes)
        .set({ login, updatedAt: sql`now()` })
        .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, id)))
        .returning();
      return updated!;
    },
    current.login,
  );
  // The link itself is a key to the customer's page: the trail says it changed, not what it is.
  await auditar(tx, ownerId, { acao: 'cliente.link_regenerado', registro: { tipo: 'cliente', id, nome: row.nome }, clienteId: id });
  return toCliente(row);
}

/**
 * Permanent delete, allowed only for a customer no sale and no ledger entry refers to (spec §4).
 * The row lock makes a sale being recorded at the same moment either finish first (and block the
 * delete) or wait and then fail on its foreign key.
 */
export async function deleteCliente(tx: Tx, ownerId: string, id: string): Promise<void> {
  const antes = await findRow(tx, ownerId, id, true);
  const [venda] = await tx.select({ id: vendas.id }).from(vendas).where(eq(vendas.clienteId, id)).limit(1);
  const [lancamento] = await tx.select({ id: lancamentos.id }).from(lancamentos).where(eq(lancamentos.clienteId, id)).limit(1);
  if (venda || lancamento) throw clienteTemVendas();
  try {
    await tx.transaction(async (sp) => {
      await retireLogin(sp as Tx, ownerId, id);
      await sp.delete(clientes).where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, id)));
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw clienteTemVendas();
    throw error;
  }
  await auditar(tx, ownerId, {
    acao: 'cliente.excluido',
    registro: { tipo: 'cliente', id, nome: antes.nome },
    clienteId: id,
    mudancas: mudancasEntre<ClienteRow>(antes, {}, CAMPOS_AUDITADOS),
  });
}

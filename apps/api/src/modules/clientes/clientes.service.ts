import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  normalizeForSearch,
  offsetOf,
  type Cliente,
  type ClienteInput,
  type ClientesPage,
  type clientesQuerySchema,
} from '@caderneta/shared';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { clientes, clientesTotais, lancamentos, vendas, type Cliente as ClienteRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import { contains, countAll, queryRows, statusCondition } from '../../lib/sql';
import { assignLogin, unregisterLogin, withUniqueLogin } from './login';

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
    createdAt: row.createdAt.toISOString(),
  };
}

/** Name (accent- and case-insensitive) or, when the term looks like a phone, its digits. */
function buscaCondition(busca: string | undefined): SQL | undefined {
  const term = normalizeForSearch(busca ?? '');
  if (!term) return undefined;
  const byName = contains(clientes.nomeBusca, term);
  const digits = term.replace(/\D/g, '');
  if (digits && /^[\d\s()+.-]+$/.test(term)) return or(byName, contains(clientes.telefone, digits.replace(/^0+/, '') || digits));
  return byName;
}

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

export async function listClientes(tx: Tx, ownerId: string, query: ClientesQuery): Promise<ClientesPage> {
  await assignMissingLogins(tx, ownerId);
  const scope = and(eq(clientes.ownerId, ownerId), statusCondition(clientes.ativo, query.status));
  const busca = buscaCondition(query.busca);
  const where = and(scope, busca);

  const rows = await tx
    .select()
    .from(clientes)
    .where(where)
    .orderBy(asc(clientes.nomeBusca), asc(clientes.nome), asc(clientes.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  // The cards count the status filter's customers, whatever is typed in the search box: from the
  // counters kept by the clientes triggers (migration 0004), not by counting every row.
  const ativoFiltro = query.status === 'ativos' ? sql` and ativo` : query.status === 'inativos' ? sql` and not ativo` : sql``;
  const [totais] = await queryRows<{ total: number; devedores: number }>(
    tx,
    sql`select coalesce(sum(quantidade), 0)::int as total, coalesce(sum(devedores), 0)::int as devedores
        from ${clientesTotais} where owner_id = ${ownerId}${ativoFiltro}`,
  );
  const total = Number(totais?.total ?? 0);
  const comPendencias = Number(totais?.devedores ?? 0);
  const resumo = { total, ativos: total - comPendencias, comPendencias };

  // A search counts its matches (through the trigram index); without one the cards already did.
  const [count] = busca ? await tx.select({ total: countAll() }).from(clientes).where(where) : [{ total }];

  return {
    items: rows.map(toCliente),
    total: count?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    resumo,
  };
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

const columnsOf = (input: ClienteInput) => ({
  nome: input.nome,
  nomeBusca: normalizeForSearch(input.nome),
  telefone: input.telefone,
  email: input.email,
  endereco: input.endereco,
  limiteCredito: input.limiteCredito,
});

export async function createCliente(tx: Tx, ownerId: string, input: ClienteInput): Promise<Cliente> {
  const row = await withUniqueLogin(tx, ownerId, input.nome, async (sp, login) => {
    const [inserted] = await sp
      .insert(clientes)
      .values({ ownerId, ...columnsOf(input), login })
      .returning();
    return inserted!;
  });
  return toCliente(row);
}

/** Edits the seller-typed fields. Balances, due date and notes belong to the ledger and debtors. */
export async function updateCliente(tx: Tx, ownerId: string, id: string, input: ClienteInput): Promise<Cliente> {
  const [row] = await tx
    .update(clientes)
    .set({ ...columnsOf(input), updatedAt: sql`now()` })
    .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, id)))
    .returning();
  if (!row) throw naoEncontrado();
  return toCliente(await withLogin(tx, ownerId, row));
}

export async function setClienteAtivo(tx: Tx, ownerId: string, id: string, ativo: boolean): Promise<Cliente> {
  const [row] = await tx
    .update(clientes)
    .set({ ativo, updatedAt: sql`now()` })
    .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, id)))
    .returning();
  if (!row) throw naoEncontrado();
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
  return toCliente(row);
}

/**
 * Permanent delete, allowed only for a customer no sale and no ledger entry refers to (spec §4).
 * The row lock makes a sale being recorded at the same moment either finish first (and block the
 * delete) or wait and then fail on its foreign key.
 */
export async function deleteCliente(tx: Tx, ownerId: string, id: string): Promise<void> {
  await findRow(tx, ownerId, id, true);
  const [venda] = await tx.select({ id: vendas.id }).from(vendas).where(eq(vendas.clienteId, id)).limit(1);
  const [lancamento] = await tx.select({ id: lancamentos.id }).from(lancamentos).where(eq(lancamentos.clienteId, id)).limit(1);
  if (venda || lancamento) throw clienteTemVendas();
  try {
    await tx.transaction(async (sp) => {
      await unregisterLogin(sp as Tx, ownerId, id);
      await sp.delete(clientes).where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, id)));
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw clienteTemVendas();
    throw error;
  }
}

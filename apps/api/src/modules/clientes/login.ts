import { and, eq, isNull } from 'drizzle-orm';
import { generateClienteLogin, randomLoginSuffix } from '@caderneta/shared';
import type { Tx } from '../../db/client';
import { clientes, loginsClientes } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { constraintName, isUniqueViolation } from '../../lib/pg-errors';

/** Where login suffixes come from; tests replace `next` to force collisions. */
export const loginSuffixSource = { next: (): number => randomLoginSuffix() };

/** The registry's primary key: a login taken by any customer of any shop. */
export const LOGIN_UNIQUE_CONSTRAINT = 'logins_clientes_pkey';
const COLLISIONS = new Set([LOGIN_UNIQUE_CONSTRAINT, 'clientes_owner_login_key']);
const MAX_ATTEMPTS = 10;

/**
 * Makes `login` the customer's one live entry in the global registry (`logins_clientes`), retiring
 * the old one: the old link stops working in the same transaction, and its code stays this shop's
 * (never handed to another shop, whose page an old WhatsApp link would then open).
 */
async function register(tx: Tx, ownerId: string, clienteId: string, login: string) {
  await retireLogin(tx, ownerId, clienteId);
  await tx.insert(loginsClientes).values({ login, ownerId, clienteId });
}

/** Retires the customer's code (regenerated, or the customer is being deleted): it opens nothing, and stays the shop's. */
export async function retireLogin(tx: Tx, ownerId: string, clienteId: string) {
  await tx
    .update(loginsClientes)
    .set({ clienteId: null })
    .where(and(eq(loginsClientes.ownerId, ownerId), eq(loginsClientes.clienteId, clienteId)));
}

/**
 * Runs `write` with a fresh login until the registry accepts it, and registers it. Other sellers'
 * entries are invisible under RLS, so the only way to know a login is free is to try it: each
 * attempt runs in a savepoint, so a collision rolls back just that attempt and not the request's
 * transaction. `write` returns the customer's row, or null when it decided not to change it.
 */
export async function withUniqueLogin<T extends { id: string }>(
  tx: Tx,
  ownerId: string,
  nome: string,
  write: (savepoint: Tx, login: string) => Promise<T>,
  avoid?: string | null,
): Promise<T> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const login = generateClienteLogin(nome, loginSuffixSource.next());
    if (login === avoid) continue;
    try {
      return await tx.transaction(async (savepoint) => {
        const row = await write(savepoint as Tx, login);
        await register(savepoint as Tx, ownerId, row.id, login);
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error) && COLLISIONS.has(constraintName(error) ?? '')) continue;
      throw error;
    }
  }
  throw new AppError('LOGIN_INDISPONIVEL', 503, { message: 'Não foi possível gerar um login único. Tente novamente.' });
}

class AlreadyAssigned extends Error {}

/** Gives one customer that lacks a login a new one; returns it (or the one someone else just set). */
export async function assignLogin(tx: Tx, ownerId: string, cliente: { id: string; nome: string }): Promise<string | null> {
  try {
    const row = await withUniqueLogin(tx, ownerId, cliente.nome, async (sp, login) => {
      const [updated] = await sp
        .update(clientes)
        .set({ login })
        .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, cliente.id), isNull(clientes.login)))
        .returning({ id: clientes.id, login: clientes.login });
      // A concurrent request assigned one first: leave theirs (and its registry entry) alone.
      if (!updated) throw new AlreadyAssigned();
      return updated;
    });
    return row.login;
  } catch (error) {
    if (!(error instanceof AlreadyAssigned)) throw error;
    const [current] = await tx.select({ login: clientes.login }).from(clientes).where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, cliente.id)));
    return current?.login ?? null;
  }
}

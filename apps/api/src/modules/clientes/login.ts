import { and, eq, isNull } from 'drizzle-orm';
import { generateClienteLogin, randomLoginSuffix } from '@caderneta/shared';
import type { Tx } from '../../db/client';
import { clientes } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { constraintName, isUniqueViolation } from '../../lib/pg-errors';

/** Where login suffixes come from; tests replace `next` to force collisions. */
export const loginSuffixSource = { next: (): number => randomLoginSuffix() };

export const LOGIN_UNIQUE_CONSTRAINT = 'clientes_login_unique';
const MAX_ATTEMPTS = 10;

/**
 * Runs `write` with a fresh login until the global UNIQUE index accepts it. Other sellers' rows
 * are invisible under RLS, so the only way to know a login is free is to try it: each attempt runs
 * in a savepoint, so a collision rolls back just that attempt and not the request's transaction.
 */
export async function withUniqueLogin<T>(
  tx: Tx,
  nome: string,
  write: (savepoint: Tx, login: string) => Promise<T>,
  avoid?: string | null,
): Promise<T> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const login = generateClienteLogin(nome, loginSuffixSource.next());
    if (login === avoid) continue;
    try {
      return await tx.transaction((savepoint) => write(savepoint as Tx, login));
    } catch (error) {
      if (isUniqueViolation(error) && constraintName(error) === LOGIN_UNIQUE_CONSTRAINT) continue;
      throw error;
    }
  }
  throw new AppError('LOGIN_INDISPONIVEL', 503, { message: 'Não foi possível gerar um login único. Tente novamente.' });
}

/** Gives one customer that lacks a login a new one; returns it (or the one someone else just set). */
export async function assignLogin(tx: Tx, ownerId: string, cliente: { id: string; nome: string }): Promise<string | null> {
  return withUniqueLogin(tx, cliente.nome, async (sp, login) => {
    const [row] = await sp
      .update(clientes)
      .set({ login })
      .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, cliente.id), isNull(clientes.login)))
      .returning({ login: clientes.login });
    if (row) return row.login;
    // A concurrent request assigned one first: keep theirs.
    const [current] = await sp.select({ login: clientes.login }).from(clientes).where(eq(clientes.id, cliente.id));
    return current?.login ?? null;
  });
}

import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { enterSellerScope, type AcessoLoja, type Database, type Tx } from '../../db/client';
import { loginsClientes } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** The registry entry of an unknown login: no seller has the id '' (row-level security shows nothing), no customer the nil UUID. */
const NINGUEM = { ownerId: '', clienteId: '00000000-0000-0000-0000-000000000000' } as const;

export const clienteNaoEncontrado = () => new AppError('CLIENTE_NAO_ENCONTRADO', 404, { message: 'Cliente não encontrado. Verifique se o login está correto.' });

/**
 * The customer page's way into one shop, without a seller session. In one transaction:
 * 1. as `app_lookup` — a role that may read only the login registry (and which online payments
 *    are pending) — find whose customer the login is;
 * 2. then as `app_user` scoped to that shop (`app.user_id`), exactly like a seller request, so
 *    row-level security limits everything `work` reads or writes to that one shop.
 * An unknown login answers "Cliente não encontrado"; `work` answers the same for a deactivated
 * customer, so the two cannot be told apart — nor by how long they take: an unknown login goes
 * through the same statements with a customer that matches nothing (NINGUEM), and `work` (which
 * must answer clienteNaoEncontrado() for a customer it cannot read, or an inactive one) refuses
 * it after the same read that refuses a deactivated customer.
 *
 * A `work` that writes says so ('escrita'): it then takes the shop's lock as a seller's write does
 * (db/client.ts), so it waits for a backup restore under way instead of writing into a shop that
 * is being replaced (a payment record the restore would wipe, or break). Once it holds the lock it
 * reads the registry again: a restore that ran meanwhile gave the login to a new customer record.
 */
export async function withPortalCliente<T>(
  db: Database,
  login: string,
  work: (tx: Tx, ownerId: string, clienteId: string) => Promise<T>,
  acesso: Exclude<AcessoLoja, 'restauracao'> = 'leitura',
): Promise<T> {
  return db.transaction(async (tx) => {
    const find = async () => {
      await tx.execute(sql`set local role app_lookup`);
      const [entry] = await tx
        .select({ ownerId: loginsClientes.ownerId, clienteId: loginsClientes.clienteId })
        .from(loginsClientes)
        // A retired code (regenerated, replaced by a restore) stays its shop's but opens nothing.
        .where(and(eq(loginsClientes.login, login), isNotNull(loginsClientes.clienteId)));
      return entry as { ownerId: string; clienteId: string } | undefined;
    };
    let entry = (await find()) ?? NINGUEM;
    if (acesso === 'escrita') {
      await tx.execute(enterSellerScope(entry.ownerId, 'escrita'));
      const owner = entry.ownerId;
      entry = (await find()) ?? NINGUEM;
      // The restore did not keep this login for the shop (or another shop holds it now): as if unknown.
      if (entry.ownerId !== owner) throw clienteNaoEncontrado();
    }
    await tx.execute(sql`select set_config('app.user_id', ${entry.ownerId}, true)`);
    await tx.execute(sql`set local role app_user`);
    return work(tx as Tx, entry.ownerId, entry.clienteId);
  });
}

/** Which of `logins` still open a customer page (as `app_lookup`). */
export async function existingLogins(db: Database, logins: string[]): Promise<string[]> {
  if (logins.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local role app_lookup`);
    const rows = await tx.select({ login: loginsClientes.login }).from(loginsClientes).where(and(inArray(loginsClientes.login, logins), isNotNull(loginsClientes.clienteId)));
    const found = new Set(rows.map((r) => r.login));
    return logins.filter((l) => found.has(l));
  });
}

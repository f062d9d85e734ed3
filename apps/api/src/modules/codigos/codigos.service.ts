import { randomInt } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { codigosAcesso, users } from '../../db/schema';

/** Upper-case letters and digits without look-alikes (no I, L, O, 0, 1). */
export const ACCESS_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ACCESS_CODE_LENGTH = 10;

export function generateAccessCode(): string {
  let code = '';
  for (let i = 0; i < ACCESS_CODE_LENGTH; i++) code += ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)];
  return code;
}

/** What people type: spaces and dashes are ignored, letters are upper-cased. */
export function normalizeAccessCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

export async function createAccessCodes(db: Database, quantity: number): Promise<string[]> {
  const codes = Array.from({ length: quantity }, generateAccessCode);
  // 31^10 possibilities: a collision is astronomically unlikely, and the UNIQUE constraint catches it.
  await db.insert(codigosAcesso).values(codes.map((codigo) => ({ codigo })));
  return codes;
}

export interface AccessCodeRow {
  codigo: string;
  ativo: boolean;
  usado: boolean;
  usadoPorEmail: string | null;
  usadoEm: Date | null;
  createdAt: Date;
}

export async function listAccessCodes(db: Database): Promise<AccessCodeRow[]> {
  return db
    .select({
      codigo: codigosAcesso.codigo,
      ativo: codigosAcesso.ativo,
      usado: codigosAcesso.usado,
      usadoPorEmail: codigosAcesso.usadoPorEmail,
      usadoEm: codigosAcesso.usadoEm,
      createdAt: codigosAcesso.createdAt,
    })
    .from(codigosAcesso)
    .orderBy(asc(codigosAcesso.createdAt), asc(codigosAcesso.codigo));
}

/** Returns false when no such code exists. */
export async function disableAccessCode(db: Database, codigo: string): Promise<boolean> {
  const rows = await db
    .update(codigosAcesso)
    .set({ ativo: false })
    .where(eq(codigosAcesso.codigo, normalizeAccessCode(codigo)))
    .returning({ id: codigosAcesso.id });
  return rows.length > 0;
}

/** Whether a code could be consumed now (active and unused); consumeAccessCode still decides races. */
export async function isAccessCodeUsable(tx: Executor, codigo: string): Promise<boolean> {
  const rows = await tx
    .select({ id: codigosAcesso.id })
    .from(codigosAcesso)
    .where(and(eq(codigosAcesso.codigo, normalizeAccessCode(codigo)), eq(codigosAcesso.ativo, true), eq(codigosAcesso.usado, false)));
  return rows.length === 1;
}

/**
 * Marks an active, unused code as used by this seller. The conditional UPDATE is the lock: of
 * several sign-ups racing for one code, exactly one gets the row back.
 */
export async function consumeAccessCode(tx: Executor, codigo: string, userId: string, email: string): Promise<boolean> {
  const rows = await tx
    .update(codigosAcesso)
    .set({ usado: true, usadoPor: userId, usadoPorEmail: email, usadoEm: sql`now()` })
    .where(and(eq(codigosAcesso.codigo, normalizeAccessCode(codigo)), eq(codigosAcesso.ativo, true), eq(codigosAcesso.usado, false)))
    .returning({ id: codigosAcesso.id });
  return rows.length === 1;
}

/**
 * On an installation without sellers, an access code so the first person can sign up at once:
 * an unused active code if one is waiting, otherwise a new one.
 */
export async function bootstrapAccessCode(db: Database): Promise<string | null> {
  const [sellers] = await db.select({ n: count() }).from(users);
  if ((sellers?.n ?? 0) > 0) return null;
  const [waiting] = await db
    .select({ codigo: codigosAcesso.codigo })
    .from(codigosAcesso)
    .where(and(eq(codigosAcesso.ativo, true), eq(codigosAcesso.usado, false)))
    .orderBy(asc(codigosAcesso.createdAt))
    .limit(1);
  if (waiting) return waiting.codigo;
  const [created] = await createAccessCodes(db, 1);
  return created!;
}

import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { PERMISSOES_DO_PAPEL, type Language, type Me, type PreferenciasInput, type SignUpInput } from '@caderneta/shared';
import type { Database, Executor } from '../../db/client';
import { accounts, perfis, pessoas, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { consumeAccessCode, isAccessCodeUsable } from '../codigos/codigos.service';
import type { Seller } from '../../auth/seller';

const invalidCode = () =>
  new AppError('INVALID_ACCESS_CODE', 400, {
    message: 'O código de acesso está incorreto, já foi usado ou não está ativo. Este aplicativo é pago e requer um código válido.',
  });
const emailInUse = () => new AppError('EMAIL_IN_USE', 409, { message: 'Este e-mail já está cadastrado.' });

/**
 * Creates the seller, their password credential and their shop profile, and marks the access
 * code used by them — all in one transaction: either the seller exists with the code spent, or
 * neither happened. The code is checked before the e-mail: without a valid code the answer is
 * the same whether the e-mail has an account or not, so nobody can probe for accounts.
 */
export async function signUp(db: Database, input: SignUpInput, idioma: Language = 'pt-BR'): Promise<{ userId: string }> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.senha);
  const userId = randomUUID();
  try {
    await db.transaction(async (tx) => {
      if (!(await isAccessCodeUsable(tx, input.codigoAcesso))) throw invalidCode();
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (existing) throw emailInUse();
      await tx.insert(users).values({ id: userId, name: input.nomeCompleto.trim(), email });
      if (!(await consumeAccessCode(tx, input.codigoAcesso, userId, email))) throw invalidCode();
      await tx.insert(accounts).values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: passwordHash });
      // The profile is seller-owned: write it the way every seller write happens, under RLS.
      await tx.execute(sql`select set_config('app.user_id', ${userId}, true)`);
      await tx.execute(sql`set local role app_user`);
      await tx.insert(perfis).values({ ownerId: userId, nomeLoja: input.nomeLoja.trim(), idioma });
      // The founder is the shop's first person: its owner, who may do everything (issue 37).
      const dono = PERMISSOES_DO_PAPEL.dono;
      await tx.insert(pessoas).values({ ownerId: userId, userId, nome: input.nomeCompleto.trim(), email, papel: 'dono', permissoes: [...dono.permissoes], descontoMaximo: dono.descontoMaximo });
    });
  } catch (error) {
    // Two sign-ups with one e-mail at the same moment: the UNIQUE index decides.
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
  return { userId };
}

export async function getMe(tx: Executor, seller: Seller): Promise<Me> {
  const [perfil] = await tx.select().from(perfis).where(eq(perfis.ownerId, seller.id));
  if (!perfil) throw new AppError('NOT_FOUND', 404, { message: 'Perfil não encontrado' });
  return {
    user: { id: seller.pessoa.userId, nome: seller.nome, email: seller.email, avatar: perfil.avatar },
    pessoa: { papel: seller.pessoa.papel, permissoes: [...seller.pessoa.permissoes], descontoMaximo: seller.pessoa.descontoMaximo },
    perfil: {
      nomeLoja: perfil.nomeLoja,
      idioma: perfil.idioma as Me['perfil']['idioma'],
      moeda: perfil.moeda as Me['perfil']['moeda'],
      fusoHorario: perfil.fusoHorario,
      etiquetaBalanca: { digitosCodigo: perfil.balancaDigitosCodigo, valor: perfil.balancaValor },
    },
  };
}

export async function updatePreferencias(tx: Executor, seller: Seller, input: PreferenciasInput): Promise<Me> {
  await tx
    .update(perfis)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(perfis.ownerId, seller.id));
  return getMe(tx, seller);
}

/** The shop's time zone, which decides what "today" is for this seller (lib/shop-day.ts). */
export { shopTimeZone as sellerTimeZone } from '../../lib/shop-day';

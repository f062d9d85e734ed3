import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { configuracaoSistema } from '../db/schema';

/**
 * AUTH_SECRET when given; otherwise a secret generated on the first start and kept in the
 * database, so every instance on the same database signs cookies the same way.
 */
export async function resolveAuthSecret(db: Database, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(configuracaoSistema)
    .values({ chave: 'auth_secret', valor: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(configuracaoSistema).where(eq(configuracaoSistema.chave, 'auth_secret'));
  return row!.valor;
}

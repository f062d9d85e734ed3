import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { configuracaoSistema } from '../db/schema';

/**
 * Encrypts sellers' secrets at rest (the Mercado Pago access token and webhook secret) with
 * AES-256-GCM under the server key. `context` (e.g. the seller id and the field) is bound as
 * associated data, so a ciphertext copied to another seller's row or field does not decrypt.
 */
export interface Cipher {
  encrypt(plain: string, context: string): string;
  decrypt(sealed: string, context: string): string;
}

const VERSION = 'v1';

export function createCipher(secret: string): Cipher {
  // Any text works as ENCRYPTION_KEY; the AES key is its SHA-256.
  const key = createHash('sha256').update(`caderneta:${secret}`).digest();
  return {
    encrypt(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    decrypt(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('unknown ciphertext format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

/**
 * ENCRYPTION_KEY when given; otherwise a key generated on the first start and kept in the
 * database (like AUTH_SECRET), so every instance on the same database shares it. Keeping the key
 * in the environment instead means a stolen database dump alone does not reveal the tokens.
 */
export async function resolveEncryptionKey(db: Database, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  await db
    .insert(configuracaoSistema)
    .values({ chave: 'encryption_key', valor: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(configuracaoSistema).where(eq(configuracaoSistema.chave, 'encryption_key'));
  return row!.valor;
}

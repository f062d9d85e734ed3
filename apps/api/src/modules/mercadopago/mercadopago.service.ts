import { eq, sql } from 'drizzle-orm';
import type { MercadopagoConfig, MercadopagoConfigInput } from '@caderneta/shared';
import { auditarConfiguracao } from '../auditoria/auditoria.service';
import type { Executor } from '../../db/client';
import { mercadopagoContas } from '../../db/schema';
import { MercadoPagoError, MercadoPagoUnavailable, type MercadoPagoClient } from '../../integrations/mercadopago/client';
import type { Cipher } from '../../lib/cipher';
import { AppError } from '../../lib/errors';
import type { PaymentDeps } from './deps';

/** Where Mercado Pago must send this seller's notifications (one URL per seller). */
export const webhookUrl = (publicUrl: string, ownerId: string) => `${publicUrl}/api/webhooks/mercadopago/${ownerId}`;

/** "APP_USR-…a1b2": enough to recognise which token is stored, useless to anyone who sees it. */
export function tokenHint(token: string): string {
  const prefix = /^(APP_USR|TEST)-/.exec(token)?.[0] ?? '';
  return `${prefix}…${token.slice(-4)}`;
}

const ctx = (ownerId: string, field: string) => `${ownerId}:mercadopago.${field}`;

export async function getMercadopagoConfig(tx: Executor, ownerId: string, publicUrl: string): Promise<MercadopagoConfig> {
  const [row] = await tx.select().from(mercadopagoContas).where(eq(mercadopagoContas.ownerId, ownerId));
  return {
    accessTokenDica: row?.accessTokenDica ?? null,
    publicKey: row?.publicKey ?? null,
    webhookSecretDefinido: Boolean(row?.webhookSecretCifrado),
    ambiente: row?.ambiente ?? 'sandbox',
    ativo: row?.ativo ?? false,
    webhookUrl: webhookUrl(publicUrl, ownerId),
  };
}

/** Saves the settings; a blank token or secret keeps the stored one. Secrets are encrypted. */
export async function saveMercadopagoConfig(
  tx: Executor,
  ownerId: string,
  input: MercadopagoConfigInput,
  deps: Pick<PaymentDeps, 'cipher' | 'publicUrl'>,
): Promise<MercadopagoConfig> {
  const antes = await getMercadopagoConfig(tx, ownerId, deps.publicUrl);
  const values: Partial<typeof mercadopagoContas.$inferInsert> = {
    publicKey: input.publicKey || null,
    ambiente: input.ambiente ?? 'sandbox',
    ativo: input.ativo ?? false,
  };
  if (input.accessToken) {
    values.accessTokenCifrado = deps.cipher.encrypt(input.accessToken, ctx(ownerId, 'access_token'));
    values.accessTokenDica = tokenHint(input.accessToken);
  }
  if (input.webhookSecret) values.webhookSecretCifrado = deps.cipher.encrypt(input.webhookSecret, ctx(ownerId, 'webhook_secret'));
  await tx
    .insert(mercadopagoContas)
    .values({ ownerId, ...values })
    .onConflictDoUpdate({ target: mercadopagoContas.ownerId, set: { ...values, updatedAt: sql`now()` } });
  const depois = await getMercadopagoConfig(tx, ownerId, deps.publicUrl);
  // A new secret is said to have changed, never shown (the token's hint is its last characters).
  const segredos = [
    ...(input.accessToken ? [{ campo: 'accessToken', antes: null, depois: null }] : []),
    ...(input.webhookSecret ? [{ campo: 'webhookSecret', antes: null, depois: null }] : []),
  ];
  // The token's hint, the secret's presence and the webhook's address follow from the rest.
  const doVendedor = ({ publicKey, ambiente, ativo }: MercadopagoConfig) => ({ publicKey, ambiente, ativo });
  await auditarConfiguracao(tx, ownerId, 'configuracoes.mercadopago', doVendedor(antes), doVendedor(depois), segredos);
  return depois;
}

export interface ContaMercadoPago {
  accessToken: string | null;
  webhookSecret: string | null;
  ambiente: 'sandbox' | 'producao';
  ativo: boolean;
}

/** The seller's credentials, decrypted, for server-side calls only (never for a response). */
export async function loadConta(tx: Executor, ownerId: string, cipher: Cipher): Promise<ContaMercadoPago | null> {
  const [row] = await tx.select().from(mercadopagoContas).where(eq(mercadopagoContas.ownerId, ownerId));
  if (!row) return null;
  return {
    accessToken: row.accessTokenCifrado ? cipher.decrypt(row.accessTokenCifrado, ctx(ownerId, 'access_token')) : null,
    webhookSecret: row.webhookSecretCifrado ? cipher.decrypt(row.webhookSecretCifrado, ctx(ownerId, 'webhook_secret')) : null,
    ambiente: row.ambiente,
    ativo: row.ativo,
  };
}

export const tokenNecessario = () => new AppError('MP_TOKEN_NECESSARIO', 400, { message: 'Informe o Access Token para testar a integração.' });
export const mpIndisponivel = () => new AppError('MP_INDISPONIVEL', 502, { message: 'Não foi possível conectar com o Mercado Pago.' });

/**
 * "Testar Conexão": GET /users/me with the token. Answers the account's nickname, or
 * MP_TOKEN_INVALIDO ("Verifique se o Access Token está correto.") / MP_INDISPONIVEL.
 */
export async function testarConexao(mp: MercadoPagoClient, token: string | null | undefined): Promise<{ ok: true; conta: string }> {
  if (!token) throw tokenNecessario();
  try {
    const me = await mp.getMe(token);
    return { ok: true, conta: me.nickname || String(me.id) };
  } catch (error) {
    if (error instanceof MercadoPagoError) throw new AppError('MP_TOKEN_INVALIDO', 422, { message: 'Verifique se o Access Token está correto.' });
    if (error instanceof MercadoPagoUnavailable) throw mpIndisponivel();
    throw error;
  }
}

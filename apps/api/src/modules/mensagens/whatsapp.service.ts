import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { NOMES_MODELO_PADRAO, type ModeloWhatsapp, type WhatsappConfig, type WhatsappConfigInput, type WhatsappTeste } from '@caderneta/shared';
import type { Executor } from '../../db/client';
import { whatsappContas } from '../../db/schema';
import { WhatsappIndisponivel, WhatsappRecusou, type WhatsappClient } from '../../integrations/whatsapp/client';
import type { Cipher } from '../../lib/cipher';
import { AppError } from '../../lib/errors';
import { auditarConfiguracao } from '../auditoria/auditoria.service';

/*
 * The shop's WhatsApp Business number (docs/decisions/044): its settings, the connection test, and
 * its credentials decrypted for the sender and the webhook only (never for a response).
 */

export interface WhatsappDeps {
  whatsapp: WhatsappClient;
  cipher: Cipher;
  publicUrl: string;
}

/** Where Meta must send this shop's webhooks (one URL per shop). */
export const whatsappWebhookUrl = (publicUrl: string, ownerId: string) => `${publicUrl}/api/webhooks/whatsapp/${ownerId}`;

/** "EAAG…a1b2": which token is stored, useless to anyone who sees it. */
const tokenHint = (token: string) => `${token.slice(0, 4)}…${token.slice(-4)}`;

const ctx = (ownerId: string, field: string) => `${ownerId}:whatsapp.${field}`;

const modelosDe = (modelos: Partial<Record<ModeloWhatsapp, string>> | undefined): Record<ModeloWhatsapp, string> => ({
  lancamento: modelos?.lancamento ?? NOMES_MODELO_PADRAO.lancamento,
  convite: modelos?.convite ?? NOMES_MODELO_PADRAO.convite,
  lembrete: modelos?.lembrete ?? NOMES_MODELO_PADRAO.lembrete,
});

/** The row, made with its verify token the first time the settings are read or saved. */
async function contaDe(tx: Executor, ownerId: string) {
  const [row] = await tx
    .insert(whatsappContas)
    .values({ ownerId, verifyToken: randomBytes(18).toString('base64url') })
    .onConflictDoUpdate({ target: whatsappContas.ownerId, set: { ownerId: sql`excluded.owner_id` } })
    .returning();
  return row!;
}

export async function getWhatsappConfig(tx: Executor, ownerId: string, publicUrl: string): Promise<WhatsappConfig> {
  const row = await contaDe(tx, ownerId);
  return {
    phoneNumberId: row.phoneNumberId,
    accessTokenDica: row.accessTokenDica,
    appSecretDefinido: Boolean(row.appSecretCifrado),
    modelos: modelosDe(row.modelos),
    ativo: row.ativo,
    webhookUrl: whatsappWebhookUrl(publicUrl, ownerId),
    verifyToken: row.verifyToken,
  };
}

/**
 * Saves the settings; a blank token or secret keeps the stored one (encrypted). Turning it on
 * needs the number's id, the token and the app secret: without the secret no webhook could be
 * trusted, so no delivery status and no "PARAR" would ever count.
 */
export async function saveWhatsappConfig(tx: Executor, ownerId: string, input: WhatsappConfigInput, deps: Pick<WhatsappDeps, 'cipher' | 'publicUrl'>): Promise<WhatsappConfig> {
  const antes = await getWhatsappConfig(tx, ownerId, deps.publicUrl);
  const values: Partial<typeof whatsappContas.$inferInsert> = {
    phoneNumberId: input.phoneNumberId || null,
    modelos: input.modelos,
    ativo: input.ativo ?? false,
  };
  if (input.accessToken) {
    values.accessTokenCifrado = deps.cipher.encrypt(input.accessToken, ctx(ownerId, 'access_token'));
    values.accessTokenDica = tokenHint(input.accessToken);
  }
  if (input.appSecret) values.appSecretCifrado = deps.cipher.encrypt(input.appSecret, ctx(ownerId, 'app_secret'));
  const completo = values.phoneNumberId && (input.accessToken || antes.accessTokenDica) && (input.appSecret || antes.appSecretDefinido);
  if (values.ativo && !completo) {
    throw new AppError('WHATSAPP_INCOMPLETO', 400, { message: 'Para ativar, informe o ID do número, o token de acesso e a chave secreta do app.' });
  }
  await tx.update(whatsappContas).set({ ...values, updatedAt: sql`now()` }).where(eq(whatsappContas.ownerId, ownerId));
  const depois = await getWhatsappConfig(tx, ownerId, deps.publicUrl);
  const segredos = [
    ...(input.accessToken ? [{ campo: 'accessToken', antes: null, depois: null }] : []),
    ...(input.appSecret ? [{ campo: 'appSecret', antes: null, depois: null }] : []),
  ];
  const doVendedor = ({ phoneNumberId, modelos, ativo }: WhatsappConfig) => ({ phoneNumberId, modelos, ativo });
  await auditarConfiguracao(tx, ownerId, 'configuracoes.whatsapp', doVendedor(antes), doVendedor(depois), segredos);
  return depois;
}

export interface ContaWhatsapp {
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  modelos: Record<ModeloWhatsapp, string>;
  ativo: boolean;
}

/** The shop's credentials, decrypted, for server-side calls only; null while any of them is missing. */
export async function loadContaWhatsapp(tx: Executor, ownerId: string, cipher: Cipher): Promise<ContaWhatsapp | null> {
  const [row] = await tx.select().from(whatsappContas).where(eq(whatsappContas.ownerId, ownerId));
  if (!row?.phoneNumberId || !row.accessTokenCifrado || !row.appSecretCifrado) return null;
  return {
    phoneNumberId: row.phoneNumberId,
    accessToken: cipher.decrypt(row.accessTokenCifrado, ctx(ownerId, 'access_token')),
    appSecret: cipher.decrypt(row.appSecretCifrado, ctx(ownerId, 'app_secret')),
    modelos: modelosDe(row.modelos),
    ativo: row.ativo,
  };
}

/** Whether the shop's WhatsApp is on (for choosing a customer's channel): no secret is decrypted. */
export async function whatsappAtivo(tx: Executor, ownerId: string): Promise<boolean> {
  const [row] = await tx.select({ ativo: whatsappContas.ativo }).from(whatsappContas).where(eq(whatsappContas.ownerId, ownerId));
  return row?.ativo ?? false;
}

/** "Testar conexão"'s credentials: the typed id and token, or the stored ones when blank. */
export async function credenciaisDeTeste(tx: Executor, ownerId: string, input: { phoneNumberId?: string; accessToken?: string }, cipher: Cipher) {
  const [row] = await tx.select({ phoneNumberId: whatsappContas.phoneNumberId, token: whatsappContas.accessTokenCifrado }).from(whatsappContas).where(eq(whatsappContas.ownerId, ownerId));
  const phoneNumberId = input.phoneNumberId || row?.phoneNumberId;
  const accessToken = input.accessToken || (row?.token ? cipher.decrypt(row.token, ctx(ownerId, 'access_token')) : undefined);
  if (!phoneNumberId || !accessToken) throw new AppError('WHATSAPP_INCOMPLETO', 400, { message: 'Informe o ID do número e o token de acesso.' });
  return { phoneNumberId, accessToken };
}

/** "Testar conexão": reads the number from WhatsApp (outside any transaction: it may take seconds). */
export async function testWhatsapp(client: WhatsappClient, credenciais: { phoneNumberId: string; accessToken: string }): Promise<WhatsappTeste> {
  try {
    const numero = await client.getPhoneNumber(credenciais);
    return { ok: true, numero: numero.display_phone_number, nome: numero.verified_name };
  } catch (error) {
    if (error instanceof WhatsappRecusou) throw new AppError('WHATSAPP_RECUSOU', 400, { message: `O WhatsApp recusou: ${error.message}` });
    if (error instanceof WhatsappIndisponivel) throw new AppError('WHATSAPP_INDISPONIVEL', 502, { message: `O WhatsApp não respondeu: ${error.message}` });
    throw error;
  }
}

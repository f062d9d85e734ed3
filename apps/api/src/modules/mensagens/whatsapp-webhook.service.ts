import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { sentidoDaResposta } from '@caderneta/shared';
import type { Database, Executor } from '../../db/client';
import { withSeller } from '../../db/client';
import { clientes, mensagens, whatsappContas } from '../../db/schema';
import { hubSignatureValida } from '../../integrations/whatsapp/signature';
import type { Cipher } from '../../lib/cipher';
import { AppError } from '../../lib/errors';
import { cancelarMensagensPendentes } from './mensagens.service';
import { loadContaWhatsapp } from './whatsapp.service';

/*
 * What Meta's servers tell a shop (docs/decisions/044): the delivery statuses of its messages and
 * its customers' replies. Nothing is believed before the signature of the raw body checks with
 * the shop's app secret; an event of another number than the shop's, or older than a week (a
 * replay), changes nothing; applying an event twice changes nothing more.
 */

/** Meta retries a webhook for up to a week: an event older than that is a replay. */
export const JANELA_WEBHOOK_MS = 7 * 86_400_000;

const statusSchema = z.object({
  id: z.string().max(200),
  status: z.string().max(20),
  timestamp: z.string().regex(/^\d{1,12}$/),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().max(300).optional(), message: z.string().max(300).optional() })).optional(),
});
const mensagemSchema = z.object({
  from: z.string().regex(/^\d{8,15}$/),
  timestamp: z.string().regex(/^\d{1,12}$/),
  type: z.string().max(30),
  text: z.object({ body: z.string().max(4096) }).optional(),
  button: z.object({ text: z.string().max(256) }).optional(),
});
const corpoSchema = z.object({
  object: z.string(),
  entry: z
    .array(
      z.object({
        changes: z.array(
          z.object({
            field: z.string(),
            value: z.object({
              metadata: z.object({ phone_number_id: z.string() }).optional(),
              statuses: z.array(statusSchema).max(1000).optional(),
              messages: z.array(mensagemSchema).max(1000).optional(),
            }),
          }),
        ),
      }),
    )
    .max(100),
});

/** Meta's handshake: whether `token` is the shop's verify token (a shop without WhatsApp has none to match). */
export async function verifyTokenConfere(db: Database, ownerId: string, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const [conta] = await withSeller(db, ownerId, (tx) => tx.select({ verifyToken: whatsappContas.verifyToken }).from(whatsappContas).where(eq(whatsappContas.ownerId, ownerId)));
  return conta?.verifyToken === token;
}

/** How far each status has come: a later report never takes a message back. */
const ORDEM: Record<string, number> = { enviada: 0, entregue: 1, lida: 2 };
const STATUS_DO_WHATSAPP: Record<string, 'entregue' | 'lida' | 'falhou'> = { delivered: 'entregue', read: 'lida', failed: 'falhou' };

export interface ResultadoWebhook {
  statuses: number;
  respostas: number;
  ignorados: number;
}

/**
 * A webhook of the shop `ownerId`: 401 when the signature does not check (or the shop has no
 * WhatsApp), then each event applied in one transaction under the shop's RLS.
 */
export async function receberWebhookWhatsapp(
  db: Database,
  ownerId: string,
  corpo: Buffer,
  assinatura: string | string[] | undefined,
  deps: { cipher: Cipher; agora: Date },
): Promise<ResultadoWebhook> {
  return withSeller(db, ownerId, async (tx) => {
    const conta = await loadContaWhatsapp(tx, ownerId, deps.cipher);
    if (!conta || !hubSignatureValida(conta.appSecret, corpo, assinatura)) {
      throw new AppError('WHATSAPP_ASSINATURA_INVALIDA', 401, { message: 'Assinatura inválida' });
    }
    let json: unknown;
    try {
      json = JSON.parse(corpo.toString('utf8'));
    } catch {
      throw new AppError('BAD_REQUEST', 400, { message: 'Corpo inválido' });
    }
    const lido = corpoSchema.safeParse(json);
    if (!lido.success) throw new AppError('BAD_REQUEST', 400, { message: 'Corpo inválido' });
    const resultado: ResultadoWebhook = { statuses: 0, respostas: 0, ignorados: 0 };
    const recente = (timestamp: string) => Number(timestamp) * 1000 >= deps.agora.getTime() - JANELA_WEBHOOK_MS;
    for (const entry of lido.data.entry) {
      for (const { field, value } of entry.changes) {
        // Another number's events (another shop's, or one this shop no longer uses) change nothing here.
        if (field !== 'messages' || value.metadata?.phone_number_id !== conta.phoneNumberId) {
          resultado.ignorados += (value.statuses?.length ?? 0) + (value.messages?.length ?? 0);
          continue;
        }
        for (const status of value.statuses ?? []) {
          if (recente(status.timestamp) && (await aplicarStatus(tx, ownerId, status))) resultado.statuses++;
          else resultado.ignorados++;
        }
        for (const mensagem of value.messages ?? []) {
          if (recente(mensagem.timestamp) && (await aplicarResposta(tx, ownerId, mensagem))) resultado.respostas++;
          else resultado.ignorados++;
        }
      }
    }
    return resultado;
  });
}

async function aplicarStatus(tx: Executor, ownerId: string, status: z.infer<typeof statusSchema>): Promise<boolean> {
  const novo = STATUS_DO_WHATSAPP[status.status];
  if (!novo) return false;
  const [mensagem] = await tx
    .select({ id: mensagens.id, status: mensagens.status })
    .from(mensagens)
    .where(and(eq(mensagens.ownerId, ownerId), eq(mensagens.externoId, status.id)))
    .for('update');
  if (!mensagem) return false;
  const em = new Date(Number(status.timestamp) * 1000);
  if (novo === 'falhou') {
    // Meta could not deliver it (a number not on WhatsApp, a customer who blocked the shop…): only before it arrived.
    if (mensagem.status !== 'enviada') return false;
    const erro = status.errors?.[0];
    await tx
      .update(mensagens)
      .set({ status: 'falhou', statusEm: em, erro: erro ? `${erro.title ?? erro.message ?? ''}${erro.code ? ` (${erro.code})` : ''}`.trim() : null })
      .where(and(eq(mensagens.ownerId, ownerId), eq(mensagens.id, mensagem.id)));
    return true;
  }
  if (!(mensagem.status in ORDEM) || ORDEM[novo]! <= ORDEM[mensagem.status]!) return false;
  await tx.update(mensagens).set({ status: novo, statusEm: em }).where(and(eq(mensagens.ownerId, ownerId), eq(mensagens.id, mensagem.id)));
  return true;
}

/** The customer's national number (as the shop stores it) from WhatsApp's id, with and without the mobile's leading 9. */
function telefonesDe(waId: string): string[] {
  const nacional = waId.startsWith('55') ? waId.slice(2) : waId;
  // Older Brazilian accounts keep the number from before the ninth digit: 55 11 8888-7777.
  if (/^[1-9]{2}[6-9]\d{7}$/.test(nacional)) return [nacional, `${nacional.slice(0, 2)}9${nacional.slice(2)}`];
  return [nacional];
}

/**
 * "PARAR" / "SAIR" stops every automatic message of the customers with that number, now; "SIM"
 * gives consent (by reply). A reply older than the consent's last change (a replay) changes nothing.
 */
async function aplicarResposta(tx: Executor, ownerId: string, mensagem: z.infer<typeof mensagemSchema>): Promise<boolean> {
  const sentido = sentidoDaResposta(mensagem.text?.body ?? mensagem.button?.text ?? '');
  if (!sentido) return false;
  const em = new Date(Number(mensagem.timestamp) * 1000);
  // WhatsApp's timestamps are whole seconds: a reply of the same second as the last change counts as after it.
  const depoisDe = (coluna: AnyPgColumn) => sql`${coluna} < ${em.toISOString()}::timestamptz + interval '1 second'`;
  const doNumero = and(eq(clientes.ownerId, ownerId), inArray(clientes.telefone, telefonesDe(mensagem.from)), eq(clientes.ativo, true));
  if (sentido === 'parar') {
    const parados = await tx
      .update(clientes)
      .set({ avisosParadosEm: em, avisosParadosPor: 'cliente' })
      .where(and(doNumero, isNull(clientes.avisosParadosEm), depoisDe(clientes.avisosAutorizadosEm)))
      .returning({ id: clientes.id });
    for (const { id } of parados) await cancelarMensagensPendentes(tx, ownerId, id);
    return parados.length > 0;
  }
  const aceitos = await tx
    .update(clientes)
    .set({ avisosAutorizadosEm: em, avisosAutorizacao: 'resposta', avisosParadosEm: null, avisosParadosPor: null })
    .where(
      and(
        doNumero,
        sql`(${clientes.avisosAutorizadosEm} is null or ${clientes.avisosParadosEm} is not null)`,
        or(isNull(clientes.avisosParadosEm), depoisDe(clientes.avisosParadosEm)),
      ),
    )
    .returning({ id: clientes.id });
  return aceitos.length > 0;
}

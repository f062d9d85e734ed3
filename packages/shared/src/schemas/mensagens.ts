import { z } from 'zod';
import { CANAIS_MENSAGEM, LANCAMENTOS_AVISADOS, STATUS_MENSAGEM } from '../mensagens-automaticas';
import { ETAPAS_REGUA } from '../regua';

/** One message the app wrote to a customer by itself (their log in Detalhes). */
export const mensagemClienteSchema = z.object({
  id: z.uuid(),
  canal: z.enum(CANAIS_MENSAGEM),
  /** The address or number it went to. */
  destino: z.string(),
  /**
   * The entry it told of, its signed value and the balance after it; a reminder of the régua, the
   * balance it was about, its step and due date; or the invitation to consent (no value).
   */
  tipo: z.enum([...LANCAMENTOS_AVISADOS, 'convite', 'lembrete']),
  valor: z.number().int().nullable(),
  saldo: z.number().int().nullable(),
  etapa: z.enum(ETAPAS_REGUA).nullable(),
  vencimento: z.string().nullable(),
  status: z.enum(STATUS_MENSAGEM),
  tentativas: z.number().int(),
  enviadaEm: z.string().nullable(),
  /** Why the last attempt failed (the provider's words, or ERRO_ENVIO_INTERROMPIDO), or why a reminder was cancelled (MOTIVOS_LEMBRETE_CANCELADO). */
  erro: z.string().nullable(),
  createdAt: z.string(),
});
export type MensagemCliente = z.infer<typeof mensagemClienteSchema>;

/** GET /api/clientes/:id/mensagens: the newest first (at most MENSAGENS_NO_HISTORICO). */
export const mensagensClienteSchema = z.object({ items: z.array(mensagemClienteSchema) });
export type MensagensCliente = z.infer<typeof mensagensClienteSchema>;

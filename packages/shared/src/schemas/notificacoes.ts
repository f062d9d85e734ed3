import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../notificacoes';
import { paginatedSchema, paginationQuerySchema } from './pagination';

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

/**
 * A notification as the API answers it. The web writes its text from `tipo` + `params` in the
 * seller's language, and links it to its record (sale, receipt, product, customer).
 */
export const notificacaoSchema = z.object({
  id: z.string(),
  tipo: notificationKindSchema,
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  lida: z.boolean(),
  data: z.string(),
});
export type Notificacao = z.infer<typeof notificacaoSchema>;

export const NOTIFICACOES_FILTROS = ['todas', 'nao_lidas'] as const;
export type NotificacoesFiltro = (typeof NOTIFICACOES_FILTROS)[number];

export const notificacoesQuerySchema = paginationQuerySchema.extend({
  filtro: z.enum(NOTIFICACOES_FILTROS).default('todas'),
});
export type NotificacoesQuery = Partial<z.output<typeof notificacoesQuerySchema>>;

/** The bell counts unread notifications up to this many and shows "99+" beyond. */
export const MAX_CONTAGEM_NAO_LIDAS = 99;

export const notificacoesPageSchema = paginatedSchema(notificacaoSchema).extend({
  /** Unread notifications, counted up to MAX_CONTAGEM_NAO_LIDAS + 1. */
  naoLidas: z.number().int(),
});
export type NotificacoesPage = z.infer<typeof notificacoesPageSchema>;

/** What the bell polls: the unread count (up to 100) and the latest few for its menu. */
export const notificacoesResumoSchema = z.object({
  naoLidas: z.number().int(),
  recentes: z.array(notificacaoSchema),
});
export type NotificacoesResumo = z.infer<typeof notificacoesResumoSchema>;

export const marcarTodasResultSchema = z.object({ atualizadas: z.number().int() });

/** Notifications older than this are forgotten by a daily job. */
export const DIAS_RETENCAO_NOTIFICACOES = 90;

/*
 * The customer confirms or disputes an entry of their account (issue 38, item 5): the words and
 * bounds both sides share, without zod (the customer page and the notifications read them).
 */

/** The most a customer writes about why they do not recognise an entry (it goes in the shop's notification). */
export const MAX_MOTIVO_CONTESTACAO = 280;
/** The most the shop writes back; the customer reads it on their page. */
export const MAX_RESPOSTA_CONTESTACAO = 500;

/** What the shop did about a dispute. */
export const RESOLUCOES_CONTESTACAO = ['cancelada', 'corrigida', 'respondida'] as const;
export type ResolucaoContestacao = (typeof RESOLUCOES_CONTESTACAO)[number];

/** Which kind of entry the customer answered about, as their page names it. */
export const ENTRADAS_CONTESTAVEIS = ['compra', 'saldo_anterior', 'ajuste', 'pagamento'] as const;
export type EntradaContestavel = (typeof ENTRADAS_CONTESTAVEIS)[number];


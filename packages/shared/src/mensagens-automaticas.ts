import type { Cents } from './money';
import type { EtapaRegua } from './regua';

/*
 * What the app writes to customers by itself (docs/decisions/043): only to a customer who
 * consented (LGPD), through an outbox a job sends from. The texts follow CDC art. 42 (polite, no
 * exposure) and art. 42-A (the creditor's name and CPF/CNPJ when the shop has one).
 */

/** How a message reaches the customer. */
export const CANAIS_MENSAGEM = ['email', 'whatsapp'] as const;
export type CanalMensagem = (typeof CANAIS_MENSAGEM)[number];

/**
 * pendente: waiting for the job (again, after a failure, at `proximaEm`) · enviando: an attempt is
 * under way · enviada (accepted by the provider) · entregue · lida (WhatsApp's delivery statuses) ·
 * falhou: given up (refused for good, too many failures, or an attempt interrupted: never sent
 * twice) · cancelada: the customer's consent ended before it went.
 */
export const STATUS_MENSAGEM = ['pendente', 'enviando', 'enviada', 'entregue', 'lida', 'falhou', 'cancelada'] as const;
export type StatusMensagem = (typeof STATUS_MENSAGEM)[number];

/** How consent was given: the customer form (confirmed by the customer) or a reply "SIM". */
export const AUTORIZACOES_AVISO = ['formulario', 'resposta'] as const;
export type AutorizacaoAviso = (typeof AUTORIZACOES_AVISO)[number];
/** Who stopped the messages: the customer (a reply, their page) or the shop. */
export const QUEM_PAROU_AVISOS = ['cliente', 'loja'] as const;
export type QuemParouAvisos = (typeof QUEM_PAROU_AVISOS)[number];

/** The ledger entries a customer is told of (issue 38, item 4). */
export const LANCAMENTOS_AVISADOS = ['venda', 'pagamento', 'ajuste'] as const;
export type LancamentoAvisado = (typeof LANCAMENTOS_AVISADOS)[number];

/** The error of an attempt that never recorded its end: given up rather than risk sending it twice. */
export const ERRO_ENVIO_INTERROMPIDO = 'interrompido';
/**
 * Why a reminder was not sent after all (checked again just before it goes): the debt was paid, a
 * promise to pay was made, the customer disputed an entry, or the régua was turned off.
 */
export const MOTIVOS_LEMBRETE_CANCELADO = ['quitado', 'promessa', 'contestacao', 'regua_desligada'] as const;
export type MotivoLembreteCancelado = (typeof MOTIVOS_LEMBRETE_CANCELADO)[number];

/** The error of a WhatsApp message whose shop turned its WhatsApp off (or lost its credentials) before it went. */
export const ERRO_WHATSAPP_DESLIGADO = 'whatsapp_desligado';

/** A failed send is tried again after 1, 2, 4 … minutes, and given up after this many attempts. */
export const MAX_TENTATIVAS_MENSAGEM = 8;
export const esperaAposFalha = (tentativas: number): number => Math.min(60, 2 ** Math.max(0, tentativas - 1)) * 60_000;

/**
 * The invitation to consent (WhatsApp only): "Responda SIM para receber". Sent by the shop's hand to
 * a customer who has not consented, at most once a day; their "SIM" is the consent (by reply).
 */
export interface DadosConvite {
  tipo: 'convite';
  /** When it was asked for (ISO instant). */
  em: string;
}

/**
 * An automatic reminder of the régua (issue 38, item 3): one step for one due date, with what was
 * owed when the day's run queued it. `email` is the shop's own collection message for the step,
 * filled in when queued (its {pix} code needs the shop's key); WhatsApp sends the approved template.
 */
export interface DadosLembrete {
  tipo: 'lembrete';
  etapa: EtapaRegua;
  vencimento: string;
  /** What the customer owed (positive centavos). */
  valor: Cents;
  /** The shop's calendar day the run queued it (the daily cap counts by it). */
  dia: string;
  em: string;
  email: { assunto: string; texto: string } | null;
}

/** What a message is made of, kept in the outbox: the text is written when it is sent. */
export type ConteudoMensagem = DadosMensagem | DadosConvite | DadosLembrete;

/** What a message about an entry is made of. */
export interface DadosMensagem {
  tipo: LancamentoAvisado;
  /** The entry's signed value: negative increases what the customer owes. */
  valor: Cents;
  /** The balance right after the entry (negative: owed). */
  saldo: Cents;
  /** When the entry was posted (ISO instant). */
  em: string;
}

import { z } from 'zod';
import { isoDateSchema, safeString } from './campos';
import { MAX_PAGE_SIZE } from './pagination';

/*
 * The audit trail ("Histórico", issue 37): one append-only row for every change of a shop's data,
 * written in the change's own transaction. Who did it, when, what, and for the fields that changed
 * what they were before and after.
 */

/**
 * Who made a change: a person signed in to the shop, or the app on its own — a job ("sistema"),
 * Mercado Pago's notice of a payment, or an import of a file.
 */
export const AUTORES_AUDITORIA = ['pessoa', 'sistema', 'mercado_pago', 'importacao'] as const;
export type AutorAuditoria = (typeof AUTORES_AUDITORIA)[number];

/** What happened. The web words each in the person's language (historico.json `acoes.*`). */
export const ACOES_AUDITORIA = [
  'venda.criada',
  'venda.cancelada',
  'pagamento.registrado',
  'ajuste.registrado',
  'pagamento_online.creditado',
  'pagamento_online.estornado',
  'cliente.criado',
  'cliente.alterado',
  'cliente.excluido',
  'cliente.desativado',
  'cliente.reativado',
  'cliente.link_regenerado',
  'cliente.cobranca_alterada',
  'cliente.promessa_registrada',
  'cliente.promessa_removida',
  'cliente.lembrete_enviado',
  'cliente.parcelamento_criado',
  'cliente.parcelamento_desfeito',
  'cliente.contestacao_resolvida',
  'cliente.importado',
  'produto.criado',
  'produto.alterado',
  'produto.excluido',
  'produto.desativado',
  'produto.reativado',
  'produto.importado',
  'configuracoes.perfil',
  'configuracoes.loja',
  'configuracoes.notificacoes',
  'configuracoes.sistema',
  'configuracoes.vencimento',
  'configuracoes.mensagens',
  'configuracoes.pix',
  'configuracoes.mercadopago',
  'configuracoes.whatsapp',
  'configuracoes.regua',
  'backup.restaurado',
  'importacao.concluida',
  'importacao.desfeita',
  'equipe.convidada',
  'equipe.login_criado',
  'equipe.convite_aceito',
  'equipe.alterada',
  'equipe.desativada',
  'equipe.reativada',
  'equipe.senha_redefinida',
  'equipe.sessoes_encerradas',
] as const;
export type AcaoAuditoria = (typeof ACOES_AUDITORIA)[number];

/** The kinds the Histórico screen filters by; each action belongs to one (`grupoDaAcao`). */
export const GRUPOS_AUDITORIA = ['vendas', 'cancelamentos', 'pagamentos', 'ajustes', 'clientes', 'produtos', 'configuracoes', 'equipe', 'backup'] as const;
export type GrupoAuditoria = (typeof GRUPOS_AUDITORIA)[number];

export function grupoDaAcao(acao: AcaoAuditoria): GrupoAuditoria {
  if (acao === 'venda.cancelada') return 'cancelamentos';
  if (acao === 'venda.criada') return 'vendas';
  if (acao === 'ajuste.registrado') return 'ajustes';
  if (acao.startsWith('pagamento')) return 'pagamentos';
  if (acao.startsWith('cliente.')) return 'clientes';
  if (acao.startsWith('produto.')) return 'produtos';
  if (acao.startsWith('configuracoes.')) return 'configuracoes';
  if (acao.startsWith('equipe.')) return 'equipe';
  return 'backup';
}

/** What a row is about: a sale, a customer, a product, a person of the shop, or the shop itself (its settings, a restore). */
export const REGISTROS_AUDITORIA = ['venda', 'cliente', 'produto', 'pessoa', 'loja'] as const;
export type RegistroAuditoria = (typeof REGISTROS_AUDITORIA)[number];

/** A field's value before or after a change, as the row keeps it (money in centavos). */
export const valorAuditadoSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ValorAuditado = z.infer<typeof valorAuditadoSchema>;

export const mudancaSchema = z.object({
  campo: z.string(),
  /** Which line of the record changed, when a field repeats (a sale's product, by name). */
  item: z.string().optional(),
  antes: valorAuditadoSchema,
  depois: valorAuditadoSchema,
});
export type Mudanca = z.infer<typeof mudancaSchema>;

/**
 * How the web shows a field's values: money in centavos, a quantity in the product's stored steps
 * (grams for kg, `detalhes.unidade` says which), a yes/no, a date, or text as kept. A field not
 * listed is text.
 */
export const FORMATO_CAMPO_AUDITADO: Record<string, 'dinheiro' | 'quantidade' | 'booleano' | 'data'> = {
  limiteCredito: 'dinheiro',
  precoVenda: 'dinheiro',
  precoCusto: 'dinheiro',
  valor: 'dinheiro',
  valorTotal: 'dinheiro',
  desconto: 'dinheiro',
  saldo: 'dinheiro',
  estoqueAtual: 'quantidade',
  estoqueMinimo: 'quantidade',
  ativo: 'booleano',
  pagamentoOnline: 'booleano',
  backupAutomatico: 'booleano',
  dataVencimento: 'data',
  dataFixa: 'data',
  promessa: 'data',
};

export const auditoriaItemSchema = z.object({
  /** Increases with every row of the server: later rows have larger ids. */
  id: z.string(),
  /** When it was recorded (ISO 8601). */
  em: z.string(),
  autor: z.object({
    tipo: z.enum(AUTORES_AUDITORIA),
    /** The person's id and their name when they did it; null for the app's own changes. */
    id: z.string().nullable(),
    nome: z.string().nullable(),
  }),
  acao: z.enum(ACOES_AUDITORIA),
  registro: z.object({
    tipo: z.enum(REGISTROS_AUDITORIA),
    id: z.string().nullable(),
    /** The record's name when it changed: a customer's or product's name, a sale's number. */
    nome: z.string().nullable(),
  }),
  /** The customer the change concerns (a customer's own change, their sale or payment), if any. */
  clienteId: z.string().nullable(),
  /** The fields that changed, before → after. */
  mudancas: z.array(mudancaSchema),
  /** What the action carried: a sale's total and way of payment, a payment's amount, a file's counts. */
  detalhes: z.record(z.string(), valorAuditadoSchema),
  /** A cancellation's or an adjustment's reason, as the person wrote it. */
  motivo: z.string().nullable(),
  /** The request's address, for a person's change. */
  ip: z.string().nullable(),
});
export type AuditoriaItem = z.infer<typeof auditoriaItemSchema>;

/** A person's id, or one of the app's own authors ('sistema', 'mercado_pago', 'importacao'), to filter the Histórico by. */
export const filtroAutorSchema = safeString().trim().min(1).max(100, 'tooLong');

export const auditoriaQuerySchema = z
  .object({
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
    /** Keyset pagination: the previous page's `nextCursor`. */
    cursor: z
      .string()
      .max(40)
      .regex(/^[0-9]{1,20}_[0-9]{1,20}$/, 'invalid')
      .optional(),
    autor: filtroAutorSchema.optional(),
    grupo: z.enum(GRUPOS_AUDITORIA).optional(),
    /** One record's own history: its id (and, optionally, its kind). */
    registro: z.enum(REGISTROS_AUDITORIA).optional(),
    registroId: z.uuid('invalidId').optional(),
    /** Everything about one customer: their own changes, their sales and payments. */
    clienteId: z.uuid('invalidId').optional(),
    /** Calendar dates in the shop's time zone, both inclusive. */
    de: isoDateSchema.optional(),
    ate: isoDateSchema.optional(),
  })
  .refine((q) => !q.de || !q.ate || q.de <= q.ate, { message: 'periodoInvalido', path: ['ate'] });
export type AuditoriaQuery = Partial<z.output<typeof auditoriaQuerySchema>>;

export const auditoriaPageSchema = z.object({
  items: z.array(auditoriaItemSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AuditoriaPage = z.infer<typeof auditoriaPageSchema>;

/** The authors a Histórico can be filtered by: the shop's people, then the app's own. */
export const autoresAuditoriaSchema = z.array(z.object({ tipo: z.enum(AUTORES_AUDITORIA), id: z.string().nullable(), nome: z.string().nullable() }));

/** Reason for cancelling a sale (always asked, issue 37). */
export const MAX_MOTIVO = 200;
export const motivoCancelamentoSchema = safeString({ error: 'motivoCancelamentoObrigatorio' }).trim().min(3, 'motivoCancelamentoObrigatorio').max(MAX_MOTIVO, 'tooLong');
export const cancelarVendaInputSchema = z.object({ motivo: motivoCancelamentoSchema });
export type CancelarVendaInput = z.infer<typeof cancelarVendaInputSchema>;

/** The Histórico's CSV export reads the filtered rows page by page, up to this many. */
export const MAX_LINHAS_EXPORTACAO_AUDITORIA = 50_000;

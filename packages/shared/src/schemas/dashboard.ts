import { z } from 'zod';
import { FORMAS_PAGAMENTO, STATUS_PAGAMENTO } from './vendas';
import { metodoPagamentoSchema } from './financeiro';

export const atividadeSchema = z.discriminatedUnion('tipo', [
  z.object({
    tipo: z.literal('venda'),
    id: z.string(),
    data: z.string(),
    valor: z.number().int(),
    clienteNome: z.string().nullable(),
    numeroVenda: z.string(),
    formaPagamento: z.enum(FORMAS_PAGAMENTO),
    statusPagamento: z.enum(STATUS_PAGAMENTO),
  }),
  z.object({
    tipo: z.literal('pagamento'),
    id: z.string(),
    data: z.string(),
    valor: z.number().int(),
    clienteNome: z.string().nullable(),
    metodo: metodoPagamentoSchema.nullable(),
  }),
]);
export type Atividade = z.infer<typeof atividadeSchema>;

/** How many of the latest sales and payments the dashboard lists. */
export const ATIVIDADES_RECENTES = 8;

export const dashboardSchema = z.object({
  totalClientes: z.number().int(),
  totalProdutos: z.number().int(),
  /** Sales dated today in the shop's time zone (cancelled ones not counted). */
  vendasHoje: z.number().int(),
  valorVendasHoje: z.number().int(),
  /** "Valor Total — Em vendas pendentes": what is still open on pending sales. */
  valorPendente: z.number().int(),
  /** Active customers with saldo_pendente > 0 and what they owe together (Devedores' cards). */
  devedores: z.number().int(),
  valorDevedores: z.number().int(),
  /** Of them, those whose debt is overdue (the one meaning of overdue, divida.ts) and what they owe. */
  devedoresVencidos: z.number().int(),
  valorVencido: z.number().int(),
  estoqueBaixo: z.number().int(),
  /** Customers who disputed an entry the shop has not resolved (their collection is paused). */
  contestacoesAbertas: z.number().int(),
  atividades: z.array(atividadeSchema).max(ATIVIDADES_RECENTES),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

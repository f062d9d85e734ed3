import { z } from 'zod';
import { UNIDADES } from '../unidades';
import { METODOS_PAGAMENTO } from '../financeiro';
import { FAIXAS_ATRASO, PERIODOS_DIAS } from '../relatorios';
import { regraVencimentoRespostaSchema } from './devedores';
import { FORMAS_PAGAMENTO } from './vendas';

/**
 * The report's query: `periodo` (7, 30, 90 or 365 days, default 30) or `mes` (YYYY-MM, one of
 * the last 24 months; the server checks the range in the shop's time zone), not both.
 */
export const relatorioQuerySchema = z
  .object({
    periodo: z.enum(PERIODOS_DIAS.map(String) as ['7', '30', '90', '365'], { error: 'periodoInvalido' }).optional(),
    mes: z
      .string()
      .max(7)
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'mesInvalido')
      .optional(),
  })
  .refine((q) => !(q.periodo && q.mes), { message: 'periodoOuMes', path: ['mes'] });
export type RelatorioQuery = z.input<typeof relatorioQuerySchema>;

const int = () => z.number().int();
/** A figure of the period next to the same figure of the previous period. */
const comparado = () => z.object({ atual: int(), anterior: int() });
/** A percentage (one decimal) of the period and of the previous one; null where undefined. */
const percentualComparado = () => z.object({ atual: z.number().nullable(), anterior: z.number().nullable() });

export const periodoRelatorioSchema = z.object({
  de: z.string(),
  ate: z.string(),
  mes: z.string().nullable(),
  dias: int(),
  anterior: z.object({ de: z.string(), ate: z.string() }),
  /** The shop's today, in its time zone: the date overdue figures are counted at. */
  hoje: z.string(),
  timeZone: z.string(),
});
export type PeriodoRelatorio = z.infer<typeof periodoRelatorioSchema>;

const recebidoSchema = z.object({
  valor: comparado(),
  quantidade: comparado(),
  /** Every method with payments in either period. */
  porMetodo: z.array(z.object({ metodo: z.enum(METODOS_PAGAMENTO), valor: comparado(), quantidade: comparado() })),
});

export const relatorioResumoSchema = z.object({
  periodo: periodoRelatorioSchema,
  /** Sales not cancelled. */
  vendas: z.object({ quantidade: comparado(), valor: comparado(), ticketMedio: comparado() }),
  vista: z.object({ quantidade: comparado(), valor: comparado() }),
  fiado: z.object({ quantidade: comparado(), valor: comparado() }),
  canceladas: z.object({ quantidade: int(), valor: int() }),
  /** Revenue − cost of the goods at the time of sale. */
  lucro: comparado(),
  custo: comparado(),
  margem: percentualComparado(),
  /** "Descontos concedidos": what the discounts of the sales not cancelled took off (lines' own and the sales'). */
  descontos: comparado(),
  recebido: recebidoSchema,
  /**
   * Default rate, today (not a figure of the period): of what customers owe (deactivated ones too),
   * the part that is overdue — `vencido` ÷ (`vencido` + `aVencer`), percent with one decimal, null
   * when nobody owes — by the one meaning of overdue (divida.ts): the date agreed with the customer,
   * else the shop's rule from the oldest open debt, sale or opening balance.
   */
  inadimplencia: z.object({ taxa: z.number().nullable(), vencido: int(), aVencer: int(), clientesVencidos: int() }),
  /** The shop's due-date rule (for customers without an agreed date). */
  regraVencimento: regraVencimentoRespostaSchema,
});
export type RelatorioResumo = z.infer<typeof relatorioResumoSchema>;

const medidaSchema = z.object({ quantidade: int(), valor: int() });

export const relatorioVendasSchema = z.object({
  periodo: periodoRelatorioSchema,
  total: z.object({ quantidade: comparado(), valor: comparado() }),
  canceladas: z.object({ quantidade: int(), valor: int() }),
  /** Every day of the period, oldest first (days without sales at zero). */
  porDia: z.array(medidaSchema.extend({ data: z.string() })),
  porForma: z.array(z.object({ forma: z.enum(FORMAS_PAGAMENTO), quantidade: comparado(), valor: comparado() })),
  /** 0 = Sunday … 6 = Saturday, all seven. */
  porDiaSemana: z.array(medidaSchema.extend({ diaSemana: int() })),
  /** 0–23, all 24, in the shop's time zone. */
  porHora: z.array(medidaSchema.extend({ hora: int() })),
  /**
   * "Vendas por atendente": each person of the shop who sold in the period (sales not cancelled),
   * most sold first; `id` is their account (the sales list's `atendente` filter).
   */
  porAtendente: z.array(medidaSchema.extend({ id: z.string(), nome: z.string() })),
});
export type RelatorioVendas = z.infer<typeof relatorioVendasSchema>;

export const relatorioClientesSchema = z.object({
  periodo: periodoRelatorioSchema,
  /** Today's five largest debts (saldo pendente), active or not. */
  maioresSaldos: z.array(z.object({ id: z.string(), nome: z.string(), ativo: z.boolean(), saldoPendente: int() })),
  /** Who bought most in the period (sales not cancelled), up to five. */
  maioresCompradores: z.array(z.object({ id: z.string(), nome: z.string(), quantidade: int(), valor: int() })),
  /** Customers registered in the period. */
  novos: comparado(),
  /** Distinct customers with at least one sale in the period. */
  compradores: comparado(),
  /**
   * Today: customers who owe, and how much together, deactivated ones included (their debt is still
   * owed); `desativados` is their part, which Devedores and the dashboard (active customers) leave out.
   */
  devedores: z.object({ quantidade: int(), valor: int(), desativados: z.object({ quantidade: int(), valor: int() }) }),
});
export type RelatorioClientes = z.infer<typeof relatorioClientesSchema>;

/** `quantidade` in the product's stored steps (grams for kg): shown with `unidade`. */
const produtoVendidoSchema = z.object({ id: z.string(), nome: z.string(), unidade: z.enum(UNIDADES), quantidade: int(), valor: int() });
const margemProdutoSchema = produtoVendidoSchema.extend({ custo: int(), lucro: int(), margem: z.number().nullable() });

export const relatorioProdutosSchema = z.object({
  periodo: periodoRelatorioSchema,
  /** Units sold (sales not cancelled) of products counted in pieces (un, cx, pct); weights and volumes are not added in. */
  unidades: comparado(),
  /** Revenue of products (sales not cancelled); loose lines are `avulsas`, apart. */
  receita: comparado(),
  /** "Vendas avulsas": what loose lines (no product) sold in the period. */
  avulsas: comparado(),
  maisVendidosQuantidade: z.array(produtoVendidoSchema),
  maisVendidosValor: z.array(produtoVendidoSchema),
  /** The products with most revenue in the period (up to 20) with cost, profit and margin… */
  margens: z.array(margemProdutoSchema),
  /** …and the rest of the products sold, added up (null when there is no rest). */
  outros: margemProdutoSchema.omit({ id: true, nome: true, unidade: true }).extend({ produtos: int() }).nullable(),
  /** Today: active products at or below their minimum stock; `zerados` of them with none left. */
  estoque: z.object({
    baixo: int(),
    zerados: int(),
    itens: z.array(z.object({ id: z.string(), nome: z.string(), unidade: z.enum(UNIDADES), estoqueAtual: int(), estoqueMinimo: int() })),
  }),
});
export type RelatorioProdutos = z.infer<typeof relatorioProdutosSchema>;

export const relatorioFinanceiroSchema = z.object({
  periodo: periodoRelatorioSchema,
  recebido: recebidoSchema,
  /**
   * Today: what customers owe (the ledger's pending balances, deactivated customers included;
   * `saldoDesativados` is their part, left out of Devedores and the dashboard), what is open on
   * pending sales, and what customers owe whose debt is overdue (`vencidoDesativados`: the
   * deactivated customers' part).
   */
  aReceber: z.object({ saldoClientes: int(), saldoDesativados: int(), vendasPendentes: int(), vencido: int(), vencidoDesativados: int() }),
  /** Today: what customers owe by their days overdue, and how many customers are in each bucket. */
  atraso: z.array(z.object({ faixa: z.enum(FAIXAS_ATRASO), valor: int(), clientes: int() })),
  /** The shop's due-date rule (for customers without an agreed date). */
  regraVencimento: regraVencimentoRespostaSchema,
});
export type RelatorioFinanceiro = z.infer<typeof relatorioFinanceiroSchema>;

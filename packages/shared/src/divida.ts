import type { IsoDate } from './dates';
import {
  diasEmAtraso,
  estaVencido,
  faixaLembrete,
  LIMIARES_NIVEL,
  nivelAtraso,
  promessaQuebrada,
  vencimentoDevedor,
  type FaixaLembrete,
  type NivelAtraso,
  type RegraVencimento,
} from './devedores';
import type { Cents } from './money';
import { FAIXAS_ATRASO, faixaDeAtraso, percentual, type FaixaAtraso } from './relatorios';

/*
 * The one meaning of "due" and "overdue" (docs/decisions/027-one-meaning-of-overdue.md). Every
 * screen that says who is late — Devedores and its cards, the dashboard's debtors card, the reports
 * (Inadimplência, Vencido, ageing), the daily "became overdue" notification, the tier of a
 * collection message, the customer page — answers with `situacaoDivida` for each customer, and
 * the database computes the very same thing in SQL (apps/api modules/devedores/devedores.sql.ts,
 * and the function `pendente_desde` of migration 0023). A property test builds random shops and
 * checks every one of those answers against these functions.
 *
 * The debt is the customer's: what they owe (saldo pendente), since the oldest debt still open —
 * a fiado sale or a debit posted by hand (an opening balance, "Adicionar Saldo"), as the ledger's
 * allocation leaves them. It falls due on the date agreed with the customer, else by the shop's
 * rule from that oldest open debt's day, and it is overdue, all of it, from the day after. A
 * promise to pay does not move it: it is recorded, and flagged when broken.
 */

// ——— Since when: the oldest open debt of a customer's ledger ———

/** A customer's ledger as the due date reads it. */
export type EntradaDivida =
  /** A fiado sale: its total (a debit), when it was made; a cancelled one owes nothing. */
  | { tipo: 'venda'; id: string; instante: string; total: Cents; cancelada: boolean }
  /**
   * Any other entry but a sale's cancellation (which only takes its sale back): payments and
   * credit adjustments (positive), debit adjustments and refunded online payments (negative).
   */
  | { tipo: 'avulso'; id: string; instante: string; valor: Cents };

const porInstante = (a: { instante: string; id: string }, b: { instante: string; id: string }) => {
  const x = Date.parse(a.instante);
  const y = Date.parse(b.instante);
  return x !== y ? x - y : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/**
 * The balance and the instant of the oldest open debt, following the ledger's allocation (ADR 006):
 * the non-sale entries, net (N), cover the active fiado sales oldest first; a sale not fully covered
 * is open. When N is negative, −N of the debits posted by hand is open too: the credits paid the
 * oldest of them first, so what is open are the newest, back to the one that completes −N.
 * `pendenteDesde` is the earlier of the two (null when nothing is open).
 */
export function dividaDoRazao(entradas: readonly EntradaDivida[]): { saldoAtual: Cents; pendenteDesde: string | null } {
  const vendas = entradas.filter((e): e is Extract<EntradaDivida, { tipo: 'venda' }> => e.tipo === 'venda' && !e.cancelada).sort(porInstante);
  const avulsos = entradas.filter((e): e is Extract<EntradaDivida, { tipo: 'avulso' }> => e.tipo === 'avulso');
  const liquido = avulsos.reduce((s, e) => s + e.valor, 0);
  const saldoAtual = liquido - vendas.reduce((s, v) => s + v.total, 0);

  let livre = Math.max(0, liquido);
  let desde: string | null = null;
  for (const venda of vendas) {
    const cobre = Math.min(livre, venda.total);
    livre -= cobre;
    if (cobre < venda.total) {
      desde = venda.instante;
      break;
    }
  }

  const descoberto = Math.max(0, -liquido);
  if (descoberto > 0) {
    let soma = 0;
    for (const debito of avulsos.filter((e) => e.valor < 0).sort((a, b) => porInstante(b, a))) {
      soma += -debito.valor;
      if (soma >= descoberto) {
        if (desde === null || Date.parse(debito.instante) < Date.parse(desde)) desde = debito.instante;
        break;
      }
    }
  }
  return { saldoAtual, pendenteDesde: saldoAtual < 0 ? desde : null };
}

// ——— The verdict for one customer ———

/** What a customer's row says about their debt. */
export interface Divida {
  /** Credits − debits: negative when the customer owes. */
  saldoAtual: Cents;
  /** The shop's calendar day of the oldest open debt (dividaDoRazao's instant in the shop's zone). */
  pendenteDesde: IsoDate | null;
  /** The date agreed with this customer ("Vencimento" in Gerenciar dívida), if any. */
  dataVencimento: IsoDate | null;
  /** The day the customer promised to pay, if any. */
  promessa: IsoDate | null;
}

export interface SituacaoDivida {
  saldoPendente: Cents;
  vencimento: IsoDate;
  /** The due date is the one agreed with the customer, not the shop's rule. */
  vencimentoProprio: boolean;
  vencido: boolean;
  diasEmAtraso: number;
  nivel: NivelAtraso;
  /** The collection message's tone (a_vencer, gentil, firme, formal). */
  faixa: FaixaLembrete;
  /** The reports' ageing bucket. */
  faixaAtraso: FaixaAtraso;
  promessaQuebrada: boolean;
}

/**
 * Where a customer's debt stands on the shop's day `hoje`; null when they owe nothing. A debtor
 * with no open debt on record (never after the ledger's allocation) is due today.
 */
export function situacaoDivida(divida: Divida, regra: RegraVencimento, hoje: IsoDate): SituacaoDivida | null {
  const saldoPendente = Math.max(0, -divida.saldoAtual);
  if (saldoPendente === 0) return null;
  const vencimento = vencimentoDevedor({ dataVencimento: divida.dataVencimento, pendenteDesde: divida.pendenteDesde, regra, hoje });
  const dias = diasEmAtraso(vencimento, hoje);
  return {
    saldoPendente,
    vencimento,
    vencimentoProprio: divida.dataVencimento !== null,
    vencido: estaVencido(vencimento, hoje),
    diasEmAtraso: dias,
    nivel: nivelAtraso(dias),
    faixa: faixaLembrete(dias),
    faixaAtraso: faixaDeAtraso(dias),
    promessaQuebrada: promessaQuebrada(divida.promessa, hoje, saldoPendente),
  };
}

// ——— Many customers: the cards and the reports ———

export interface ResumoDividas {
  devedores: number;
  /** What they owe together. */
  valor: Cents;
  /** Customers whose debt is overdue, and what they owe. */
  vencidos: number;
  valorVencido: Cents;
  /** Owed and not yet due. */
  aVencer: Cents;
  /** 30 days overdue or more. */
  criticos: number;
  /** Average days overdue over every debtor, rounded (0 without debtors). */
  mediaAtraso: number;
  /** Inadimplência: the overdue share of what is owed, in percent with one decimal; null when nothing is owed. */
  inadimplencia: number | null;
  /** Ageing: customers and what they owe, by days overdue. */
  porFaixa: Array<{ faixa: FaixaAtraso; clientes: number; valor: Cents }>;
}

/** The figures every screen shows over a set of customers (each screen says which set). */
export function resumoDividas(situacoes: ReadonlyArray<SituacaoDivida | null>): ResumoDividas {
  const devendo = situacoes.filter((s): s is SituacaoDivida => s !== null);
  const soma = (xs: SituacaoDivida[]) => xs.reduce((s, x) => s + x.saldoPendente, 0);
  const vencidas = devendo.filter((s) => s.vencido);
  const valor = soma(devendo);
  const valorVencido = soma(vencidas);
  return {
    devedores: devendo.length,
    valor,
    vencidos: vencidas.length,
    valorVencido,
    aVencer: valor - valorVencido,
    criticos: devendo.filter((s) => s.diasEmAtraso >= LIMIARES_NIVEL.critico).length,
    mediaAtraso: devendo.length ? Math.round(devendo.reduce((s, x) => s + x.diasEmAtraso, 0) / devendo.length) : 0,
    inadimplencia: percentual(valorVencido, valor),
    porFaixa: FAIXAS_ATRASO.map((faixa) => {
      const nela = devendo.filter((s) => s.faixaAtraso === faixa);
      return { faixa, clientes: nela.length, valor: soma(nela) };
    }),
  };
}

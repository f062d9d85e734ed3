import type { Language } from './schemas/perfil';
import { formatMoney, type Cents, type Currency } from './money';
import { formatDate } from './dates';

/** How a customer may pay a debt in the shop ("online" comes from the payment provider). */
export const METODOS_PAGAMENTO = ['dinheiro', 'pix', 'cartao', 'transferencia', 'online'] as const;
export type MetodoPagamento = (typeof METODOS_PAGAMENTO)[number];
/** What the seller picks when registering a payment by hand (spec §9: dinheiro is the default). */
export const METODOS_PAGAMENTO_MANUAL = ['dinheiro', 'pix', 'cartao', 'transferencia'] as const;

export const TIPOS_LANCAMENTO = ['venda', 'pagamento', 'ajuste', 'estorno'] as const;
export type TipoLancamento = (typeof TIPOS_LANCAMENTO)[number];

/** A fiado sale as far as allocation cares: its total and how much of it is already covered. */
export interface SaleAllocation {
  id: string;
  valorTotal: Cents;
  valorPago: Cents;
}

/**
 * The ledger rule for `valor_pago`: the customer's net non-sale credits (payments and adjustments,
 * `pool`) cover their active fiado sales oldest first. Sales must come sorted oldest first. A
 * negative pool covers nothing; what exceeds every sale stays as the customer's credit.
 *
 * Because it depends only on the ledger and the order of the sales, the server can keep it up to
 * date incrementally and a test can recompute it from scratch.
 */
export function allocateOldestFirst(
  sales: ReadonlyArray<Pick<SaleAllocation, 'id' | 'valorTotal'>>,
  pool: Cents,
): { allocations: SaleAllocation[]; leftover: Cents } {
  let remaining = Math.max(0, pool);
  const allocations = sales.map((sale) => {
    const valorPago = Math.min(sale.valorTotal, remaining);
    remaining -= valorPago;
    return { id: sale.id, valorTotal: sale.valorTotal, valorPago };
  });
  return { allocations, leftover: remaining };
}

/** saldo_pendente: what the customer owes, never negative. */
export const saldoPendenteDe = (saldoAtual: Cents): Cents => Math.max(0, -saldoAtual);

/** The message after a payment: what is still owed, the credit left, or "Débito totalmente quitado!". */
export type ResultadoPagamento = { tipo: 'restante'; valor: Cents } | { tipo: 'credito'; valor: Cents } | { tipo: 'quitado' };

export function resultadoPagamento(saldoAtual: Cents): ResultadoPagamento {
  if (saldoAtual < 0) return { tipo: 'restante', valor: -saldoAtual };
  if (saldoAtual > 0) return { tipo: 'credito', valor: saldoAtual };
  return { tipo: 'quitado' };
}

/**
 * Credit-limit rule for a fiado sale. The customer may owe up to `limite`; credit they hold in the
 * shop adds to what they may buy. Limit 0 means "no fiado" (unless their credit covers the sale).
 */
/**
 * Limit 0 means "no fiado" (PRODUCT.md): such a customer may buy on their account only what the
 * credit they hold in the shop covers; beyond it the sale is refused, not offered a confirmation.
 */
export function fiadoBloqueado(input: { limite: Cents; saldoAtual: Cents; valorVenda: Cents }): boolean {
  return input.limite === 0 && input.saldoAtual - input.valorVenda < 0;
}

export function verificarLimite(input: { limite: Cents; saldoAtual: Cents; valorVenda: Cents }) {
  const disponivel = Math.max(0, input.limite + input.saldoAtual);
  const saldoPendenteDepois = saldoPendenteDe(input.saldoAtual - input.valorVenda);
  return {
    excedido: saldoPendenteDepois > input.limite,
    disponivel,
    saldoPendente: saldoPendenteDe(input.saldoAtual),
    saldoPendenteDepois,
  };
}

/** Digits of a Brazilian phone for a wa.me link: 55 + DDD + number (an existing 55 is kept). */
export interface ReciboData {
  id: string;
  /** ISO instant of the payment. */
  data: string;
  valor: Cents;
  metodo: MetodoPagamento;
  observacao: string | null;
  /** The customer's balance right after this payment (credits − debits). */
  saldoApos: Cents;
  /** ISO instant Mercado Pago gave an online payment back (refund or chargeback); null otherwise. */
  estornadoEm: string | null;
  /** Who of the shop received it; null when unknown (online, or before people existed). */
  recebidoPor?: string | null;
  cliente: { nome: string; telefone: string | null };
  loja: { nome: string; telefone: string | null; endereco: string | null };
}

const METODO_LABEL: Record<Language, Record<MetodoPagamento, string>> = {
  'pt-BR': { dinheiro: 'Dinheiro', pix: 'PIX', cartao: 'Cartão', transferencia: 'Transferência', online: 'Pagamento online' },
  'en-US': { dinheiro: 'Cash', pix: 'PIX', cartao: 'Card', transferencia: 'Bank transfer', online: 'Online payment' },
  'es-ES': { dinheiro: 'Efectivo', pix: 'PIX', cartao: 'Tarjeta', transferencia: 'Transferencia', online: 'Pago en línea' },
};

const RECIBO_TEXTOS: Record<
  Language,
  {
    titulo: string;
    cliente: string;
    data: string;
    valor: string;
    forma: string;
    obs: string;
    recebidoPor: string;
    restante: string;
    credito: string;
    quitado: string;
    estornado: string;
    numero: string;
    obrigado: string;
  }
> = {
  'pt-BR': {
    titulo: 'Recibo de pagamento',
    cliente: 'Cliente',
    data: 'Data',
    valor: 'Valor pago',
    forma: 'Forma de pagamento',
    obs: 'Observação',
    recebidoPor: 'Recebido por',
    restante: 'Saldo devedor restante',
    credito: 'Crédito na loja',
    quitado: 'Débito totalmente quitado!',
    estornado: 'PAGAMENTO ESTORNADO em {data}: este valor foi devolvido e não quita a dívida.',
    numero: 'Recibo nº',
    obrigado: 'Obrigado pela preferência!',
  },
  'en-US': {
    titulo: 'Payment receipt',
    cliente: 'Customer',
    data: 'Date',
    valor: 'Amount paid',
    forma: 'Payment method',
    obs: 'Note',
    recebidoPor: 'Received by',
    restante: 'Remaining balance due',
    credito: 'Store credit',
    quitado: 'Debt fully paid!',
    estornado: 'PAYMENT REFUNDED on {data}: this amount was given back and does not pay the debt.',
    numero: 'Receipt no.',
    obrigado: 'Thank you for your business!',
  },
  'es-ES': {
    titulo: 'Recibo de pago',
    cliente: 'Cliente',
    data: 'Fecha',
    valor: 'Importe pagado',
    forma: 'Forma de pago',
    obs: 'Observación',
    recebidoPor: 'Recibido por',
    restante: 'Saldo pendiente',
    credito: 'Crédito en la tienda',
    quitado: '¡Deuda totalmente saldada!',
    estornado: 'PAGO REEMBOLSADO el {data}: este importe se devolvió y no salda la deuda.',
    numero: 'Recibo n.º',
    obrigado: '¡Gracias por su preferencia!',
  },
};

/**
 * The notes the server writes itself on Mercado Pago's ledger entries, stored as written here (in
 * Portuguese, on entries of years past too). Screens and receipts show them in the reader's
 * language (notaDoLancamento, and the web's `financeiro:notasMercadoPago`); a note a person typed
 * is shown as typed.
 */
export const NOTAS_MERCADO_PAGO = {
  pix: 'Mercado Pago — PIX',
  cartao: 'Mercado Pago — Cartão',
  contestacao: 'Mercado Pago — contestação',
  reembolso: 'Mercado Pago — reembolso',
} as const;
export type NotaMercadoPago = keyof typeof NOTAS_MERCADO_PAGO;

const NOTAS_POR_TEXTO = new Map(Object.entries(NOTAS_MERCADO_PAGO).map(([key, texto]) => [texto as string, key as NotaMercadoPago]));

/** Which of NOTAS_MERCADO_PAGO a ledger entry's note is, if any. */
export const notaMercadoPago = (descricao: string | null | undefined): NotaMercadoPago | undefined =>
  descricao ? NOTAS_POR_TEXTO.get(descricao) : undefined;

const NOTAS_TRADUZIDAS: Record<Language, Record<NotaMercadoPago, string>> = {
  'pt-BR': NOTAS_MERCADO_PAGO,
  'en-US': { pix: 'Mercado Pago — PIX', cartao: 'Mercado Pago — Card', contestacao: 'Mercado Pago — chargeback', reembolso: 'Mercado Pago — refund' },
  'es-ES': { pix: 'Mercado Pago — PIX', cartao: 'Mercado Pago — Tarjeta', contestacao: 'Mercado Pago — contracargo', reembolso: 'Mercado Pago — reembolso' },
};

/** A ledger entry's note for a reader of `language` (the WhatsApp receipt): Mercado Pago's translated. */
export function notaDoLancamento(descricao: string | null | undefined, language: Language): string | null {
  const nota = notaMercadoPago(descricao);
  if (nota) return (NOTAS_TRADUZIDAS[language] ?? NOTAS_TRADUZIDAS['pt-BR'])[nota];
  return descricao ?? null;
}

/** A short, human-friendly receipt number taken from the payment's id. */
export const numeroRecibo = (id: string) => id.replace(/-/g, '').slice(0, 8).toUpperCase();

/** The receipt as plain text for WhatsApp (bold with *…*), in the given language. */
export function reciboTexto(recibo: ReciboData, language: Language = 'pt-BR', currency: Currency = 'BRL', timeZone?: string): string {
  const t = RECIBO_TEXTOS[language] ?? RECIBO_TEXTOS['pt-BR'];
  const money = (c: Cents) => formatMoney(c, currency);
  const resultado = resultadoPagamento(recibo.saldoApos);
  const lines = [
    `*${recibo.loja.nome}*`,
    `${t.titulo} — ${t.numero} ${numeroRecibo(recibo.id)}`,
    '',
    `${t.cliente}: ${recibo.cliente.nome}`,
    `${t.data}: ${formatDate(recibo.data, language, timeZone)}`,
    `${t.valor}: *${money(recibo.valor)}*`,
    `${t.forma}: ${(METODO_LABEL[language] ?? METODO_LABEL['pt-BR'])[recibo.metodo]}`,
  ];
  const observacao = notaDoLancamento(recibo.observacao, language);
  if (observacao) lines.push(`${t.obs}: ${observacao}`);
  if (recibo.recebidoPor) lines.push(`${t.recebidoPor}: ${recibo.recebidoPor}`);
  lines.push(
    // A payment given back settles nothing: say so instead of what it left owing.
    recibo.estornadoEm
      ? `*${t.estornado.replace('{data}', formatDate(recibo.estornadoEm, language, timeZone))}*`
      : resultado.tipo === 'restante'
        ? `${t.restante}: ${money(resultado.valor)}`
        : resultado.tipo === 'credito'
          ? `${t.credito}: ${money(resultado.valor)}`
          : t.quitado,
  );
  lines.push('', t.obrigado);
  return lines.join('\n');
}

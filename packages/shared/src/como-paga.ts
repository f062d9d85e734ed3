import { addDays, dateInTimeZone, daysBetween, type IsoDate } from './dates';
import { vencimentoPelaRegra, type RegraVencimento } from './devedores';
import type { Cents } from './money';
import { MAX_LIMITE_CREDITO } from './schemas/campos';

/*
 * How a customer pays (issue 40, "Como paga"; docs/decisions/040-como-paga.md): their record over
 * the last 12 months, replayed from the ledger, and a suggested credit limit with its reasons. The
 * suggestion is only that — the owner decides (LGPD art. 20: no automated decision about a person)
 * — and the customer's page shows the same facts.
 *
 * Each fiado purchase is a due item. It falls due on the day the shop's rule gives it from its own
 * day (a date agreed with the customer postpones the purchases still open until then), and it is
 * paid on the day the ledger's allocation (ADR 006: credits cover the active fiado sales oldest
 * first) last covered it in full. The record reads the purchases paid in the last 12 months and
 * those overdue today.
 */

/** How far back the record reads. */
export const COMO_PAGA_DIAS = 365;
/** Fewer decided purchases than this make no suggestion ("pouco histórico"). */
export const COMO_PAGA_MINIMO = 3;
/** A suggested limit is a round amount: a multiple of R$ 50. */
export const COMO_PAGA_ARREDONDAMENTO = 5_000;
/** Pays on time: at least this share of the purchases on time, no delay past this many days, no broken promise. */
export const COMO_PAGA_BOM = { taxaEmDia: 0.9, maiorAtraso: 7 } as const;
/** Pays badly: under this share on time, or this many broken promises, or overdue today past this many days. */
export const COMO_PAGA_RUIM = { taxaEmDia: 0.5, promessasQuebradas: 2, atrasoAberto: 30 } as const;

/** A customer's ledger as the record replays it. Instants are ISO strings. */
export interface RazaoComoPaga {
  /** Fiado sales: when made (their order in the allocation), when posted, total, when cancelled. */
  vendas: readonly { id: string; dataVenda: string; lancadaEm: string; total: Cents; canceladaEm: string | null }[];
  /** Every other entry but a sale's cancellation: payments, adjustments, refunded online payments. */
  creditos: readonly { instante: string; valor: Cents }[];
  /** The promises to pay as the audit trail recorded them: the day promised, or null when removed. */
  promessas: readonly { em: string; data: IsoDate | null }[];
}

export interface ContextoComoPaga {
  regra: RegraVencimento;
  fuso: string;
  hoje: IsoDate;
  /** The date agreed with the customer, if any. */
  dataVencimento: IsoDate | null;
  limiteAtual: Cents;
}

export const TIPOS_SUGESTAO_LIMITE = ['sem_historico', 'aumentar', 'manter', 'reduzir'] as const;
export type TipoSugestaoLimite = (typeof TIPOS_SUGESTAO_LIMITE)[number];

export interface ComoPaga {
  /** The first day the record reads (12 months before today). */
  desde: IsoDate;
  /** Purchases paid by their due date, paid after it, and overdue today. */
  emDia: number;
  comAtraso: number;
  emAtraso: number;
  /** Mean days late of the late ones (paid late or overdue today); null when none was late. */
  mediaDiasAtraso: number | null;
  maiorAtraso: number;
  /** Promises whose day is over (kept or broken), and the broken ones. */
  promessas: number;
  promessasQuebradas: number;
  /** The largest fiado purchase made in the period; null when none. */
  maiorCompra: Cents | null;
  /** The most the customer owed at once in the period. */
  maiorDivida: Cents;
  /** Whole months paying on time since the last late payment (or the first purchase); null when late today or nothing was paid. */
  mesesEmDia: number | null;
  sugestao: { tipo: TipoSugestaoLimite; limite: Cents | null };
}

interface Evento {
  t: number;
  ordem: number;
  /** Applies the entry; answers where a purchase went in (Infinity for a credit). */
  aplicar: () => number;
}

/** The record of one customer on `contexto.hoje`. */
export function comoPaga(razao: RazaoComoPaga, contexto: ContextoComoPaga): ComoPaga {
  const { regra, fuso, hoje } = contexto;
  const desde = addDays(hoje, -COMO_PAGA_DIAS);
  // The shop's day of an instant. Every zone's offset is a whole number of quarter hours, so the day
  // is the same all through a quarter hour of UTC: entries of the same moment ask Intl once.
  const dias = new Map<number, IsoDate>();
  const dia = (instante: string | number): IsoDate => {
    const t = typeof instante === 'number' ? instante : Date.parse(instante);
    const quarto = Math.floor(t / 900_000);
    let d = dias.get(quarto);
    if (d === undefined) {
      d = dateInTimeZone(new Date(t), fuso);
      dias.set(quarto, d);
    }
    return d;
  };

  // ——— Replay the allocation: after each entry, which purchases are covered in full, and since when ———
  // A cancelled purchase counts for nothing, not even while it stood: its cancellation gave it all back.
  const vendas = razao.vendas.filter((v) => v.total > 0 && v.canceladaEm === null);
  type Venda = (typeof vendas)[number];
  const antes = (a: Venda, b: Venda) => a.dataVenda < b.dataVenda || (a.dataVenda === b.dataVenda && a.id < b.id);
  // The active purchases in the allocation's order, what they add up to from the oldest, and how
  // many of them (from the oldest) the credits cover in full.
  const ativas: Venda[] = [];
  const acumulado: number[] = [];
  let cobertas = 0;
  const quitadaEm = new Map<string, number>();
  let credito = 0;
  let devido = 0;
  const linhaDoSaldo: { t: number; saldo: number }[] = [];

  /** Puts a purchase in its place (almost always the end: an offline sale may go in before newer ones) and answers where. */
  function inserir(venda: Venda): number {
    let i = ativas.length;
    while (i > 0 && antes(venda, ativas[i - 1]!)) i--;
    ativas.splice(i, 0, venda);
    acumulado.splice(i, 0, 0);
    for (let j = i; j < ativas.length; j++) acumulado[j] = (j > 0 ? acumulado[j - 1]! : 0) + ativas[j]!.total;
    devido += venda.total;
    return i;
  }

  const eventos: Evento[] = [
    ...vendas.map((venda) => ({ t: Date.parse(venda.lancadaEm), ordem: 0, aplicar: () => inserir(venda) })),
    ...razao.creditos.map((c) => ({ t: Date.parse(c.instante), ordem: 1, aplicar: () => ((credito += c.valor), Infinity) })),
  ];
  eventos.sort((a, b) => a.t - b.t || a.ordem - b.ordem);

  for (const evento of eventos) {
    const inserida = evento.aplicar();
    // How many purchases the credits now cover: the longest prefix whose sum they reach.
    let baixo = 0;
    let alto = ativas.length;
    while (baixo < alto) {
      const meio = (baixo + alto) >> 1;
      if (acumulado[meio]! <= credito) baixo = meio + 1;
      else alto = meio;
    }
    // Only the purchases between the old boundary and the new one can have changed; after an
    // insertion, also those from where it went in, and the last one covered before, now one further on.
    const de = Math.min(inserida, cobertas, baixo);
    const ate = Math.min(ativas.length, Math.max(inserida === Infinity ? cobertas : cobertas + 1, baixo));
    for (let j = de; j < ate; j++) {
      const venda = ativas[j]!;
      if (j < baixo) {
        if (!quitadaEm.has(venda.id)) quitadaEm.set(venda.id, evento.t);
      } else {
        quitadaEm.delete(venda.id);
      }
    }
    cobertas = baixo;
    linhaDoSaldo.push({ t: evento.t, saldo: credito - devido });
  }

  // ——— Each purchase: due, paid, days late ———
  let emDia = 0;
  let comAtraso = 0;
  let emAtraso = 0;
  let somaAtraso = 0;
  let maiorAtraso = 0;
  let maiorAtrasoAberto = 0;
  let maiorCompra: Cents | null = null;
  let ultimoAtraso: IsoDate | null = null;
  let primeiraCompra: IsoDate | null = null;
  let algumaPaga = false;
  for (const venda of ativas) {
    const diaVenda = dia(venda.dataVenda);
    if (primeiraCompra === null || diaVenda < primeiraCompra) primeiraCompra = diaVenda;
    if (diaVenda >= desde && diaVenda <= hoje) maiorCompra = Math.max(maiorCompra ?? 0, venda.total);
    const pelaRegra = maxDia(vencimentoPelaRegra(regra, diaVenda), diaVenda);
    const paga = quitadaEm.get(venda.id);
    if (paga !== undefined) {
      algumaPaga = true;
      const diaPaga = dia(paga);
      const atraso = Math.max(0, daysBetween(pelaRegra, diaPaga));
      if (atraso > 0 && (ultimoAtraso === null || diaPaga > ultimoAtraso)) ultimoAtraso = diaPaga;
      if (diaPaga < desde) continue;
      if (atraso === 0) emDia++;
      else {
        comAtraso++;
        somaAtraso += atraso;
        maiorAtraso = Math.max(maiorAtraso, atraso);
      }
    } else {
      const vence = contexto.dataVencimento ? maxDia(pelaRegra, contexto.dataVencimento) : pelaRegra;
      const atraso = daysBetween(vence, hoje);
      if (atraso <= 0) continue;
      emAtraso++;
      somaAtraso += atraso;
      maiorAtraso = Math.max(maiorAtraso, atraso);
      maiorAtrasoAberto = Math.max(maiorAtrasoAberto, atraso);
    }
  }

  // ——— The most owed at once in the period ———
  let maiorDivida = 0;
  let saldoNoInicio = 0;
  for (const ponto of linhaDoSaldo) {
    if (dia(ponto.t) < desde) saldoNoInicio = ponto.saldo;
    else maiorDivida = Math.max(maiorDivida, -ponto.saldo);
  }
  maiorDivida = Math.max(maiorDivida, -saldoNoInicio);

  // ——— Promises: kept when the debt was paid by the day's end, broken when it was not ———
  let promessas = 0;
  let promessasQuebradas = 0;
  const registros = [...razao.promessas].sort((a, b) => Date.parse(a.em) - Date.parse(b.em));
  registros.forEach((registro, i) => {
    const prometido = registro.data;
    if (prometido === null || prometido < desde || prometido >= hoje) return;
    const inicio = Date.parse(registro.em);
    const seguinte = registros[i + 1];
    const fim = seguinte ? Date.parse(seguinte.em) : Infinity;
    const pago = linhaDoSaldo.find((p) => p.t >= inicio && p.t < fim && p.saldo >= 0);
    if (pago && dia(pago.t) <= prometido) {
      promessas++;
      return;
    }
    // Replaced or removed before its day was over: neither kept nor broken.
    if (seguinte && dia(fim) <= prometido) return;
    promessas++;
    promessasQuebradas++;
  });

  const atrasados = comAtraso + emAtraso;
  const inicioEmDia = ultimoAtraso ?? primeiraCompra;
  const mesesEmDia = emAtraso === 0 && algumaPaga && inicioEmDia ? Math.max(0, Math.floor(daysBetween(inicioEmDia, hoje) / 30)) : null;

  const record = {
    desde,
    emDia,
    comAtraso,
    emAtraso,
    mediaDiasAtraso: atrasados > 0 ? Math.round(somaAtraso / atrasados) : null,
    maiorAtraso,
    promessas,
    promessasQuebradas,
    maiorCompra,
    maiorDivida,
    mesesEmDia,
  };
  return { ...record, sugestao: sugestaoDeLimite(record, maiorAtrasoAberto, contexto.limiteAtual) };
}

const maxDia = (a: IsoDate, b: IsoDate) => (a > b ? a : b);
const paraCima = (c: Cents) => Math.ceil(c / COMO_PAGA_ARREDONDAMENTO) * COMO_PAGA_ARREDONDAMENTO;
const paraBaixo = (c: Cents) => Math.floor(c / COMO_PAGA_ARREDONDAMENTO) * COMO_PAGA_ARREDONDAMENTO;

/**
 * The suggested limit. Too few decided purchases: none. Pays on time: room for half again the most
 * they used (the larger of their largest purchase and their largest debt), when that is above the
 * current limit. Pays badly: half of what they used, when that is below it. Otherwise: keep it.
 */
export function sugestaoDeLimite(
  record: Omit<ComoPaga, 'sugestao'>,
  maiorAtrasoAberto: number,
  limiteAtual: Cents,
): ComoPaga['sugestao'] {
  const total = record.emDia + record.comAtraso + record.emAtraso;
  if (total < COMO_PAGA_MINIMO) return { tipo: 'sem_historico', limite: null };
  const taxa = record.emDia / total;
  const usado = Math.max(record.maiorCompra ?? 0, record.maiorDivida);
  const bom = taxa >= COMO_PAGA_BOM.taxaEmDia && record.maiorAtraso <= COMO_PAGA_BOM.maiorAtraso && record.promessasQuebradas === 0 && record.emAtraso === 0;
  const ruim =
    taxa < COMO_PAGA_RUIM.taxaEmDia || record.promessasQuebradas >= COMO_PAGA_RUIM.promessasQuebradas || maiorAtrasoAberto > COMO_PAGA_RUIM.atrasoAberto;
  if (bom) {
    const limite = Math.min(MAX_LIMITE_CREDITO, paraCima(Math.ceil(usado * 1.5)));
    if (limite > limiteAtual) return { tipo: 'aumentar', limite };
  }
  if (ruim) {
    const limite = paraBaixo(Math.floor(usado / 2));
    if (limite < limiteAtual) return { tipo: 'reduzir', limite };
  }
  return { tipo: 'manter', limite: limiteAtual };
}

/** One reason of a suggestion, in words: the web says each in the person's language. */
export type MotivoComoPaga =
  | { chave: 'poucoHistorico'; total: number }
  | { chave: 'emDia'; emDia: number; total: number }
  | { chave: 'mesesEmDia'; meses: number }
  | { chave: 'comAtraso'; atrasados: number; total: number }
  | { chave: 'mediaAtraso'; dias: number }
  | { chave: 'maiorAtraso'; dias: number }
  | { chave: 'promessasQuebradas'; quantidade: number }
  | { chave: 'maiorCompra'; valor: Cents };

/** The facts that explain the suggestion, most telling first ("paga em dia há 8 meses; maior compra fiado R$ 180,00"). */
export function motivosComoPaga(record: ComoPaga): MotivoComoPaga[] {
  const total = record.emDia + record.comAtraso + record.emAtraso;
  if (record.sugestao.tipo === 'sem_historico') return [{ chave: 'poucoHistorico', total }];
  const motivos: MotivoComoPaga[] = [];
  const atrasados = record.comAtraso + record.emAtraso;
  if (record.mesesEmDia !== null && record.mesesEmDia >= 1) motivos.push({ chave: 'mesesEmDia', meses: record.mesesEmDia });
  if (atrasados === 0) motivos.push({ chave: 'emDia', emDia: record.emDia, total });
  else {
    motivos.push({ chave: 'comAtraso', atrasados, total });
    if (record.mediaDiasAtraso !== null) motivos.push({ chave: 'mediaAtraso', dias: record.mediaDiasAtraso });
    if (record.maiorAtraso > 0) motivos.push({ chave: 'maiorAtraso', dias: record.maiorAtraso });
  }
  if (record.promessasQuebradas > 0) motivos.push({ chave: 'promessasQuebradas', quantidade: record.promessasQuebradas });
  if (record.maiorCompra !== null) motivos.push({ chave: 'maiorCompra', valor: record.maiorCompra });
  return motivos;
}

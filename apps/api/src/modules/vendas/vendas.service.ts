import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  MAX_TOTAL_VENDA,
  calcularDescontos,
  fiadoBloqueado,
  maxEstoqueGuardado,
  maxQuantidadeItem,
  quantidadeComUnidade,
  valorDaLinha,
  type Unidade,
  offsetOf,
  verificarLimite,
  type AlertaVenda,
  type NovaVendaData,
  type VendaDetalhe,
  type VendaListItem,
  type VendasPage,
  type VendasQuery,
  type VendasResumo,
} from '@caderneta/shared';
import { normalizeForSearch, vendasQuerySchema } from '@caderneta/shared';
import type { Executor } from '../../db/client';
import { clientes, contestacaoAbertaSql, contestacoes, itensVenda, lancamentos, pessoas, produtos, vendas } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { checkJanelaOffline } from '../../lib/janela-offline';
import { escapeLike, queryRows, unaccentLower } from '../../lib/sql';
import { period, shopTimeZone, today, withinPeriod, type Zone } from '../../lib/shop-day';
import { resumoDasVendas } from './rollups.service';
import { lancar, realocar, travarCliente, type ClienteTravado } from '../financeiro/razao.service';
import { lowStockNotification, notifyAll, type NovaNotificacao } from '../notificacoes/notificacoes.service';
import { auditar, auditoriaJunto, type EntradaAuditoria } from '../auditoria/auditoria.service';
import { clientesQueContem } from '../clientes/clientes-busca';
import { pode, semPermissao, type PessoaAtuante } from '../../auth/seller';

export interface VendaOptions {
  /** The account of the person recording it (the sale's "Atendido por", the ledger entry's author). */
  criadoPor?: string | null;
  /** Their name, for the answer (the sale's detail read later joins it). */
  atendente?: string | null;
  /**
   * The person selling (issue 37): what they may do is checked against the sale — à vista or
   * fiado, past the customer's limit, a price changed, a discount and its cap. Left out by the
   * demo's history, which no person makes.
   */
  pessoa?: PessoaAtuante;
  /** When the sale happened; only the demo data sets it, to write history. */
  at?: Date;
  /** Raise the seller's notifications (new sale, low stock, debtor). The demo's history does not. */
  notificar?: boolean;
  /** The server's clock ("now"), which an offline sale's `feitaEm` must lie near (ADR 034). */
  agora?: Date;
  /** Why a sale is cancelled (always asked of a person; the audit trail keeps it). */
  motivo?: string;
}

/** An item of a sale as its detail shows it (the recorded sale's answer and getVenda). */
const colunasDoItem = {
  id: itensVenda.id,
  produtoId: itensVenda.produtoId,
  produtoNome: itensVenda.produtoNome,
  unidade: itensVenda.unidade,
  quantidade: itensVenda.quantidade,
  precoUnitario: itensVenda.precoUnitario,
  precoTabela: itensVenda.precoTabela,
  desconto: itensVenda.desconto,
  descontoPercentual: itensVenda.descontoPercentual,
  descontoRateado: itensVenda.descontoRateado,
  subtotal: itensVenda.subtotal,
};

/**
 * Adds up repeated products, so each product is locked, checked and decremented once. Loose lines
 * (no product) move no stock and are left out.
 */
function mergeItens(itens: ReadonlyArray<{ produtoId?: string | null; quantidade?: number }>): Map<string, number> {
  const merged = new Map<string, number>();
  for (const item of itens) {
    if (item.produtoId && item.quantidade !== undefined) merged.set(item.produtoId, (merged.get(item.produtoId) ?? 0) + item.quantidade);
  }
  return merged;
}

type ItemInput = NovaVendaData['itens'][number];

/** A loose line ("avulso"): a value and a description, no product, no stock, no cost. */
interface LinhaAvulsa {
  descricao: string;
  valor: number;
  desconto: ItemInput['desconto'];
  /** Where the seller put it in the cart (`itens.N`), for a message about it. */
  indice: number;
}

/** The sale's loose lines, in the order the seller added them; a blank description is none (''). */
const linhasAvulsas = (itens: NovaVendaData['itens']): LinhaAvulsa[] =>
  itens.flatMap((item, indice) =>
    item.valor !== undefined ? [{ descricao: item.descricao?.trim() ?? '', valor: item.valor, desconto: item.desconto, indice }] : [],
  );

/**
 * A product's lines as they will be written: items of one product at its catalogue price and with no
 * discount of their own add up into one line (as they always did); an item with its own price or
 * discount stays a line of its own, since its discount is of that line.
 */
interface GrupoDeProduto {
  produtoId: string;
  quantidade: number;
  precoUnitario?: number;
  desconto: ItemInput['desconto'];
  indice: number;
}

function gruposDeProduto(itens: NovaVendaData['itens']): GrupoDeProduto[] {
  const grupos: GrupoDeProduto[] = [];
  const simples = new Map<string, GrupoDeProduto>();
  for (const [indice, item] of itens.entries()) {
    if (!item.produtoId || item.quantidade === undefined) continue;
    const proprio = item.desconto !== undefined || item.precoUnitario !== undefined;
    const junto = proprio ? undefined : simples.get(item.produtoId);
    if (junto) {
      junto.quantidade += item.quantidade;
      continue;
    }
    const grupo = { produtoId: item.produtoId, quantidade: item.quantidade, precoUnitario: item.precoUnitario, desconto: item.desconto, indice };
    grupos.push(grupo);
    if (!proprio) simples.set(item.produtoId, grupo);
  }
  return grupos;
}

type ProdutoTravado = {
  id: string;
  nome: string;
  precoVenda: number;
  precoCusto: number;
  unidade: Unidade;
  estoqueAtual: number;
  estoqueMinimo: number;
  ativo: boolean;
};
interface Linha {
  produto: ProdutoTravado;
  quantidade: number;
  /** The price it sells at: the catalogue's, or the one typed at the counter. */
  preco: number;
  /** What its own discount takes off it. */
  desconto: number;
  /** The percentage its own discount was typed as; null when typed as a value or none. */
  percentual: number | null;
  /** Its share of the sale's discount. */
  rateado: number;
  /** What it sells for: its value at `preco` less both discounts. */
  subtotal: number;
  custo: number;
}

/**
 * Registers a sale in the caller's transaction (one transaction for everything: a failure
 * anywhere leaves no sale, no stock change and no ledger entry), in named steps:
 * lock the customer → lock and check stock → (a retried cart answers its first sale) → check the
 * limit → write the sale → move stock → post to the ledger → notify.
 *
 * Lock order, shared with cancellation: the customer's row first, then the products' rows in id
 * order — two sales over the same products wait for each other instead of deadlocking.
 * Prices and costs are read from the locked product rows, never taken from the browser.
 */
export async function createVenda(tx: Executor, ownerId: string, input: NovaVendaData, options: VendaOptions = {}): Promise<VendaDetalhe> {
  const notificar = options.notificar ?? true;
  const feitaEm = input.offline ? new Date(input.offline.feitaEm) : null;
  const cliente = input.clienteId ? await travarCliente(tx, ownerId, input.clienteId) : null;
  const quantidades = mergeItens(input.itens);
  const travados = await lockProdutos(tx, ownerId, [...quantidades.keys()]);

  // Checked under the locks, before anything the first sale changed (stock, balance): a concurrent
  // request with the same key (same cart, same products) waited for the first to commit and
  // answers its sale here.
  if (input.chave) {
    const anterior = await vendaDaChave(tx, ownerId, input.chave);
    if (anterior) return anterior;
  }
  if (feitaEm) checkJanelaOffline(feitaEm, options.agora ?? new Date(), JANELA_VENDA);
  // An offline sale already happened: what the seller could not check offline becomes an alert.
  const alertas: AlertaVenda[] = [];
  if (cliente && !cliente.ativo) {
    if (!feitaEm) throw new AppError('CLIENTE_INATIVO', 409, { message: 'Cliente desativado', details: { clienteId: cliente.id } });
    alertas.push({ tipo: 'clienteInativo' });
  }
  checkQuantidades(travados, input.itens);
  alertas.push(...checkStock(travados, quantidades, { offline: !!feitaEm }));
  const grupos = gruposDeProduto(input.itens);
  const avulsas = linhasAvulsas(input.itens);
  const { linhas, valores } = precificar(travados, grupos, avulsas, input.desconto);
  const valorTotal = valores.total;
  if (options.pessoa) checkPermissoes(options.pessoa, input, linhas, avulsas, valores);
  const fiado =
    input.formaPagamento === 'fiado'
      ? checkLimit(cliente, valorTotal, input.confirmarLimiteExcedido, { offline: !!feitaEm, acimaDoLimite: !options.pessoa || pode({ pessoa: options.pessoa }, 'vender_acima_limite') })
      : null;
  if (fiado) alertas.push(...fiado.alertas);

  // Its audit row is written by the sale's own INSERT (one round trip: auditoriaJunto).
  const auditada: EntradaAuditoria = {
    acao: 'venda.criada',
    em: options.at,
    registro: { tipo: 'venda' },
    clienteId: cliente?.id ?? null,
    // A price changed at the counter, beside the catalogue's.
    mudancas: linhas
      .filter((l) => l.preco !== l.produto.precoVenda)
      .map((l) => ({ campo: 'precoVenda', item: l.produto.nome, antes: l.produto.precoVenda, depois: l.preco })),
    detalhes: {
      valorTotal,
      formaPagamento: input.formaPagamento,
      cliente: cliente?.nome ?? null,
      itens: linhas.length + avulsas.length,
      desconto: valores.descontoTotal,
      descontoVenda: valores.descontoVenda,
      ...(feitaEm ? { feitaEm: feitaEm.toISOString(), alertas: [...new Set(alertas.map((a) => a.tipo))].join(',') } : {}),
      ...(fiado?.limiteExcedidoConfirmado ? { limiteExcedido: true } : {}),
    },
  };
  const venda = await writeSale(tx, ownerId, input, cliente, linhas, avulsas, valores, fiado?.limiteExcedidoConfirmado ?? false, { feitaEm, alertas }, options, auditada);
  if (!venda) {
    // Another request with this key committed between our check and our insert.
    const anterior = await vendaDaChave(tx, ownerId, input.chave!);
    if (anterior) return anterior;
    throw new Error('sale key conflict without a sale');
  }
  const estoque = await moveStock(tx, ownerId, quantidades);

  // Through the ledger's one door: it also says "Cliente em débito" when this sale puts the customer in debt.
  const movimento = fiado
    ? await lancar(
        tx,
        ownerId,
        fiado.cliente,
        { tipo: 'venda', valor: -valorTotal, vendaId: venda.id, criadoPor: options.criadoPor, at: options.at },
        { notificar },
      )
    : null;
  // A sale dated before the customer's later ones takes its place in the oldest-first allocation.
  if (fiado && feitaEm) await realocar(tx, ownerId, fiado.cliente);

  if (notificar) {
    const novas: NovaNotificacao[] = [];
    // Once per product, however many lines it has.
    for (const [id, quantidade] of quantidades) {
      const produto = travados.get(id)!;
      const depois = estoque.get(id) ?? produto.estoqueAtual - quantidade;
      const baixo = lowStockNotification(produto, { ...produto, estoqueAtual: depois });
      if (baixo) novas.push(baixo);
    }
    novas.push({
      tipo: 'venda',
      params: {
        vendaId: venda.id,
        numero: venda.numeroVenda,
        valor: valorTotal,
        forma: input.formaPagamento,
        ...(cliente ? { cliente: cliente.nome } : {}),
        ...(options.criadoPor && options.atendente ? { por: options.atendente } : {}),
        // An offline sale says so, and what it arrived past ("estoque,limite"; '' when nothing).
        ...(feitaEm ? { offline: 1, alertas: [...new Set(alertas.map((a) => a.tipo))].join(',') } : {}),
      },
    });
    await notifyAll(tx, ownerId, novas);
  }


  // A fiado sale may have been paid (in part) by credit the customer had, or by its place among the
  // customer's sales (offline): read back only then.
  if (movimento && (movimento.saldoAntes > 0 || feitaEm)) return getVenda(tx, ownerId, venda.id);
  return venda.detalhe;
}

/** Step 1: the products' rows, locked (FOR UPDATE) in id order. */
async function lockProdutos(tx: Executor, ownerId: string, produtoIds: string[]): Promise<Map<string, ProdutoTravado>> {
  const ids = [...produtoIds].sort();
  // A sale of loose lines only locks no product.
  if (!ids.length) return new Map();
  const locked = await tx
    .select({
      id: produtos.id,
      nome: produtos.nome,
      precoVenda: produtos.precoVenda,
      precoCusto: produtos.precoCusto,
      unidade: produtos.unidade,
      estoqueAtual: produtos.estoqueAtual,
      estoqueMinimo: produtos.estoqueMinimo,
      ativo: produtos.ativo,
    })
    .from(produtos)
    .where(and(eq(produtos.ownerId, ownerId), inArray(produtos.id, ids)))
    .orderBy(asc(produtos.id))
    .for('update');
  return new Map(locked.map((p) => [p.id, p]));
}

/**
 * Each line's quantity within its product's unit: the schema only knows the largest of any unit
 * (1.000 kg in grams), so 20,000 of a product sold by the unit is refused here, on that line; and a
 * line counted in another unit than the product's now (it changed while in the cart) is refused.
 */
function checkQuantidades(byId: Map<string, ProdutoTravado>, itens: NovaVendaData['itens']) {
  const issues = itens.flatMap((item, i) => {
    const produto = item.produtoId ? byId.get(item.produtoId) : undefined;
    if (!produto || item.quantidade === undefined) return [];
    if (item.unidade && item.unidade !== produto.unidade) return [{ path: `itens.${i}.unidade`, message: 'unidadeMudou' }];
    return item.quantidade > maxQuantidadeItem(produto.unidade) ? [{ path: `itens.${i}.quantidade`, message: 'tooLarge' }] : [];
  });
  if (issues.length) throw new AppError('VALIDATION', 400, { message: 'Quantidade acima do máximo para a unidade do produto', issues });
}

/** The sentences of an offline sale outside the window (the web words the keys). */
const JANELA_VENDA = { feitaEmNoFuturo: 'A data da venda está no futuro', feitaEmAntiga: 'A venda é antiga demais para ser registrada' };

/**
 * Step 2: each product active and with enough stock for all its lines together. An offline sale
 * already happened: a product deactivated since still sells, and a shortfall is an alert (the
 * stock is then taken down to 0, never below: moveStock) instead of a refusal.
 */
function checkStock(byId: Map<string, ProdutoTravado>, quantidades: Map<string, number>, { offline }: { offline: boolean }): AlertaVenda[] {
  const alertas: AlertaVenda[] = [];
  for (const id of quantidades.keys()) {
    const produto = byId.get(id);
    const quantidade = quantidades.get(id) ?? 0;
    if (!produto) throw new AppError('NOT_FOUND', 404, { message: 'Produto não encontrado', details: { produtoId: id } });
    if (offline) {
      if (quantidade > produto.estoqueAtual) {
        alertas.push({ tipo: 'estoque', produtoId: id, produtoNome: produto.nome, unidade: produto.unidade, faltou: quantidade - produto.estoqueAtual });
      }
      continue;
    }
    if (!produto.ativo) {
      throw new AppError('PRODUTO_INATIVO', 409, { message: `Produto ${produto.nome} está desativado`, details: { produtoId: id, produtoNome: produto.nome } });
    }
    if (quantidade > produto.estoqueAtual) {
      const disponivel = quantidadeComUnidade(produto.estoqueAtual, produto.unidade, 'pt-BR');
      throw new AppError('ESTOQUE_INSUFICIENTE', 409, { message: `Estoque insuficiente — Disponível: ${disponivel}`, details: {
        produtoId: id,
        produtoNome: produto.nome,
        unidade: produto.unidade,
        disponivel: produto.estoqueAtual,
      } });
    }
  }
  return alertas;
}

/** The sale's money once its discounts are worked out; `linhas` and `avulsas` carry their shares. */
interface Valores {
  total: number;
  descontoVenda: number;
  descontoTotal: number;
  /** Per loose line (same order as `avulsas`): its own discount, its share of the sale's, what it sold for. */
  avulsas: Array<{ desconto: number; rateado: number; valor: number }>;
}

/**
 * Step 2b: each line's value at its price (the catalogue's or the one typed at the counter), then the
 * discounts (descontos.ts): a line's own first, then the sale's, shared out over the lines. The
 * browser sends no prices of the catalogue, so only here is the total known (docs/decisions/007);
 * what the lines are worth before any discount is held to the sale's maximum, so no discount can let
 * a larger sale in and every stored sum stays bounded.
 */
function precificar(
  byId: Map<string, ProdutoTravado>,
  grupos: GrupoDeProduto[],
  avulsas: LinhaAvulsa[],
  descontoDaVenda: NovaVendaData['desconto'],
): { linhas: Linha[]; valores: Valores } {
  const produtosDasLinhas = grupos.map((g) => {
    const produto = byId.get(g.produtoId)!;
    return { produto, preco: g.precoUnitario ?? produto.precoVenda };
  });
  const entradas = [
    ...grupos.map((g, i) => ({ bruto: valorDaLinha(g.quantidade, produtosDasLinhas[i]!.preco, produtosDasLinhas[i]!.produto.unidade), desconto: g.desconto, indice: g.indice })),
    ...avulsas.map((a) => ({ bruto: a.valor, desconto: a.desconto, indice: a.indice })),
  ];
  const bruto = entradas.reduce((sum, e) => sum + e.bruto, 0);
  if (bruto > MAX_TOTAL_VENDA) {
    throw new AppError('TOTAL_VENDA_EXCEDIDO', 422, { message: 'O total da venda passa do máximo permitido', details: { maximo: MAX_TOTAL_VENDA } });
  }
  const conta = calcularDescontos(entradas, descontoDaVenda);
  if (!conta.ok) {
    const { erro } = conta;
    const issue =
      'linha' in erro
        ? { path: `itens.${entradas[erro.linha]!.indice}.desconto`, message: 'descontoAcimaDoValor' }
        : { path: 'desconto', message: 'venda' in erro ? 'descontoAcimaDoValor' : 'vendaSemValor' };
    const message = issue.message === 'vendaSemValor' ? 'Os descontos deixariam a venda sem valor' : 'O desconto passa do valor';
    throw new AppError('VALIDATION', 400, { message, issues: [issue] });
  }
  // The product lines come first in `entradas`, the loose ones after them.
  const linhas: Linha[] = grupos.map((g, i) => {
    const { produto, preco } = produtosDasLinhas[i]!;
    const { desconto, rateado, valor } = conta.linhas[i]!;
    return {
      produto,
      quantidade: g.quantidade,
      preco,
      desconto,
      percentual: percentualDe(g.desconto),
      rateado,
      subtotal: valor,
      custo: valorDaLinha(g.quantidade, produto.precoCusto, produto.unidade),
    };
  });
  return {
    linhas,
    valores: {
      total: conta.total,
      descontoVenda: conta.descontoVenda,
      descontoTotal: conta.descontoTotal,
      avulsas: conta.linhas.slice(grupos.length).map(({ desconto, rateado, valor }) => ({ desconto, rateado, valor })),
    },
  };
}

/** A discount's percentage as stored beside its value: null when it was typed as a value. */
const percentualDe = (desconto: { tipo: string; valor: number } | undefined): number | null =>
  desconto?.tipo === 'percentual' ? desconto.valor : null;

/**
 * Step 2c: what the person selling may do (issue 37). The way of paying; a price other than the
 * catalogue's; any discount, and on each line no more than their cap, counting the line's own
 * discount and its share of the sale's against what the line is worth at its price.
 */
function checkPermissoes(pessoa: PessoaAtuante, input: NovaVendaData, linhas: Linha[], avulsas: LinhaAvulsa[], valores: Valores) {
  const quem = { pessoa };
  const forma = input.formaPagamento === 'fiado' ? 'vender_fiado' : 'vender_avista';
  if (!pode(quem, forma)) throw semPermissao(forma);
  if (linhas.some((l) => l.preco !== l.produto.precoVenda) && !pode(quem, 'alterar_preco')) throw semPermissao('alterar_preco');
  if (valores.descontoTotal === 0) return;
  if (!pode(quem, 'dar_desconto')) throw semPermissao('dar_desconto');
  const acimaDoTeto = (desconto: number, valor: number) => desconto * 100 > pessoa.descontoMaximo * (valor + desconto);
  const linha = linhas.find((l) => acimaDoTeto(l.desconto + l.rateado, l.subtotal));
  const avulsa = avulsas.find((_, i) => acimaDoTeto(valores.avulsas[i]!.desconto + valores.avulsas[i]!.rateado, valores.avulsas[i]!.valor));
  if (!linha && !avulsa) return;
  throw new AppError('DESCONTO_ACIMA_DO_PERMITIDO', 403, {
    message: `O desconto passa do máximo que você pode dar (${pessoa.descontoMaximo}%)`,
    details: { produtoId: linha?.produto.id ?? null, produtoNome: linha?.produto.nome ?? (avulsa!.descricao || 'Avulso'), maximo: pessoa.descontoMaximo },
  });
}

/**
 * Step 3 (fiado only): the customer and the credit limit. A limit of 0 refuses fiado outright; a
 * sale past the limit needs the seller's confirmation, which is recorded, and a person allowed to
 * sell past it (`acimaDoLimite`).
 */
function checkLimit(
  cliente: ClienteTravado | null,
  valorTotal: number,
  confirmado: boolean,
  { offline, acimaDoLimite }: { offline: boolean; acimaDoLimite: boolean },
) {
  // The shared schema refuses fiado without a customer; this narrows the type once.
  if (!cliente) throw new AppError('VALIDATION', 400, { message: 'Cliente obrigatório', issues: [{ path: 'clienteId', message: 'clienteObrigatorio' }] });
  const situacao = { limite: cliente.limiteCredito, saldoAtual: cliente.saldoAtual, valorVenda: valorTotal };
  if (offline) {
    // Recorded as it happened; what the seller would have been stopped for is said, not refused.
    const alertas: AlertaVenda[] = fiadoBloqueado(situacao) ? [{ tipo: 'bloqueado' }] : verificarLimite(situacao).excedido ? [{ tipo: 'limite' }] : [];
    return { cliente, limiteExcedidoConfirmado: confirmado && alertas.length > 0, alertas };
  }
  // No confirmation can override a limit of 0.
  if (fiadoBloqueado(situacao)) {
    throw new AppError('FIADO_NAO_PERMITIDO', 409, { message: 'Este cliente não compra fiado (limite de crédito R$ 0,00)', details: {
      clienteId: cliente.id,
      cliente: cliente.nome,
    } });
  }
  const limite = verificarLimite(situacao);
  if (limite.excedido && !acimaDoLimite) throw semPermissao('vender_acima_limite');
  if (limite.excedido && !confirmado) {
    throw new AppError('LIMITE_EXCEDIDO', 409, { message: 'A venda ultrapassa o limite de crédito do cliente', details: {
      limite: cliente.limiteCredito,
      disponivel: limite.disponivel,
      saldoPendente: limite.saldoPendente,
    } });
  }
  return { cliente, limiteExcedidoConfirmado: limite.excedido, alertas: [] as AlertaVenda[] };
}

/**
 * Step 4: the sale and its items. Returns null when the cart's key was taken meanwhile. The answer
 * is built from what was written (no read-back).
 */
async function writeSale(
  tx: Executor,
  ownerId: string,
  input: NovaVendaData,
  cliente: ClienteTravado | null,
  linhas: Linha[],
  avulsas: LinhaAvulsa[],
  valores: Valores,
  limiteExcedidoConfirmado: boolean,
  offline: { feitaEm: Date | null; alertas: AlertaVenda[] },
  options: VendaOptions,
  auditada: EntradaAuditoria,
): Promise<{ id: string; numeroVenda: string; detalhe: VendaDetalhe } | null> {
  const at = options.at ?? null;
  const { feitaEm, alertas } = offline;
  const valorTotal = valores.total;
  const descontoPercentual = percentualDe(input.desconto);
  const vista = input.formaPagamento === 'vista';
  const row = await insertVenda(
    tx,
    {
      ownerId,
      clienteId: cliente?.id ?? null,
      // Under the locks, so sales of one customer are ordered as they really happened; an offline
      // sale at the moment it was made at the counter (its day in the reports), never after now: a
      // device clock a few minutes fast must not date it after the sales recorded once it arrived.
      dataVenda: feitaEm ? sql`least(${feitaEm.toISOString()}::timestamptz, ${at ? sql`${at.toISOString()}::timestamptz` : sql`clock_timestamp()`})` : (at ?? sql`clock_timestamp()`),
      valorTotal,
      valorPago: vista ? valorTotal : 0,
      custoTotal: linhas.reduce((sum, l) => sum + l.custo, 0),
      desconto: valores.descontoVenda,
      descontoPercentual,
      descontoTotal: valores.descontoTotal,
      formaPagamento: input.formaPagamento,
      statusPagamento: vista ? 'pago' : 'pendente',
      observacoes: input.observacoes ?? null,
      limiteExcedidoConfirmado,
      chave: input.chave ?? null,
      feitaOffline: !!feitaEm,
      alertas,
      criadoPor: options.criadoPor ?? null,
      ...(at ? { createdAt: at } : {}),
    },
    feitaEm ?? at ?? new Date(),
    auditada,
  );
  if (!row) return null;
  const itens = await tx
    .insert(itensVenda)
    .values([
      ...linhas.map((l) => ({
        ownerId,
        vendaId: row.id,
        produtoId: l.produto.id,
        produtoNome: l.produto.nome,
        unidade: l.produto.unidade,
        quantidade: l.quantidade,
        precoUnitario: l.preco,
        precoTabela: l.preco === l.produto.precoVenda ? null : l.produto.precoVenda,
        custoUnitario: l.produto.precoCusto,
        desconto: l.desconto,
        descontoPercentual: l.percentual,
        descontoRateado: l.rateado,
        subtotal: l.subtotal,
        custo: l.custo,
      })),
      ...avulsas.map((l, i) => ({
        ownerId,
        vendaId: row.id,
        produtoId: null,
        produtoNome: l.descricao,
        quantidade: 1,
        precoUnitario: l.valor,
        custoUnitario: 0,
        desconto: valores.avulsas[i]!.desconto,
        descontoPercentual: percentualDe(l.desconto),
        descontoRateado: valores.avulsas[i]!.rateado,
        subtotal: valores.avulsas[i]!.valor,
        custo: 0,
      })),
    ])
    .returning(colunasDoItem);
  // getVenda's order (produto_nome under the database's C collation: code points).
  itens.sort((a, b) => (a.produtoNome < b.produtoNome ? -1 : a.produtoNome > b.produtoNome ? 1 : 0));
  const detalhe: VendaDetalhe = {
    id: row.id,
    numeroVenda: row.numeroVenda,
    dataVenda: row.dataVenda.toISOString(),
    valorTotal,
    valorPago: vista ? valorTotal : 0,
    formaPagamento: input.formaPagamento,
    statusPagamento: vista ? 'pago' : 'pendente',
    observacoes: input.observacoes ?? null,
    clienteId: cliente?.id ?? null,
    clienteNome: cliente?.nome ?? null,
    limiteExcedidoConfirmado,
    canceladaEm: null,
    descontoTotal: valores.descontoTotal,
    desconto: valores.descontoVenda,
    descontoPercentual,
    feitaOffline: !!feitaEm,
    alertas,
    atendente: options.criadoPor ? (options.atendente ?? null) : null,
    itens,
  };
  return { id: row.id, numeroVenda: row.numeroVenda, detalhe };
}

/**
 * Step 5: stock down by what was sold, in one statement. Checked above under the row locks; the
 * CHECK (estoque_atual >= 0) is the last line of defence. An offline sale that took more than there
 * was takes the stock to 0 (its shortfall is in its alerts). Returns each product's new stock.
 */
async function moveStock(tx: Executor, ownerId: string, quantidades: Map<string, number>): Promise<Map<string, number>> {
  if (!quantidades.size) return new Map();
  const atualizados = await queryRows<{ id: string; estoque_atual: number }>(
    tx,
    sql`
      update ${produtos} p set estoque_atual = greatest(p.estoque_atual - v.quantidade, 0), updated_at = now()
      from (values ${sql.join(
        [...quantidades].map(([id, quantidade]) => sql`(${id}::uuid, ${quantidade}::int)`),
        sql`, `,
      )}) as v(id, quantidade)
      where p.owner_id = ${ownerId} and p.id = v.id
      returning p.id, p.estoque_atual
    `,
  );
  return new Map(atualizados.map((r) => [r.id, Number(r.estoque_atual)]));
}

/** The sale recorded with this cart key, if any. */
async function vendaDaChave(tx: Executor, ownerId: string, chave: string): Promise<VendaDetalhe | null> {
  const [row] = await tx
    .select({ id: vendas.id })
    .from(vendas)
    .where(and(eq(vendas.ownerId, ownerId), eq(vendas.chave, chave)));
  return row ? getVenda(tx, ownerId, row.id) : null;
}

/**
 * numero_venda is "V" + the time in milliseconds (spec §9), unique per seller. Two sales in the
 * same millisecond: the second takes the next number. ON CONFLICT DO NOTHING tries a number
 * without aborting the transaction (no savepoint needed) and waits for a concurrent insert of the
 * same number to commit or roll back before deciding.
 */
type VendaValues = Omit<typeof vendas.$inferInsert, 'dataVenda' | 'numeroVenda'> & { dataVenda: Date | SQL };

/** Writes the sale with the first free number from `when`'s milliseconds, and its audit row in the same statement. */
async function insertVenda(tx: Executor, values: VendaValues, when: Date, auditada: EntradaAuditoria) {
  let millis = when.getTime();
  for (let attempt = 0; attempt < 1000; attempt++, millis++) {
    // No conflict target: a taken number or a taken cart key both leave the insert undone (and its audit row unwritten).
    const inserida = tx.$with('inserida').as(
      tx
        .insert(vendas)
        .values({ ...values, numeroVenda: `V${millis}` })
        .onConflictDoNothing()
        .returning({ id: vendas.id, numeroVenda: vendas.numeroVenda, dataVenda: vendas.dataVenda }),
    );
    const registro = auditoriaJunto(tx, values.ownerId, auditada, { de: sql`inserida`, id: sql`inserida.id`, nome: sql`inserida.numero_venda` });
    const [row] = await tx.with(inserida, registro).select().from(inserida);
    if (row) return row;
    if (values.chave && (await keyTaken(tx, values.ownerId, values.chave))) return null;
  }
  throw new Error('no free sale number');
}

async function keyTaken(tx: Executor, ownerId: string, chave: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: vendas.id })
    .from(vendas)
    .where(and(eq(vendas.ownerId, ownerId), eq(vendas.chave, chave)));
  return !!row;
}

/**
 * "Cancelar venda": restores the stock, reverses the ledger effect of a fiado sale with an
 * `estorno` entry (+valor_total), and keeps the sale visible as `cancelado`. What had been paid
 * on it (valor_pago) goes back to the customer's free credit, which pays their other pending sales
 * oldest first or stays as credit — exactly as if the sale had never existed.
 */
export async function cancelVenda(tx: Executor, ownerId: string, vendaId: string, options: VendaOptions = {}): Promise<VendaDetalhe> {
  const [found] = await tx
    .select({ clienteId: vendas.clienteId })
    .from(vendas)
    .where(and(eq(vendas.ownerId, ownerId), eq(vendas.id, vendaId)));
  if (!found) throw notFound('Venda');
  // Same lock order as a new sale and a payment: customer, then the sale and its products.
  const cliente = found.clienteId ? await travarCliente(tx, ownerId, found.clienteId) : null;
  const [venda] = await tx
    .select()
    .from(vendas)
    .where(and(eq(vendas.ownerId, ownerId), eq(vendas.id, vendaId)))
    .for('update');
  if (!venda) throw notFound('Venda');
  if (venda.statusPagamento === 'cancelado') throw new AppError('VENDA_JA_CANCELADA', 409, { message: 'Esta venda já foi cancelada' });

  const itens = await tx
    .select({ produtoId: itensVenda.produtoId, quantidade: itensVenda.quantidade })
    .from(itensVenda)
    .where(and(eq(itensVenda.ownerId, ownerId), eq(itensVenda.vendaId, vendaId)));
  const porProduto = mergeItens(itens);
  // An offline sale that arrived short took the stock only down to 0: the shortfall never left it.
  for (const alerta of venda.alertas) {
    if (alerta.tipo === 'estoque' && porProduto.has(alerta.produtoId)) porProduto.set(alerta.produtoId, porProduto.get(alerta.produtoId)! - alerta.faltou);
  }
  for (const [id, quantidade] of porProduto) if (quantidade <= 0) porProduto.delete(id);
  const ids = [...porProduto.keys()].sort();
  if (ids.length) {
    const bloqueados = await tx
      .select({ id: produtos.id, nome: produtos.nome, unidade: produtos.unidade, estoqueAtual: produtos.estoqueAtual })
      .from(produtos)
      .where(and(eq(produtos.ownerId, ownerId), inArray(produtos.id, ids)))
      .orderBy(asc(produtos.id))
      .for('update');
    // The stock goes back, within the largest a shop can hold (ADR 007): after the stock was typed
    // back up to the maximum, a cancellation may not take it past that.
    const cheio = bloqueados.find((p) => p.estoqueAtual + porProduto.get(p.id)! > maxEstoqueGuardado(p.unidade));
    if (cheio) {
      throw new AppError('ESTOQUE_ACIMA_DO_MAXIMO', 409, {
        message: `Não é possível cancelar esta venda: o estoque de ${cheio.nome} passaria do máximo permitido.`,
        details: { produtoId: cheio.id, produtoNome: cheio.nome, unidade: cheio.unidade, maximo: maxEstoqueGuardado(cheio.unidade) },
      });
    }
    await tx.execute(sql`
      update ${produtos} p set estoque_atual = p.estoque_atual + v.quantidade, updated_at = now()
      from (values ${sql.join(
        ids.map((id) => sql`(${id}::uuid, ${porProduto.get(id)!}::int)`),
        sql`, `,
      )}) as v(id, quantidade)
      where p.owner_id = ${ownerId} and p.id = v.id
    `);
  }

  await tx
    .update(vendas)
    .set({ statusPagamento: 'cancelado', valorPago: 0, canceladaEm: options.at ?? sql`now()` })
    .where(and(eq(vendas.ownerId, ownerId), eq(vendas.id, vendaId)));

  if (venda.formaPagamento === 'fiado' && cliente) {
    await lancar(tx, ownerId, cliente, { tipo: 'estorno', valor: venda.valorTotal, vendaId, descricao: null, criadoPor: options.criadoPor, at: options.at });
    // A dispute of this purchase the customer raised on their page (ADR 042) is answered by the
    // cancellation, its reason as the answer: the customer reads it, and the collection resumes.
    await tx.execute(sql`
      update ${contestacoes} c
      set resolucao = 'cancelada', resposta = ${options.motivo ?? 'Compra cancelada pela loja.'},
          resolvida_em = coalesce(${options.at?.toISOString() ?? null}::timestamptz, now()), resolvida_por = ${options.criadoPor ?? null}
      from ${lancamentos} l
      where l.owner_id = ${ownerId} and l.venda_id = ${vendaId} and l.tipo = 'venda'
        and c.owner_id = l.owner_id and c.lancamento_id = l.id and ${contestacaoAbertaSql('c')}`);
  }
  await auditar(tx, ownerId, {
    acao: 'venda.cancelada',
    em: options.at,
    registro: { tipo: 'venda', id: vendaId, nome: venda.numeroVenda },
    clienteId: cliente?.id ?? null,
    mudancas: [{ campo: 'statusPagamento', antes: venda.statusPagamento, depois: 'cancelado' }],
    detalhes: { valorTotal: venda.valorTotal, formaPagamento: venda.formaPagamento, cliente: cliente?.nome ?? null },
    motivo: options.motivo ?? null,
  });
  return getVenda(tx, ownerId, vendaId);
}

const listColumns = {
  id: vendas.id,
  numeroVenda: vendas.numeroVenda,
  dataVenda: vendas.dataVenda,
  valorTotal: vendas.valorTotal,
  valorPago: vendas.valorPago,
  formaPagamento: vendas.formaPagamento,
  statusPagamento: vendas.statusPagamento,
  observacoes: vendas.observacoes,
  clienteId: vendas.clienteId,
  clienteNome: clientes.nome,
  limiteExcedidoConfirmado: vendas.limiteExcedidoConfirmado,
  canceladaEm: vendas.canceladaEm,
  descontoTotal: vendas.descontoTotal,
  feitaOffline: vendas.feitaOffline,
  alertas: vendas.alertas,
  atendente: pessoas.nome,
};

/** The person who made the sale, by their account (unique), within the shop. */
const joinAtendente = and(eq(pessoas.ownerId, vendas.ownerId), eq(pessoas.userId, vendas.criadoPor));

type ListRow = { dataVenda: Date; canceladaEm: Date | null } & Omit<VendaListItem, 'dataVenda' | 'canceladaEm'>;
const toListItem = (row: ListRow): VendaListItem => ({
  ...row,
  dataVenda: row.dataVenda.toISOString(),
  canceladaEm: row.canceladaEm?.toISOString() ?? null,
});

export async function getVenda(tx: Executor, ownerId: string, vendaId: string): Promise<VendaDetalhe> {
  const [row] = await tx
    .select({ ...listColumns, desconto: vendas.desconto, descontoPercentual: vendas.descontoPercentual })
    .from(vendas)
    .leftJoin(clientes, and(eq(clientes.ownerId, vendas.ownerId), eq(clientes.id, vendas.clienteId)))
    .leftJoin(pessoas, joinAtendente)
    .where(and(eq(vendas.ownerId, ownerId), eq(vendas.id, vendaId)));
  if (!row) throw notFound('Venda');
  const itens = await tx
    .select(colunasDoItem)
    .from(itensVenda)
    .where(and(eq(itensVenda.ownerId, ownerId), eq(itensVenda.vendaId, vendaId)))
    .orderBy(asc(itensVenda.produtoNome));
  const { desconto, descontoPercentual, ...lista } = row;
  return { ...toListItem(lista), desconto, descontoPercentual, itens };
}

/** The keyset position of a sale in the list (newest first): its date to the microsecond, and id. */
const cursorColumn = sql<string>`((extract(epoch from ${vendas.dataVenda}) * 1000000)::bigint)::text || '.' || ${vendas.id}::text`;

function encodeCursor(value: string): string {
  return Buffer.from(value, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { micros: string; id: string } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(-?\d{1,16})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(text);
  if (!match) throw new AppError('VALIDATION', 400, { message: 'Cursor inválido', issues: [{ path: 'cursor', message: 'invalid' }] });
  return { micros: match[1]!, id: match[2]! };
}

/**
 * At most this many matching sales are looked up by id. A term in more of them (every sale number
 * starts "V17…"; a letter in most customers' names) is compared on the seller's sales instead:
 * their first matches going back in time fill a page at once, and only the count reads further.
 */
export const MAX_ACHADAS_POR_ID = 10_000;

/**
 * Text search over the sale number, the observation and the customer's name (ADR 018): the sales
 * `busca_vendas` finds by number or observation (trigram indexes; ids only), and the sales of the
 * customers `busca_clientes` finds (the customer's sales index). The list, its count and its cards
 * then read those sales by id, under RLS, never the seller's others.
 */
async function buscaCondition(tx: Executor, busca: string): Promise<SQL> {
  const pattern = `%${escapeLike(normalizeForSearch(busca))}%`;
  const clientesAchados = clientesQueContem(busca, { porTelefone: false });
  const achadas = (limite: number) => sql`select busca_vendas(${pattern}, ${limite}::int)
    union (select v.id from ${vendas} v where v.cliente_id = any(${clientesAchados}) limit ${limite}::int)`;
  const [contadas] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from (${achadas(MAX_ACHADAS_POR_ID + 1)}) a`);
  // One candidate set, by primary key: with an OR of two index conditions the planner may walk the
  // seller's sales backwards in time looking for a page of matches that are not there.
  if (Number(contadas?.n ?? 0) <= MAX_ACHADAS_POR_ID) return sql`${vendas.id} = any(array(${achadas(MAX_ACHADAS_POR_ID)}))`;
  // More than that: the seller's sales themselves (the customers' ids in a hashed subplan).
  return sql`(lower(${vendas.numeroVenda}) like ${pattern}
    or (${vendas.observacoes} is not null and ${unaccentLower(vendas.observacoes)} like ${pattern})
    or ${vendas.clienteId} in (select busca_clientes(${pattern}, null::text)))`;
}

/**
 * The sales list: filters by text (sale number, customer name, observation), status, payment form
 * and period (calendar days in the shop's time zone), newest first, with the summary cards for the
 * same filters. Pages by keyset (`cursor`: right after the last sale shown, so sales recorded
 * meanwhile neither repeat nor skip rows) or, for a page opened directly, by offset.
 * The count and cards come from the rollups (bounded by the period) unless a text search or a
 * customer narrows the list; then they add up the matching rows, found through indexes.
 */
export async function listVendas(tx: Executor, ownerId: string, rawQuery: VendasQuery, agora: Date = new Date()): Promise<VendasPage> {
  const query = vendasQuerySchema.parse(rawQuery);
  const timeZone = await shopTimeZone(tx, ownerId);
  const conditions: SQL[] = [eq(vendas.ownerId, ownerId)];
  if (query.status) conditions.push(eq(vendas.statusPagamento, query.status));
  if (query.forma) conditions.push(eq(vendas.formaPagamento, query.forma));
  if (query.clienteId) conditions.push(eq(vendas.clienteId, query.clienteId));
  if (query.atendente) conditions.push(eq(vendas.criadoPor, query.atendente));
  conditions.push(...withinPeriod(sql`${vendas.dataVenda}`, period(query.de, query.ate, timeZone)));
  if (query.busca) conditions.push(await buscaCondition(tx, query.busca));
  const where = and(...conditions);
  const joinCliente = and(eq(clientes.ownerId, vendas.ownerId), eq(clientes.id, vendas.clienteId));

  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  const pageWhere = cursor
    ? and(where, sql`(${vendas.dataVenda}, ${vendas.id}) < (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`)
    : where;
  // One row more than the page tells whether there is a next page.
  const rows = await tx
    .select({ ...listColumns, cursor: cursorColumn })
    .from(vendas)
    .leftJoin(clientes, joinCliente)
    .leftJoin(pessoas, joinAtendente)
    .where(pageWhere)
    .orderBy(desc(vendas.dataVenda), desc(vendas.id))
    .limit(query.pageSize + 1)
    .offset(cursor ? 0 : offsetOf(query));
  const more = rows.length > query.pageSize;
  const page = rows.slice(0, query.pageSize);

  const { total, resumo } =
    query.busca || query.clienteId || query.atendente
      ? await resumoDasLinhas(tx, where!, timeZone, agora)
      : await resumoDasVendas(tx, ownerId, { status: query.status, forma: query.forma, de: query.de, ate: query.ate }, timeZone, agora);

  return {
    items: page.map(({ cursor: _cursor, ...row }) => toListItem(row)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    nextCursor: more ? encodeCursor(page[page.length - 1]!.cursor) : null,
    resumo,
  };
}

/** Count and cards over the matching rows themselves (a search or one customer's sales). */
async function resumoDasLinhas(tx: Executor, where: SQL, timeZone: Zone, agora: Date): Promise<{ total: number; resumo: VendasResumo }> {
  const hoje = today(timeZone, agora);
  const [row] = await tx
    .select({
      matching: sql<number>`count(*)::int`.mapWith(Number),
      totalVendas: sql<number>`count(*) filter (where ${vendas.statusPagamento} <> 'cancelado')::int`.mapWith(Number),
      valorTotal: sql<number>`coalesce(sum(${vendas.valorTotal}) filter (where ${vendas.statusPagamento} <> 'cancelado'), 0)::bigint`.mapWith(Number),
      vendasHoje: sql<number>`count(*) filter (where ${vendas.statusPagamento} <> 'cancelado'
          and ${vendas.dataVenda} >= ${hoje.inicio} and ${vendas.dataVenda} < ${hoje.fim})::int`.mapWith(Number),
      pendentes: sql<number>`coalesce(sum(${vendas.valorTotal} - ${vendas.valorPago}) filter (where ${vendas.statusPagamento} = 'pendente'), 0)::bigint`.mapWith(Number),
      canceladas: sql<number>`count(*) filter (where ${vendas.statusPagamento} = 'cancelado')::int`.mapWith(Number),
    })
    .from(vendas)
    .where(where);
  return {
    total: row?.matching ?? 0,
    resumo: {
      totalVendas: row?.totalVendas ?? 0,
      valorTotal: row?.valorTotal ?? 0,
      vendasHoje: row?.vendasHoje ?? 0,
      pendentes: row?.pendentes ?? 0,
      canceladas: row?.canceladas ?? 0,
    },
  };
}

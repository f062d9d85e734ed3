import type { Cliente, FormaPagamento } from '@caderneta/shared';
import { type Desconto, MAX_DESCONTO_PERCENTUAL, TIPOS_DESCONTO } from '@caderneta/shared/descontos';
import { MAX_PRECO } from '@caderneta/shared/schemas/campos';
import { UNIDADE_PADRAO, UNIDADES, type Unidade } from '@caderneta/shared/unidades';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { MAX_DESCRICAO_AVULSO } from '@caderneta/shared/schemas/vendas';
import { MAX_TOTAL_VENDA } from '@caderneta/shared/vendas';
import type { ItemAvulso, ItemCarrinho, ItemProduto } from './carrinho';
import { rascunhoKey } from './rascunho-chave';

/**
 * The sale being built on /vendas/nova, kept in sessionStorage per seller so a reload (or a
 * phone that drops the tab) does not lose the cart. Session storage dies with the tab, and
 * signing out clears it.
 */
export interface RascunhoVenda {
  forma: FormaPagamento;
  cliente: Cliente | null;
  itens: ItemCarrinho[];
  observacoes: string;
  /** The discount on the whole sale, as typed; null when none. */
  desconto: Desconto | null;
  /**
   * The cart's idempotency key, sent with the sale: a retry (lost answer, double tap, reload)
   * answers the sale already recorded. Kept with the draft; a new cart gets a new one.
   */
  chave: string;
}

/** An empty cart with a key of its own. */
export const rascunhoVazio = (): RascunhoVenda => ({ forma: 'vista', cliente: null, itens: [], observacoes: '', desconto: null, chave: newIdempotencyKey() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export { rascunhoKey } from './rascunho-chave';

const isUnidade = (value: unknown): value is Unidade => (UNIDADES as readonly unknown[]).includes(value);
const inteiro = (n: unknown): n is number => Number.isInteger(n);

/** A stored discount, or undefined when there is none or it is not one (a value, or a whole percentage 1–100). */
function lerDesconto(value: unknown): Desconto | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const { tipo, valor } = value as Partial<Record<keyof Desconto, unknown>>;
  if (!(TIPOS_DESCONTO as readonly unknown[]).includes(tipo) || !inteiro(valor) || valor < 1) return undefined;
  if (valor > (tipo === 'percentual' ? MAX_DESCONTO_PERCENTUAL : MAX_TOTAL_VENDA)) return undefined;
  return { tipo: tipo as Desconto['tipo'], valor };
}

/**
 * A stored item as the cart holds it, or null when it is not one. A draft written before products
 * had a unit has none: its items were counted in units ("un"). A loose line has its value and key.
 */
function lerItem(value: unknown): ItemCarrinho | null {
  if (!value || typeof value !== 'object') return null;
  const desconto = lerDesconto((value as { desconto?: unknown }).desconto);
  if ('avulso' in value && value.avulso === true) {
    const { chave, descricao, valor } = value as Partial<Record<keyof ItemAvulso, unknown>>;
    if (typeof chave !== 'string' || !chave || !inteiro(valor) || valor <= 0 || valor > MAX_TOTAL_VENDA) return null;
    if (descricao !== null && (typeof descricao !== 'string' || descricao.length > MAX_DESCRICAO_AVULSO)) return null;
    return { avulso: true, chave, descricao: descricao || null, valor, ...(desconto && { desconto }) };
  }
  const { produtoId, nome, unidade = UNIDADE_PADRAO, precoVenda, estoque, quantidade, precoUnitario } = value as Partial<Record<keyof ItemProduto, unknown>>;
  if (typeof produtoId !== 'string' || typeof nome !== 'string' || !isUnidade(unidade)) return null;
  if (!inteiro(precoVenda) || !inteiro(estoque) || !inteiro(quantidade) || quantidade <= 0) return null;
  // A changed price that is not one is dropped: the line goes back to the catalogue's.
  const preco = inteiro(precoUnitario) && precoUnitario > 0 && precoUnitario <= MAX_PRECO ? precoUnitario : undefined;
  return { produtoId, nome, unidade, precoVenda, estoque, quantidade, ...(preco !== undefined && { precoUnitario: preco }), ...(desconto && { desconto }) };
}

/** What was stored, or an empty sale when nothing (or something unreadable) is there. */
export function lerRascunho(sellerId: string): RascunhoVenda {
  let text: string | null = null;
  try {
    text = window.sessionStorage.getItem(rascunhoKey(sellerId));
  } catch {
    return rascunhoVazio(); // Blocked storage: the cart lives only in this page.
  }
  if (!text) return rascunhoVazio();
  try {
    const data = JSON.parse(text) as Partial<RascunhoVenda>;
    return {
      forma: data.forma === 'fiado' ? 'fiado' : 'vista',
      cliente: data.cliente && typeof data.cliente.id === 'string' ? data.cliente : null,
      itens: Array.isArray(data.itens) ? data.itens.map(lerItem).filter((i) => i !== null) : [],
      observacoes: typeof data.observacoes === 'string' ? data.observacoes : '',
      desconto: lerDesconto(data.desconto) ?? null,
      chave: typeof data.chave === 'string' && UUID.test(data.chave) ? data.chave : newIdempotencyKey(),
    };
  } catch {
    return rascunhoVazio(); // Not ours or corrupted: start a new sale.
  }
}

export function salvarRascunho(sellerId: string, rascunho: RascunhoVenda): void {
  try {
    const vazio = rascunho.itens.length === 0 && !rascunho.cliente && !rascunho.observacoes && !rascunho.desconto && rascunho.forma === 'vista';
    if (vazio) window.sessionStorage.removeItem(rascunhoKey(sellerId));
    else window.sessionStorage.setItem(rascunhoKey(sellerId), JSON.stringify(rascunho));
  } catch {
    // Blocked or full storage: the cart still works, it just won't survive a reload.
  }
}

export function limparRascunho(sellerId: string): void {
  try {
    window.sessionStorage.removeItem(rascunhoKey(sellerId));
  } catch {
    // Nothing stored, nothing to clear.
  }
}

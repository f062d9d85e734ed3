import type { Cliente, ClientesPage, Produto, ProdutosPage } from '@caderneta/shared';
import { MAX_PAGE_SIZE } from '@caderneta/shared/schemas/pagination';
import { api, isApiError } from '@/lib/api-client';
import { toSearchParams } from '@/lib/query-keys';
import { abrirBanco } from './banco';

/**
 * The counter's copy of the seller's active customers and products (issue 36, part 2): refreshed
 * from the API while online, searched on the device when the API does not answer, so a sale can
 * still find its customer and products with the connection gone.
 */

/** How often the copy is refreshed on its own while the app is open and online. */
export const INTERVALO_DO_CATALOGO_MS = 10 * 60_000;
const ATUALIZADO_EM = 'catalogo.atualizadoEm';

async function todasAsPaginas<T>(caminho: string, signal?: AbortSignal): Promise<T[]> {
  const itens: T[] = [];
  for (let page = 1; ; page++) {
    const pagina = await api<{ items: T[]; total: number }>(`${caminho}${toSearchParams({ pageSize: MAX_PAGE_SIZE, page })}`, { signal });
    itens.push(...pagina.items);
    if (pagina.items.length < MAX_PAGE_SIZE || itens.length >= pagina.total) return itens;
  }
}

/** Reads every active customer and product from the API and replaces the device's copy with them, in one transaction. */
export async function atualizarCatalogo(sellerId: string, signal?: AbortSignal): Promise<void> {
  const [clientes, produtos] = await Promise.all([todasAsPaginas<Cliente>('/api/clientes', signal), todasAsPaginas<Produto>('/api/produtos', signal)]);
  const banco = await abrirBanco(sellerId);
  const tx = banco.transaction(['clientes', 'produtos', 'meta'], 'readwrite');
  const [lojaClientes, lojaProdutos] = [tx.objectStore('clientes'), tx.objectStore('produtos')];
  await Promise.all([lojaClientes.clear(), lojaProdutos.clear()]);
  await Promise.all([...clientes.map((c) => lojaClientes.put(c)), ...produtos.map((p) => lojaProdutos.put(p)), tx.objectStore('meta').put(new Date().toISOString(), ATUALIZADO_EM)]);
  await tx.done;
}

/** When the device's copy was last refreshed, or null if never. */
export async function catalogoAtualizadoEm(sellerId: string): Promise<string | null> {
  return (await (await abrirBanco(sellerId)).get('meta', ATUALIZADO_EM)) ?? null;
}

/** Lower case, no accents: "José" finds "jose" as the server's search does. */
export const normalizar = (texto: string) =>
  texto
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const porNome = <T extends { nome: string }>(a: T, b: T) => a.nome.localeCompare(b.nome, 'pt-BR');

/** The kept customers the search finds: name (any case, any accents) or phone digits; the server's order, by name. */
export async function buscarClientesNoAparelho(sellerId: string, busca: string, pageSize: number): Promise<ClientesPage> {
  const termo = normalizar(busca.trim());
  const digitos = busca.replace(/\D/g, '');
  const todos = await (await abrirBanco(sellerId)).getAll('clientes');
  const achados = todos
    .filter((c) => c.ativo && (!termo || normalizar(c.nome).includes(termo) || (digitos.length > 0 && c.telefone.includes(digitos))))
    .sort(porNome);
  const comPendencias = todos.filter((c) => c.ativo && c.saldoAtual < 0).length;
  const ativos = todos.filter((c) => c.ativo).length;
  return { items: achados.slice(0, pageSize), total: achados.length, page: 1, pageSize, resumo: { total: ativos, ativos: ativos - comPendencias, comPendencias } };
}

/** The kept products the search finds: name or category (any case, any accents), or the whole barcode. */
export async function buscarProdutosNoAparelho(sellerId: string, busca: string): Promise<ProdutosPage> {
  const termo = normalizar(busca.trim());
  const todos = (await (await abrirBanco(sellerId)).getAll('produtos')).filter((p) => p.ativo);
  const achados = todos
    .filter((p) => !termo || normalizar(p.nome).includes(termo) || normalizar(p.categoria ?? '').includes(termo) || p.codigoBarras === busca.trim())
    .sort(porNome);
  const pageSize = MAX_PAGE_SIZE;
  return {
    items: achados.slice(0, pageSize),
    total: achados.length,
    page: 1,
    pageSize,
    resumo: {
      total: todos.length,
      estoqueBaixo: todos.filter((p) => p.estoqueBaixo).length,
      valorTotal: todos.reduce((soma, p) => soma + p.valorTotal, 0),
      margemMedia: todos.length === 0 ? 0 : Math.round((todos.reduce((soma, p) => soma + p.margem, 0) / todos.length) * 10) / 10,
    },
  };
}

/**
 * Asks the API; when it does not answer (no connection, or none within the request's time), the
 * device's copy answers instead. An error the server sent (401, 4xx) is the server's answer: it stands.
 */
export async function daApiOuDoAparelho<T>(daApi: () => Promise<T>, doAparelho: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return doAparelho();
  try {
    return await daApi();
  } catch (error) {
    if (isApiError(error, 'NETWORK')) return doAparelho();
    throw error;
  }
}

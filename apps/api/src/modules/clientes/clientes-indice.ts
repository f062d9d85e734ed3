import { sql } from 'drizzle-orm';
import type { ListStatus } from '@caderneta/shared';
import type { Tx } from '../../db/client';
import { queryRows } from '../../lib/sql';
import type { TermosDaBusca } from './clientes-busca';

/**
 * The customer list's search in the server's memory (docs/decisions/022-customer-search-index.md).
 *
 * A page of "maria" at 20,000 customers needs every match read and sorted to count them, and in
 * the database that is where the request's time went (ADR 018's functions, hundreds of heap pages).
 * Here each seller's customers are kept as the search sees them — normalized name, phone, active
 * flag — in the list's order, read once under the seller's row-level security, and filtered in
 * memory: every match counted exactly, the page's ids sliced off, the rows then read by id under
 * RLS as always.
 *
 * A seller's list is used only while `clientes_versao` (migration 0021) still holds the number it
 * was read with; triggers move that number in the same transaction as any change the search sees.
 * So a search never finds a customer by an old name, never misses a new one, and never counts a
 * deleted one, across processes too. Lists are kept per app (per database), least recently used
 * dropped first, within a bound on customers held.
 */

/**
 * A seller's customers in the list's order. The names (and the phones) are one text each, every
 * entry followed by a line break, so finding a term is `indexOf` over one string — no match can
 * span two customers, since a search term never holds a line break.
 */
interface Lista {
  versao: number;
  ids: string[];
  ativos: Uint8Array;
  /** Each customer's `nome_busca` (lower-cased, without accents), then "\n". */
  nomes: Texto;
  telefones: Texto;
}

interface Texto {
  texto: string;
  /** Where each customer's part of `texto` starts. */
  inicios: Uint32Array;
}

export interface LimitesDoIndice {
  /** A shop with more customers than this is searched in the database. */
  porLoja: number;
  /** Customers held in memory across shops, at most. */
  total: number;
}

/** About 130 bytes a customer: 50,000 is 6.5 MB for one shop, 250,000 about 33 MB in all. */
export const LIMITES_DO_INDICE: LimitesDoIndice = { porLoja: 50_000, total: 250_000 };

export interface PaginaDeIds {
  ids: string[];
  /** How many customers match, on every page. */
  total: number;
}

export class IndiceDeClientes {
  /** By seller; a Map keeps insertion order, so the first key is the least recently used. */
  private readonly listas = new Map<string, Lista>();
  /** A seller's list being read, so a burst of searches after a change reads it once. */
  private readonly lendo = new Map<string, Promise<Lista>>();
  private guardados = 0;

  constructor(private readonly limites: LimitesDoIndice = LIMITES_DO_INDICE) {}

  /** Whether a shop of `clientes` customers is searched here rather than in the database. */
  cabe(clientes: number): boolean {
    return clientes <= this.limites.porLoja;
  }

  /**
   * One page of the customers matching `termos` among the status filter's, in the list's order,
   * with how many match. `versao` is the seller's `clientes_versao` as this transaction sees it.
   */
  async pagina(tx: Tx, ownerId: string, versao: number, termos: TermosDaBusca, status: ListStatus, limite: number, deslocamento: number): Promise<PaginaDeIds> {
    const lista = await this.lista(tx, ownerId, versao);
    const ativo = status === 'ativos' ? 1 : status === 'inativos' ? 0 : null;
    const porNome = encontrar(lista.nomes, termos.nome);
    const achados = termos.telefone === null ? porNome : unir(porNome, encontrar(lista.telefones, termos.telefone));
    const ids: string[] = [];
    let total = 0;
    for (const i of achados) {
      if (ativo !== null && lista.ativos[i] !== ativo) continue;
      if (total >= deslocamento && ids.length < limite) ids.push(lista.ids[i]!);
      total++;
    }
    return { ids, total };
  }

  /** Customers held now (for tests and the bound). */
  get tamanho(): number {
    return this.guardados;
  }

  private async lista(tx: Tx, ownerId: string, versao: number): Promise<Lista> {
    const guardada = this.listas.get(ownerId);
    if (guardada && guardada.versao >= versao) {
      this.listas.delete(ownerId);
      this.listas.set(ownerId, guardada);
      return guardada;
    }
    const emCurso = this.lendo.get(ownerId);
    if (emCurso) {
      // Another request is reading this seller's list: the same customers, or newer ones.
      const lida = await emCurso.catch(() => null);
      if (lida && lida.versao >= versao) return lida;
    }
    const leitura = ler(tx, ownerId);
    this.lendo.set(ownerId, leitura);
    try {
      const lida = await leitura;
      this.guardar(ownerId, lida);
      return lida;
    } finally {
      if (this.lendo.get(ownerId) === leitura) this.lendo.delete(ownerId);
    }
  }

  private guardar(ownerId: string, lista: Lista) {
    const antiga = this.listas.get(ownerId);
    // Two reads may end out of order: keep the newer customers.
    if (antiga && antiga.versao > lista.versao) return;
    if (antiga) this.guardados -= antiga.ids.length;
    this.listas.delete(ownerId);
    if (lista.ids.length > this.limites.total) return;
    this.listas.set(ownerId, lista);
    this.guardados += lista.ids.length;
    for (const [dono, outra] of this.listas) {
      if (this.guardados <= this.limites.total) break;
      this.listas.delete(dono);
      this.guardados -= outra.ids.length;
    }
  }
}

/**
 * The seller's customers as the search sees them, in the list's order, with the version they are
 * — one statement, so one snapshot holds both.
 */
async function ler(tx: Tx, ownerId: string): Promise<Lista> {
  const [linha] = await queryRows<{ versao: string | number | null; entradas: Entrada[] | string | null }>(
    tx,
    sql`select (select versao from clientes_versao where owner_id = ${ownerId}) as versao,
               (select json_agg(json_build_array(id, nome_busca, telefone, ativo) order by nome_busca, nome, id)
                  from clientes where owner_id = ${ownerId}) as entradas`,
  );
  const entradas = typeof linha?.entradas === 'string' ? (JSON.parse(linha.entradas) as Entrada[]) : (linha?.entradas ?? []);
  return {
    versao: Number(linha?.versao ?? 0),
    ids: entradas.map((e) => e[0]),
    ativos: Uint8Array.from(entradas, (e) => (e[3] ? 1 : 0)),
    nomes: texto(entradas.map((e) => e[1])),
    telefones: texto(entradas.map((e) => e[2])),
  };
}

type Entrada = [id: string, nomeBusca: string, telefone: string, ativo: boolean];

function texto(partes: string[]): Texto {
  const inicios = new Uint32Array(partes.length);
  let posicao = 0;
  partes.forEach((parte, i) => {
    inicios[i] = posicao;
    posicao += parte.length + 1;
  });
  return { texto: partes.join('\n') + (partes.length ? '\n' : ''), inicios };
}

/** The customers (positions in the list) whose part of `t` contains `termo`, in order. */
function encontrar(t: Texto, termo: string): number[] {
  const achados: number[] = [];
  const { texto, inicios } = t;
  let de = 0;
  for (;;) {
    const p = texto.indexOf(termo, de);
    if (p < 0) return achados;
    // The customer whose part holds p: the last start at or before it.
    let baixo = achados.length ? achados[achados.length - 1]! + 1 : 0;
    let alto = inicios.length - 1;
    while (baixo < alto) {
      const meio = (baixo + alto + 1) >>> 1;
      if (inicios[meio]! <= p) baixo = meio;
      else alto = meio - 1;
    }
    achados.push(baixo);
    // On to the next customer: one match is enough.
    de = baixo + 1 < inicios.length ? inicios[baixo + 1]! : texto.length;
  }
}

/** Two ordered lists of positions as one, each position once. */
function unir(a: number[], b: number[]): number[] {
  const todos: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const x = j >= b.length || (i < a.length && a[i]! <= b[j]!) ? a[i++]! : b[j++]!;
    if (todos[todos.length - 1] !== x) todos.push(x);
  }
  return todos;
}

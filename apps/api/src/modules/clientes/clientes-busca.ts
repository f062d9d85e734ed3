import { sql, type SQL } from 'drizzle-orm';
import { normalizeForSearch, type ListStatus } from '@caderneta/shared';
import { escapeLike } from '../../lib/sql';

/**
 * Customer search under row-level security (migration 0013, ADR 018). LIKE cannot use an index
 * while RLS applies (it is not leakproof), so the matching runs in SECURITY DEFINER functions
 * limited to the transaction's seller that answer ids only; the callers read the rows under RLS.
 *
 * What matches: the name (accent- and case-insensitive) contains the typed text or, when the text
 * looks like a phone number, the phone contains its digits.
 */
export interface TermosDaBusca {
  /** What the normalized name must contain. */
  nome: string;
  /** What the phone must contain (its digits), when the text looks like a phone number. */
  telefone: string | null;
}

/** What a typed search looks for, taken literally; null when nothing is typed. */
export function termosDaBusca(busca: string | undefined): TermosDaBusca | null {
  const term = normalizeForSearch(busca ?? '');
  if (!term) return null;
  const digits = term.replace(/\D/g, '');
  const telefone = digits && /^[\d\s()+.-]+$/.test(term) ? digits.replace(/^0+/, '') || digits : null;
  return { nome: term, telefone };
}

function patterns(busca: string | undefined): { nome: string; telefone: string | null } | null {
  const t = termosDaBusca(busca);
  return t ? { nome: `%${escapeLike(t.nome)}%`, telefone: t.telefone === null ? null : `%${escapeLike(t.telefone)}%` } : null;
}

/**
 * The matching customers' ids as an SQL array, for `cliente_id = any(…)`; null when nothing is
 * typed. `porTelefone: false` matches names only.
 */
export function clientesQueContem(busca: string | undefined, { porTelefone = true } = {}): SQL | null {
  const p = patterns(busca);
  return p ? sql`array(select busca_clientes(${p.nome}, ${porTelefone ? p.telefone : null}::text))` : null;
}

/**
 * One page of the matches of the status filter, in the list's order, as a table `(id, total)` to
 * join (total: how many match); null when nothing is typed.
 */
export function paginaDaBusca(busca: string | undefined, status: ListStatus, limite: number, deslocamento: number): SQL | null {
  const p = patterns(busca);
  if (!p) return null;
  const ativo = status === 'ativos' ? true : status === 'inativos' ? false : null;
  return sql`pagina_busca_clientes(${p.nome}, ${p.telefone}::text, ${ativo}::boolean, ${limite}::int, ${deslocamento}::int)`;
}

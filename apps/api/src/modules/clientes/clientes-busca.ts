import { sql, type SQL } from 'drizzle-orm';
import { normalizeForSearch, palavrasDoNome, type ListStatus } from '@caderneta/shared';
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

/**
 * The ids of the seller's customers that may be the one typed in "Novo Cliente", as an SQL array:
 * the same phone (stored as digits, so the pattern is the number itself), or a name holding the
 * words of `nome` in order (palavrasDoNome: "%maria%jose%silva%"). A superset: the caller keeps
 * only the near-identical names. Null when there is nothing to look for.
 */
export function candidatosSemelhantes(nome: string, telefone: string | null): SQL | null {
  const palavras = palavrasDoNome(nome);
  const padraoNome = palavras.length ? `%${palavras.map(escapeLike).join('%')}%` : null;
  const padraoTelefone = telefone ? escapeLike(telefone) : null;
  if (!padraoNome && !padraoTelefone) return null;
  return sql`array(select busca_clientes(${padraoNome}::text, ${padraoTelefone}::text))`;
}

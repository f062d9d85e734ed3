import type { Permissao, PessoaDaSessao } from '@caderneta/shared';
import { useSession } from './session';

/** One permission, or several of which any one will do (Configurações opens with any of its three). */
export type QualquerPermissao = Permissao | readonly Permissao[];

/**
 * Whether `pessoa` may do `permissao` (any of them, for a list). The server decides every request
 * (issue 37); the web only leaves out what the person cannot do. A session this browser kept from
 * before a shop had people (issue 36's offline copy) has no `pessoa`: it was the owner's.
 */
export function podeFazer(pessoa: PessoaDaSessao | undefined, permissao: QualquerPermissao): boolean {
  if (!pessoa) return true;
  const lista: readonly Permissao[] = typeof permissao === 'string' ? [permissao] : permissao;
  return lista.some((p) => pessoa.permissoes.includes(p));
}

/** The signed-in person's role and what they may do. Only under the protected route (useSession). */
export function usePessoa() {
  const pessoa: PessoaDaSessao | undefined = useSession().pessoa;
  return {
    papel: pessoa?.papel ?? 'dono',
    pode: (permissao: QualquerPermissao) => podeFazer(pessoa, permissao),
    /**
     * The largest discount they may give on a line, in percent of what it is worth at its price;
     * 0 without `dar_desconto` (no discount at all).
     */
    // (The owner's: MAX_DESCONTO_PESSOA, not imported: the shell takes no zod from the shared barrel.)
    descontoMaximo: !podeFazer(pessoa, 'dar_desconto') ? 0 : (pessoa?.descontoMaximo ?? 100),
  };
}

/** Whether the signed-in person may do `permissao` (any of them, for a list). */
export function usePode(permissao: QualquerPermissao): boolean {
  return podeFazer(useSession().pessoa, permissao);
}

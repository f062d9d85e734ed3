import type { Papel, Permissao } from '@caderneta/shared';
import { AppError } from '../lib/errors';

/** The person acting in a request: the shop's owner or one of their staff (issue 37). */
export interface PessoaAtuante {
  /** Their own account's id (the audit trail's author). */
  userId: string;
  papel: Papel;
  /** What they may do (a Dono: everything). */
  permissoes: readonly Permissao[];
  /** The largest discount they may give on a line, in percent, with `dar_desconto`. */
  descontoMaximo: number;
}

/**
 * The signed-in seller, as the session plugin puts it on each request and services receive it.
 * `id` is the shop's — its owner's account, every shop row's `owner_id` — whoever of the shop is
 * signed in; `nome` and `email` are the signed-in person's, and `pessoa` what they may do.
 */
export interface Seller {
  id: string;
  nome: string;
  email: string;
  pessoa: PessoaAtuante;
  /** The session of this request (the person's devices list marks it). */
  sessaoId: string | null;
}

export const pode = (seller: Pick<Seller, 'pessoa'>, permissao: Permissao) => seller.pessoa.permissoes.includes(permissao);

/** 403 for a person whose role does not allow `permissao`; nothing was written. */
export const semPermissao = (permissao: Permissao) =>
  new AppError('SEM_PERMISSAO', 403, { message: 'Sua função na loja não permite isso', details: { permissao } });

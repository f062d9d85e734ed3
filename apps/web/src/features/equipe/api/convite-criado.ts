import type { Pessoa } from '@caderneta/shared';

/**
 * What inviting (or inviting again) answers: the person, the invitation's link — for the owner to
 * share over WhatsApp too — and whether its e-mail left (when not, the link still works).
 */
export interface ConviteCriado {
  pessoa: Pessoa;
  link: string;
  emailEnviado: boolean;
}

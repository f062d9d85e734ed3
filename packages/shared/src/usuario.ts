/*
 * A login for someone without e-mail (issue 37, docs/decisions/038-equipe.md): "ana.padaria" signs
 * in where an e-mail would, and is inside its account's address at a reserved domain no mail can
 * reach (RFC 2606's ".invalid"). No zod here: the login page and the header import this alone.
 */

/** 3 to 30 lower-case letters, digits, ".", "_" or "-", starting with a letter or digit. */
export const USUARIO_REGEX = /^[a-z0-9][a-z0-9._-]{2,29}$/;
export const DOMINIO_USUARIO = 'equipe.caderneta.invalid';

export const emailDoUsuario = (usuario: string) => `${usuario}@${DOMINIO_USUARIO}`;

/** The login of an account made for someone without e-mail, or null for a real address. */
export function usuarioDoEmail(email: string): string | null {
  const sufixo = `@${DOMINIO_USUARIO}`;
  return email.endsWith(sufixo) ? email.slice(0, -sufixo.length) : null;
}

/** What the sign-in form's "E-mail ou usuário" means: an address as typed, a login as its address. */
export function emailDeEntrada(texto: string): string {
  const limpo = texto.trim();
  return limpo.includes('@') ? limpo : emailDoUsuario(limpo.toLowerCase());
}

/** How an account's address is shown (the header, the sign-in field): its login, or the e-mail. */
export const emailParaMostrar = (email: string) => usuarioDoEmail(email) ?? email;

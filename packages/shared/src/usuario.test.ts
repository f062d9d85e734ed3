import { describe, expect, it } from 'vitest';
import { DOMINIO_USUARIO, USUARIO_REGEX, emailDeEntrada, emailParaMostrar, usuarioDoEmail } from './usuario';
import { usuarioSchema } from './schemas/equipe';

describe('a login without e-mail', () => {
  it('signs in as its reserved address; an e-mail stays as typed', () => {
    expect(emailDeEntrada(' Ana.Padaria ')).toBe(`ana.padaria@${DOMINIO_USUARIO}`);
    expect(emailDeEntrada(' Maria@Mercadinho.com.br ')).toBe('Maria@Mercadinho.com.br');
  });

  it('is shown as the login, and a real address as itself', () => {
    expect(usuarioDoEmail(`ze_1@${DOMINIO_USUARIO}`)).toBe('ze_1');
    expect(usuarioDoEmail('ze@example.com')).toBeNull();
    expect(emailParaMostrar(`ze_1@${DOMINIO_USUARIO}`)).toBe('ze_1');
    expect(emailParaMostrar('ze@example.com')).toBe('ze@example.com');
  });

  it('is 3 to 30 lower-case letters, digits, ".", "_" or "-", from a letter or digit', () => {
    for (const ok of ['ana', 'ana.padaria', 'z-9_x', '1caixa', 'a'.repeat(30)]) expect(USUARIO_REGEX.test(ok), ok).toBe(true);
    for (const no of ['an', '.ana', 'Ana', 'zé', 'ana padaria', 'a@b', 'a'.repeat(31)]) expect(USUARIO_REGEX.test(no), no).toBe(false);
    expect(usuarioSchema.parse('  Ana.Padaria ')).toBe('ana.padaria');
    expect(usuarioSchema.safeParse('zé').error?.issues[0]?.message).toBe('usuarioInvalido');
  });
});

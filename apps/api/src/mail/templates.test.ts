import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@caderneta/shared';
import { resetPasswordMail } from './templates';

describe('the password reset e-mail', () => {
  const url = 'https://loja.example/auth/redefinir?token=abc';

  it.each(LANGUAGES)('in %s carries the name and the link', (language) => {
    const mail = resetPasswordMail(language, 'Joana', url);
    expect(mail.subject).toContain('Caderneta');
    expect(mail.text).toContain('Joana');
    expect(mail.text).toContain(url);
  });

  it('in Spanish addresses the seller as "usted", as the whole app does', () => {
    const { text } = resetPasswordMail('es-ES', 'Joana', url);
    expect(text).not.toMatch(/\b(tu|tú|abre|pediste|ignora)\b/i);
    expect(text).toMatch(/\bsu cuenta\b/);
  });
});

import type { Language } from '@caderneta/shared';

interface ResetTexts {
  subject: string;
  body: (name: string, url: string) => string;
}

const reset: Record<Language, ResetTexts> = {
  'pt-BR': {
    subject: 'Caderneta — redefinição de senha',
    body: (name, url) =>
      `Olá, ${name}!\n\nRecebemos um pedido para redefinir a senha da sua conta na Caderneta.\nPara criar uma nova senha, abra o link abaixo (válido por 1 hora):\n\n${url}\n\nSe você não pediu, ignore este e-mail: sua senha continua a mesma.`,
  },
  'en-US': {
    subject: 'Caderneta — password reset',
    body: (name, url) =>
      `Hello, ${name}!\n\nWe received a request to reset the password of your Caderneta account.\nTo choose a new password, open the link below (valid for 1 hour):\n\n${url}\n\nIf you did not ask for this, ignore this e-mail: your password stays the same.`,
  },
  'es-ES': {
    subject: 'Caderneta — restablecer contraseña',
    body: (name, url) =>
      `¡Hola, ${name}!\n\nHemos recibido una solicitud para restablecer la contraseña de su cuenta de Caderneta.\nPara crear una nueva contraseña, abra el enlace siguiente (válido durante 1 hora):\n\n${url}\n\nSi no lo ha solicitado, ignore este correo: su contraseña seguirá siendo la misma.`,
  },
};

export function resetPasswordMail(language: Language, name: string, url: string) {
  const t = reset[language] ?? reset['pt-BR'];
  return { subject: t.subject, text: t.body(name, url) };
}

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

interface ConviteTexts {
  subject: (loja: string) => string;
  body: (nome: string, loja: string, url: string, dias: number) => string;
}

const convite: Record<Language, ConviteTexts> = {
  'pt-BR': {
    subject: (loja) => `Convite para a equipe de ${loja} na Caderneta`,
    body: (nome, loja, url, dias) =>
      `Olá, ${nome}!\n\nVocê foi convidado(a) para a equipe de ${loja} na Caderneta.\nPara aceitar, abra o link abaixo e crie a sua senha (válido por ${dias} dias):\n\n${url}\n\nSe você não esperava este convite, ignore este e-mail.`,
  },
  'en-US': {
    subject: (loja) => `Invitation to ${loja}'s team on Caderneta`,
    body: (nome, loja, url, dias) =>
      `Hello, ${nome}!\n\nYou have been invited to ${loja}'s team on Caderneta.\nTo accept, open the link below and choose your password (valid for ${dias} days):\n\n${url}\n\nIf you did not expect this invitation, ignore this e-mail.`,
  },
  'es-ES': {
    subject: (loja) => `Invitación al equipo de ${loja} en Caderneta`,
    body: (nome, loja, url, dias) =>
      `¡Hola, ${nome}!\n\nLe han invitado al equipo de ${loja} en Caderneta.\nPara aceptar, abra el enlace siguiente y cree su contraseña (válido durante ${dias} días):\n\n${url}\n\nSi no esperaba esta invitación, ignore este correo.`,
  },
};

/** The invitation to a shop's team: the link where the person sets their password. */
export function conviteMail(language: Language, nome: string, loja: string, url: string, dias: number) {
  const t = convite[language] ?? convite['pt-BR'];
  return { subject: t.subject(loja), text: t.body(nome, loja, url, dias) };
}

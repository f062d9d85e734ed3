import { formatDate } from './dates';
import type { DadosMensagem, LancamentoAvisado } from './mensagens-automaticas';
import { identificacaoCredor } from './mensagens-cobranca';
import { formatMoney, type Cents, type Currency } from './money';
import type { Language } from './schemas/perfil';

/*
 * The notice of an entry of the customer's account (issue 38, item 4; docs/decisions/043), in the
 * shop's language: polite (CDC art. 42), naming the creditor with their CPF/CNPJ (art. 42-A), and
 * saying why it came and how to stop it (LGPD).
 */

export interface AvisoLancamentoInput extends DadosMensagem {
  nome: string;
  loja: string;
  documento: string | null;
  /** The customer's page, or null when the customer has none. */
  link: string | null;
  language: Language;
  currency: Currency;
  timeZone: string;
}

interface Textos {
  assunto: Record<LancamentoAvisado, (loja: string, valor: string) => string>;
  ola: (nome: string) => string;
  fato: (loja: string, valor: string, data: string, tipo: LancamentoAvisado, debito: boolean) => string;
  saldo: (saldo: Cents, valor: string) => string;
  link: (link: string) => string;
  /** Why the customer gets it, and how to stop it (their page's “Parar avisos” when they have one). */
  rodape: (pagina: boolean) => string;
  /** The subject of an automatic reminder of the régua. */
  assuntoLembrete: (loja: string) => string;
}

const TEXTOS: Record<Language, Textos> = {
  'pt-BR': {
    assunto: {
      venda: (loja, valor) => `${loja}: compra de ${valor} na sua conta`,
      pagamento: (loja, valor) => `${loja}: pagamento de ${valor} recebido`,
      ajuste: (loja) => `${loja}: ajuste na sua conta`,
    },
    ola: (nome) => `Olá, ${nome}!`,
    fato: (loja, valor, data, tipo, debito) =>
      tipo === 'venda'
        ? `A loja ${loja} registrou uma compra fiado de ${valor} na sua conta em ${data}.`
        : tipo === 'pagamento'
          ? `A loja ${loja} recebeu o seu pagamento de ${valor} em ${data}. Obrigado!`
          : `A loja ${loja} lançou um ${debito ? 'débito' : 'crédito'} de ${valor} na sua conta em ${data}.`,
    saldo: (saldo, valor) => (saldo < 0 ? `Saldo em aberto: ${valor}.` : saldo > 0 ? `Você tem um crédito de ${valor}.` : 'A sua conta está em dia.'),
    link: (link) => `Confira todos os lançamentos e pague por PIX ou cartão: ${link}`,
    rodape: (pagina) =>
      `Você recebe estes avisos porque autorizou a loja. Para não receber mais, ${pagina ? 'toque em “Parar avisos” na sua página ou ' : ''}avise a loja.`,
    assuntoLembrete: (loja) => `${loja}: lembrete da sua conta`,
  },
  'en-US': {
    assunto: {
      venda: (loja, valor) => `${loja}: a purchase of ${valor} on your account`,
      pagamento: (loja, valor) => `${loja}: payment of ${valor} received`,
      ajuste: (loja) => `${loja}: an adjustment to your account`,
    },
    ola: (nome) => `Hi ${nome}!`,
    fato: (loja, valor, data, tipo, debito) =>
      tipo === 'venda'
        ? `${loja} recorded a purchase on credit of ${valor} on your account on ${data}.`
        : tipo === 'pagamento'
          ? `${loja} received your payment of ${valor} on ${data}. Thank you!`
          : `${loja} posted a ${debito ? 'debit' : 'credit'} of ${valor} to your account on ${data}.`,
    saldo: (saldo, valor) => (saldo < 0 ? `Balance due: ${valor}.` : saldo > 0 ? `You have a credit of ${valor}.` : 'Your account is settled.'),
    link: (link) => `See every entry and pay by PIX or card: ${link}`,
    rodape: (pagina) => `You get these notices because you allowed the shop to send them. To stop them, ${pagina ? 'tap “Stop notices” on your page or ' : ''}tell the shop.`,
    assuntoLembrete: (loja) => `${loja}: a reminder about your account`,
  },
  'es-ES': {
    assunto: {
      venda: (loja, valor) => `${loja}: compra de ${valor} en su cuenta`,
      pagamento: (loja, valor) => `${loja}: pago de ${valor} recibido`,
      ajuste: (loja) => `${loja}: ajuste en su cuenta`,
    },
    ola: (nome) => `Hola, ${nome}:`,
    fato: (loja, valor, data, tipo, debito) =>
      tipo === 'venda'
        ? `${loja} registró una compra a crédito de ${valor} en su cuenta el ${data}.`
        : tipo === 'pagamento'
          ? `${loja} recibió su pago de ${valor} el ${data}. ¡Gracias!`
          : `${loja} registró un ${debito ? 'cargo' : 'abono'} de ${valor} en su cuenta el ${data}.`,
    saldo: (saldo, valor) => (saldo < 0 ? `Saldo pendiente: ${valor}.` : saldo > 0 ? `Tiene un saldo a favor de ${valor}.` : 'Su cuenta está al día.'),
    link: (link) => `Consulte todos los movimientos y pague por PIX o tarjeta: ${link}`,
    rodape: (pagina) =>
      `Recibe estos avisos porque lo autorizó a la tienda. Para no recibir más, ${pagina ? 'pulse «Dejar de recibir avisos» en su página o ' : ''}avise a la tienda.`,
    assuntoLembrete: (loja) => `${loja}: recordatorio de su cuenta`,
  },
};

/** The notice of one entry of the customer's account: a subject (e-mail) and the text. */
export function avisoDeLancamento(input: AvisoLancamentoInput): { assunto: string; texto: string } {
  const t = TEXTOS[input.language] ?? TEXTOS['pt-BR'];
  const valor = formatMoney(Math.abs(input.valor), input.currency);
  const data = formatDate(input.em, input.language, input.timeZone);
  const linhas = [
    t.ola(input.nome),
    t.fato(input.loja, valor, data, input.tipo, input.valor < 0),
    t.saldo(input.saldo, formatMoney(Math.abs(input.saldo), input.currency)),
  ];
  if (input.link) linhas.push(t.link(input.link));
  const credor = identificacaoCredor(input.loja, input.documento, input.language);
  if (credor) linhas.push(credor);
  linhas.push(t.rodape(input.link !== null));
  return { assunto: t.assunto[input.tipo](input.loja, valor), texto: linhas.join('\n\n') };
}

/**
 * An automatic reminder of the régua by e-mail: the shop's own collection message for the step's
 * tier (already filled in: montarMensagem), the creditor with their CPF/CNPJ when the message does
 * not name them yet (CDC art. 42-A), and why it came and how to stop it.
 */
export function avisoDeLembrete(input: { loja: string; mensagem: string; documento: string | null; temPagina: boolean; language: Language }): { assunto: string; texto: string } {
  const t = TEXTOS[input.language] ?? TEXTOS['pt-BR'];
  const linhas = [input.mensagem.trim()];
  const credor = identificacaoCredor(input.loja, input.documento, input.language);
  if (credor && !input.mensagem.includes(credor)) linhas.push(credor);
  linhas.push(t.rodape(input.temPagina));
  return { assunto: t.assuntoLembrete(input.loja), texto: linhas.join('\n\n') };
}

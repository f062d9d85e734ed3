import { formatDate } from './dates';
import { linkCliente, type FaixaLembrete } from './devedores';
import { formatDocumento, normalizeDocumento } from './documento';
import { formatMoney, type Currency } from './money';
import { preencherPix } from './pix';
import type { Language } from './schemas/perfil';

/*
 * Collection messages sent over WhatsApp. The seller may rewrite each one (Configurações →
 * Mensagens); what they have not rewritten follows the shop's language. Brazil's consumer code
 * (CDC art. 42 and 42-A) forbids exposing a debtor to ridicule or threats and asks collection
 * notices to name the creditor with their CPF/CNPJ: every default is polite, and the formal one
 * always ends with the shop's name and document when the shop has one.
 */

/** The default collection message (before the due date) and one per overdue tier. */
export const TIPOS_MENSAGEM = ['padrao', 'gentil', 'firme', 'formal'] as const;
export type TipoMensagem = (typeof TIPOS_MENSAGEM)[number];

/** The message a reminder of each tier uses: before the due date, the default one. */
export const mensagemDaFaixa = (faixa: FaixaLembrete): TipoMensagem => (faixa === 'a_vencer' ? 'padrao' : faixa);

export const PLACEHOLDERS_MENSAGEM = ['nome', 'valor', 'saldo', 'link', 'loja', 'vencimento', 'dias', 'pix'] as const;
export type PlaceholderMensagem = (typeof PLACEHOLDERS_MENSAGEM)[number];
/**
 * What each placeholder becomes. `pix` is the shop's PIX "copia e cola" for the debtor's pending
 * balance; null when the shop has no PIX key (the placeholder is then left out, see preencherPix).
 */
export type ValoresMensagem = Record<Exclude<PlaceholderMensagem, 'pix'>, string> & { pix: string | null };

/** The pending balance of the sample debtor the Mensagens previews show (R$ 150,00). */
export const SALDO_EXEMPLO = 15_000;

/** Longest template a seller may save (a WhatsApp link stays far below browsers' URL limits). */
export const MAX_MENSAGEM = 1000;

const PLACEHOLDER = /\{([^{}\s]{0,40})\}/g;

/** The `{…}` names in a template that are not placeholders (typos like `{nomee}`), each once. */
export function placeholdersDesconhecidos(texto: string): string[] {
  const known = new Set<string>(PLACEHOLDERS_MENSAGEM);
  const found = new Set<string>();
  for (const match of texto.matchAll(PLACEHOLDER)) if (!known.has(match[1]!)) found.add(`{${match[1]}}`);
  return [...found];
}

/**
 * Replaces every known placeholder in one pass over the template: a value is never read again, so
 * a `{nome}` inside the PIX code (its receiver's name, its message) or inside a customer's name
 * stays as it is — filled in, it changed the code's length and broke its CRC. Unknown placeholders
 * are left as typed, so the seller sees them. Without a PIX code, `{pix}` is left out first, with
 * its line or the spaces around it (preencherPix).
 */
export function preencherMensagem(texto: string, valores: ValoresMensagem): string {
  const template = valores.pix === null ? preencherPix(texto, null) : texto;
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    (PLACEHOLDERS_MENSAGEM as readonly string[]).includes(name) ? (valores[name as PlaceholderMensagem] ?? whole) : whole,
  );
}

/** The customer's own page (spec §9: {origin}/cliente/{login}); without a login, the access page. */
export const linkDoCliente = (origin: string, login: string | null) => (login ? linkCliente(origin, login) : `${origin.replace(/\/+$/, '')}/cliente`);

/** A debtor as a collection message names them. */
export interface DevedorDaMensagem {
  nome: string;
  login: string | null;
  saldoPendente: number;
  dataVencimento: string;
  diasEmAtraso: number;
  /** The shop's PIX copia e cola for this balance; null: {pix} is left out. */
  pix: string | null;
}

/** The placeholders' values for a debtor, in the shop's language and currency (what the customer reads). */
export function valoresDaMensagem(devedor: DevedorDaMensagem, loja: { nome: string; idioma: Language; moeda: Currency }, origin: string): ValoresMensagem {
  const saldo = formatMoney(devedor.saldoPendente, loja.moeda);
  return {
    nome: devedor.nome,
    valor: saldo,
    saldo,
    link: linkDoCliente(origin, devedor.login),
    loja: loja.nome,
    vencimento: formatDate(devedor.dataVencimento, loja.idioma),
    dias: String(devedor.diasEmAtraso),
    pix: devedor.pix,
  };
}

/** "CNPJ 12.345.678/0001-90", "CPF 123.456.789-09"; anything else as typed, as "CPF/CNPJ …". */
export function documentoComTipo(documento: string): string {
  const digits = normalizeDocumento(documento);
  const tipo = digits.length === 14 ? 'CNPJ' : digits.length === 11 ? 'CPF' : null;
  return tipo ? `${tipo} ${formatDocumento(digits)}` : `CPF/CNPJ ${documento.trim()}`;
}

const CREDOR: Record<Language, string> = { 'pt-BR': 'Credor', 'en-US': 'Creditor', 'es-ES': 'Acreedor' };

/** "Credor: Mercadinho Bom Preço — CNPJ 12.345.678/0001-90" (CDC art. 42-A); null without a document. */
export function identificacaoCredor(loja: string, documento: string | null | undefined, language: Language = 'pt-BR'): string | null {
  if (!documento || !documento.trim()) return null;
  return `${CREDOR[language] ?? CREDOR['pt-BR']}: ${loja} — ${documentoComTipo(documento)}`;
}

/**
 * The message as sent: the template filled in; the formal tier also names the creditor and their
 * CPF/CNPJ at the end when the shop has a document (unless the seller's text already shows it).
 */
export function montarMensagem(input: {
  tipo: TipoMensagem;
  template: string;
  valores: ValoresMensagem;
  documento?: string | null;
  language?: Language;
}): string {
  const texto = preencherMensagem(input.template, input.valores).trim();
  if (input.tipo !== 'formal') return texto;
  const credor = identificacaoCredor(input.valores.loja, input.documento, input.language);
  if (!credor) return texto;
  // The document as the notice prints it ("CNPJ 12.345…" without its kind): already in the text?
  if (texto.includes(documentoComTipo(input.documento!).replace(/^\S+ /, ''))) return texto;
  return `${texto}\n\n${credor}`;
}

/** Written for the shop's customers: friendly first, never a threat, always a way to talk. */
export const MENSAGENS_PADRAO: Record<Language, Record<TipoMensagem, string>> = {
  'pt-BR': {
    padrao:
      'Olá, {nome}! Tudo bem? Aqui é da loja {loja}. Passando para lembrar que a sua conta de {saldo} vence em {vencimento}. Você pode conferir as compras e pagar pelo link: {link}\nObrigado pela preferência!',
    gentil:
      'Olá, {nome}! Tudo bem? Aqui é da loja {loja}. A sua conta de {saldo} venceu em {vencimento}. Quando puder, acerte pelo link {link} ou aqui na loja. Se já pagou, por favor desconsidere esta mensagem. Obrigado!',
    firme:
      'Olá, {nome}. Aqui é da loja {loja}. A sua conta de {saldo} está em aberto há {dias} dias (vencimento em {vencimento}). Pedimos que regularize o pagamento assim que possível, pelo link {link} ou na loja. Se precisar combinar uma data, é só responder esta mensagem.',
    formal:
      'Prezado cliente {nome}, informamos que consta em aberto na loja {loja} o valor de {saldo}, vencido em {vencimento} ({dias} dias de atraso). Solicitamos a gentileza de regularizar o pagamento pelo link {link} ou diretamente na loja. Caso o pagamento já tenha sido feito, por favor desconsidere este aviso. Estamos à disposição para combinar a melhor forma de pagamento.',
  },
  'en-US': {
    padrao:
      'Hi {nome}! This is {loja}. Just a friendly reminder that your balance of {saldo} is due on {vencimento}. You can check your purchases and pay here: {link}\nThank you for shopping with us!',
    gentil:
      'Hi {nome}! This is {loja}. Your balance of {saldo} was due on {vencimento}. Whenever you can, please pay at {link} or in the shop. If you have already paid, please disregard this message. Thank you!',
    firme:
      'Hello {nome}. This is {loja}. Your balance of {saldo} has been open for {dias} days (due on {vencimento}). Please settle it as soon as possible at {link} or in the shop. If you need to agree on a date, just reply to this message.',
    formal:
      'Dear {nome}, our records at {loja} show an outstanding balance of {saldo}, due on {vencimento} ({dias} days overdue). We kindly ask you to settle it at {link} or in the shop. If you have already paid, please disregard this notice. We are happy to agree on the best way for you to pay.',
  },
  'es-ES': {
    padrao:
      'Hola, {nome}. Le escribimos de {loja} para recordarle que su cuenta de {saldo} vence el {vencimento}. Puede consultar sus compras y pagar en este enlace: {link}\n¡Gracias por su confianza!',
    gentil:
      'Hola, {nome}. Le escribimos de {loja}. Su cuenta de {saldo} venció el {vencimento}. Cuando le sea posible, puede pagarla en {link} o en la tienda. Si ya la pagó, por favor no tenga en cuenta este mensaje. ¡Gracias!',
    firme:
      'Hola, {nome}. Le escribimos de {loja}. Su cuenta de {saldo} lleva {dias} días pendiente (vencimiento el {vencimento}). Le rogamos que la regularice lo antes posible en {link} o en la tienda. Si necesita acordar una fecha, responda a este mensaje.',
    formal:
      'Estimado/a {nome}: le informamos que en {loja} consta un saldo pendiente de {saldo}, vencido el {vencimento} ({dias} días de retraso). Le rogamos que tenga la amabilidad de regularizarlo en {link} o directamente en la tienda. Si ya realizó el pago, no tenga en cuenta este aviso. Quedamos a su disposición para acordar la mejor forma de pago.',
  },
};

/** The defaults of a language (pt-BR for any other). */
export const mensagensPadrao = (language: string): Record<TipoMensagem, string> =>
  MENSAGENS_PADRAO[language as Language] ?? MENSAGENS_PADRAO['pt-BR'];

import { formatDate } from './dates';
import type { DadosLembrete, DadosMensagem } from './mensagens-automaticas';
import { identificacaoCredor } from './mensagens-cobranca';
import { formatMoney, type Currency } from './money';
import type { Language } from './schemas/perfil';

/*
 * The shop's own WhatsApp Business number (issue 38, item 1; docs/decisions/044). Messages the app
 * starts must be approved templates of the "utility" category; the shop submits the texts below in
 * Meta's WhatsApp Manager under the names it then types in the settings. Every parameter is one
 * line of the customer's own account: a template never carries another customer's data.
 */

/** The templates the app sends, by what they are for. */
export const MODELOS_WHATSAPP = ['lancamento', 'convite', 'lembrete'] as const;
export type ModeloWhatsapp = (typeof MODELOS_WHATSAPP)[number];

/** The names the settings start with (the shop may have submitted them under others). */
export const NOMES_MODELO_PADRAO: Record<ModeloWhatsapp, string> = { lancamento: 'caderneta_lancamento', convite: 'caderneta_convite', lembrete: 'caderneta_lembrete' };

/** A template's name as Meta accepts it: lower-case letters, digits and underscores. */
export const NOME_MODELO_REGEX = /^[a-z0-9_]{1,512}$/;

/** Meta's language code of a template in the shop's language. */
export const IDIOMA_MODELO: Record<Language, string> = { 'pt-BR': 'pt_BR', 'en-US': 'en_US', 'es-ES': 'es' };

/** The body to submit for each template and language; {{n}} are the parameters, in order. */
export const TEXTOS_MODELO: Record<ModeloWhatsapp, Record<Language, string>> = {
  lancamento: {
    'pt-BR':
      'Olá, {{1}}! A loja {{2}} registrou {{3}} na sua conta em {{4}}. {{5}} Confira todos os lançamentos e pague por PIX ou cartão: {{6}} {{7}}. Você recebe estes avisos porque autorizou a loja. Para não receber mais, responda PARAR.',
    'en-US':
      'Hi {{1}}! {{2}} recorded {{3}} on your account on {{4}}. {{5}} See every entry and pay by PIX or card: {{6}} {{7}}. You get these notices because you allowed the shop to send them. To stop them, reply STOP.',
    'es-ES':
      'Hola, {{1}}: {{2}} registró {{3}} en su cuenta el {{4}}. {{5}} Consulte todos los movimientos y pague por PIX o tarjeta: {{6}} {{7}}. Recibe estos avisos porque lo autorizó a la tienda. Para no recibir más, responda PARAR.',
  },
  convite: {
    'pt-BR':
      'Olá, {{1}}! A loja {{2}} quer avisar você, por aqui, de cada compra, pagamento e ajuste da sua conta, com o saldo e o link para pagar. Responda SIM para receber os avisos ou PARAR para não receber. {{3}}.',
    'en-US':
      'Hi {{1}}! {{2}} would like to tell you here of each purchase, payment and adjustment of your account, with the balance and a link to pay. Reply YES to get these notices, or STOP not to. {{3}}.',
    'es-ES':
      'Hola, {{1}}: {{2}} quiere avisarle por aquí de cada compra, pago y ajuste de su cuenta, con el saldo y el enlace para pagar. Responda SÍ para recibir los avisos o PARAR para no recibirlos. {{3}}.',
  },
  lembrete: {
    'pt-BR':
      'Olá, {{1}}! Um lembrete da loja {{2}}: o saldo de {{3}} da sua conta {{4}}. Confira os lançamentos e pague por PIX ou cartão: {{5}} Se já pagou, por favor desconsidere. {{6}}. Você recebe estes avisos porque autorizou a loja. Para não receber mais, responda PARAR.',
    'en-US':
      'Hi {{1}}! A reminder from {{2}}: the balance of {{3}} on your account {{4}}. See the entries and pay by PIX or card: {{5}} If you have already paid, please disregard this message. {{6}}. You get these notices because you allowed the shop to send them. To stop them, reply STOP.',
    'es-ES':
      'Hola, {{1}}: un recordatorio de {{2}}: el saldo de {{3}} de su cuenta {{4}}. Consulte los movimientos y pague por PIX o tarjeta: {{5}} Si ya pagó, no tenga en cuenta este mensaje. {{6}}. Recibe estos avisos porque lo autorizó a la tienda. Para no recibir más, responda PARAR.',
  },
};

/** What each parameter of the "lancamento" template is, for the settings screen. */
export const PARAMETROS_MODELO: Record<ModeloWhatsapp, readonly string[]> = {
  lancamento: ['nome', 'loja', 'lancamento', 'data', 'saldo', 'link', 'credor'],
  convite: ['nome', 'loja', 'credor'],
  lembrete: ['nome', 'loja', 'valor', 'prazo', 'link', 'credor'],
};

/** Replies that stop every automatic message at once, and those that give consent (upper-cased, without accents). */
export const RESPOSTAS_PARAR = ['PARAR', 'SAIR', 'STOP', 'CANCELAR'] as const;
export const RESPOSTAS_ACEITAR = ['SIM', 'YES', 'SI', 'ACEITO'] as const;

/** What a customer's reply means: 'parar', 'aceitar' or nothing (any other text). */
export function sentidoDaResposta(texto: string): 'parar' | 'aceitar' | null {
  const palavra = texto
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .toUpperCase();
  if ((RESPOSTAS_PARAR as readonly string[]).includes(palavra)) return 'parar';
  if ((RESPOSTAS_ACEITAR as readonly string[]).includes(palavra)) return 'aceitar';
  return null;
}

interface Fatos {
  lancamento: (tipo: DadosMensagem['tipo'], valor: string, debito: boolean) => string;
  saldo: (saldo: number, valor: string) => string;
  semLink: string;
  /** When the balance is due, as the day it is sent reads it (a reminder held over a Sunday stays true). */
  prazo: (quando: 'futuro' | 'hoje' | 'passado', data: string) => string;
}

const FATOS: Record<Language, Fatos> = {
  'pt-BR': {
    lancamento: (tipo, valor, debito) =>
      tipo === 'venda' ? `uma compra fiado de ${valor}` : tipo === 'pagamento' ? `o seu pagamento de ${valor}` : `um ${debito ? 'débito' : 'crédito'} de ${valor}`,
    saldo: (saldo, valor) => (saldo < 0 ? `Saldo em aberto: ${valor}.` : saldo > 0 ? `Você tem um crédito de ${valor}.` : 'A sua conta está em dia.'),
    semLink: 'fale com a loja',
    prazo: (quando, data) => (quando === 'futuro' ? `vence em ${data}` : quando === 'hoje' ? `vence hoje, ${data}` : `venceu em ${data}`),
  },
  'en-US': {
    lancamento: (tipo, valor, debito) => (tipo === 'venda' ? `a purchase on credit of ${valor}` : tipo === 'pagamento' ? `your payment of ${valor}` : `a ${debito ? 'debit' : 'credit'} of ${valor}`),
    saldo: (saldo, valor) => (saldo < 0 ? `Balance due: ${valor}.` : saldo > 0 ? `You have a credit of ${valor}.` : 'Your account is settled.'),
    semLink: 'ask the shop',
    prazo: (quando, data) => (quando === 'futuro' ? `is due on ${data}` : quando === 'hoje' ? `is due today, ${data}` : `was due on ${data}`),
  },
  'es-ES': {
    lancamento: (tipo, valor, debito) => (tipo === 'venda' ? `una compra a crédito de ${valor}` : tipo === 'pagamento' ? `su pago de ${valor}` : `un ${debito ? 'cargo' : 'abono'} de ${valor}`),
    saldo: (saldo, valor) => (saldo < 0 ? `Saldo pendiente: ${valor}.` : saldo > 0 ? `Tiene un saldo a favor de ${valor}.` : 'Su cuenta está al día.'),
    semLink: 'pregunte en la tienda',
    prazo: (quando, data) => (quando === 'futuro' ? `vence el ${data}` : quando === 'hoje' ? `vence hoy, ${data}` : `venció el ${data}`),
  },
};

/** WhatsApp refuses a parameter with a line break, a tab or more than four spaces in a row. */
const umaLinha = (texto: string) => texto.replace(/[\r\n\t]+/g, ' ').replace(/ {4,}/g, '   ').trim() || '—';

/** The parameters of the "lancamento" template for one entry of one customer's account, in order. */
export function parametrosDoLancamento(input: DadosMensagem & { nome: string; loja: string; documento: string | null; link: string | null; language: Language; currency: Currency; timeZone: string }): string[] {
  const f = FATOS[input.language] ?? FATOS['pt-BR'];
  const credor = identificacaoCredor(input.loja, input.documento, input.language) ?? input.loja;
  return [
    input.nome,
    input.loja,
    f.lancamento(input.tipo, formatMoney(Math.abs(input.valor), input.currency), input.valor < 0),
    formatDate(input.em, input.language, input.timeZone),
    f.saldo(input.saldo, formatMoney(Math.abs(input.saldo), input.currency)),
    input.link ?? f.semLink,
    credor,
  ].map(umaLinha);
}

/** The parameters of the "convite" template: the customer's name, the shop, the creditor. */
export function parametrosDoConvite(input: { nome: string; loja: string; documento: string | null; language: Language }): string[] {
  return [input.nome, input.loja, identificacaoCredor(input.loja, input.documento, input.language) ?? input.loja].map(umaLinha);
}

/**
 * The parameters of the "lembrete" template: the customer, the shop, what they owed when the day's
 * run queued it, when it is due as of `hoje` (the day it goes), their page, the creditor.
 */
export function parametrosDoLembrete(
  input: Pick<DadosLembrete, 'valor' | 'vencimento'> & { hoje: string; nome: string; loja: string; documento: string | null; link: string | null; language: Language; currency: Currency },
): string[] {
  const f = FATOS[input.language] ?? FATOS['pt-BR'];
  const quando = input.vencimento > input.hoje ? 'futuro' : input.vencimento === input.hoje ? 'hoje' : 'passado';
  return [
    input.nome,
    input.loja,
    formatMoney(input.valor, input.currency),
    f.prazo(quando, formatDate(input.vencimento, input.language)),
    input.link ?? f.semLink,
    identificacaoCredor(input.loja, input.documento, input.language) ?? input.loja,
  ].map(umaLinha);
}

/** The template's text with its parameters filled in: what the customer reads (tests and the settings' preview). */
export function preencherModelo(texto: string, parametros: readonly string[]): string {
  return texto.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => parametros[Number(n) - 1] ?? whole);
}

/** The delivery statuses WhatsApp reports, in the order they advance (a later one never goes back). */
export const STATUS_WHATSAPP = ['sent', 'delivered', 'read'] as const;

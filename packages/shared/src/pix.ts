/**
 * PIX keys as the seller types them, checked and normalised to the form a BR Code carries
 * (Banco Central's "Manual de Padrões para Iniciação do Pix"): CPF and CNPJ as digits with valid
 * check digits, e-mail lower-cased (≤ 77 characters), mobile phone as +55DDDNNNNNNNNN, random key
 * (EVP) as a lower-case UUID. Pure, so the settings form and the server agree.
 */
export const TIPOS_CHAVE_PIX = ['cpf', 'cnpj', 'email', 'telefone', 'aleatoria'] as const;
export type TipoChavePix = (typeof TIPOS_CHAVE_PIX)[number];

export interface ChavePix {
  tipo: TipoChavePix;
  chave: string;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

function checkDigit(digits: number[], weights: number[]): number {
  const sum = digits.reduce((acc, d, i) => acc + d * weights[i]!, 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export function isValidCpf(text: string): boolean {
  const d = digitsOf(text);
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const n = [...d].map(Number);
  const first = checkDigit(n.slice(0, 9), [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(n.slice(0, 10), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return n[9] === first && n[10] === second;
}

export function isValidCnpj(text: string): boolean {
  const d = digitsOf(text);
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  const n = [...d].map(Number);
  const first = checkDigit(n.slice(0, 12), [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(n.slice(0, 13), [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return n[12] === first && n[13] === second;
}

/**
 * An e-mail a BR Code can carry: a local part of letters, digits and _ ' + - . (no leading,
 * doubled or trailing dot, not ending in '), and a domain of labels of up to 63 letters, digits
 * and inner hyphens ending in a top-level domain of 2 to 63 letters. Payment apps refuse others.
 */
const EMAIL = /^(?:[a-z0-9_'+-]+\.)*[a-z0-9_'+-]*[a-z0-9_+-]@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Mobile numbers only (a landline is not a PIX key): DDD + 9 + eight digits. */
const MOBILE = /^(\d{2})9\d{8}$/;
/** Brazil's area codes (DDD). */
const DDD = new Set(
  '11 12 13 14 15 16 17 18 19 21 22 24 27 28 31 32 33 34 35 37 38 41 42 43 44 45 46 47 48 49 51 53 54 55 61 62 63 64 65 66 67 68 69 71 73 74 75 77 79 81 82 83 84 85 86 87 88 89 91 92 93 94 95 96 97 98 99'.split(' '),
);

/**
 * Every way the typed key reads as a PIX key, in its canonical form: none (not a key), one (almost
 * every key), or two for 11 bare digits that are both a valid CPF and a mobile number with its DDD
 * (`11987654374`): such a key is never guessed, the seller says which it is. A CPF written with its
 * mask is a CPF; anything with +55, parentheses or spaces is a phone; 14 digits are a CNPJ.
 */
export function leiturasChavePix(input: string): ChavePix[] {
  const text = input.trim();
  if (!text || text.length > 100) return [];
  const lower = text.toLowerCase();
  if (EVP.test(lower)) return [{ tipo: 'aleatoria', chave: lower }];
  if (text.includes('@')) return EMAIL.test(lower) && lower.length <= 77 ? [{ tipo: 'email', chave: lower }] : [];
  if (/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(text)) return isValidCpf(text) ? [{ tipo: 'cpf', chave: digitsOf(text) }] : [];
  if (/^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/.test(text)) return isValidCnpj(text) ? [{ tipo: 'cnpj', chave: digitsOf(text) }] : [];
  const leituras: ChavePix[] = [];
  if (/^\d{11}$/.test(text) && isValidCpf(text)) leituras.push({ tipo: 'cpf', chave: text });
  if (/^[\d\s()+.-]+$/.test(text)) {
    let d = digitsOf(text);
    if (d.length === 13 && d.startsWith('55')) d = d.slice(2);
    const mobile = MOBILE.exec(d);
    if (mobile && DDD.has(mobile[1]!)) leituras.push({ tipo: 'telefone', chave: `+55${d}` });
  }
  return leituras;
}

/**
 * The key in its canonical form: read as `tipo` when given (null if it is not a key of that type),
 * otherwise its only reading (null when it has none, or two: leiturasChavePix).
 */
export function normalizarChavePix(input: string, tipo?: TipoChavePix): ChavePix | null {
  const leituras = leiturasChavePix(input);
  if (tipo) return leituras.find((l) => l.tipo === tipo) ?? null;
  return leituras.length === 1 ? leituras[0]! : null;
}

/** Accents folded (NFD, marks dropped), every run of white space one space, trimmed. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * What the text fields of a BR Code (receiver's name, city, message) may hold here: the letters
 * A–Z and a–z (an accented letter is folded to its plain one), digits, spaces and . , - / & '. The
 * EMV format would carry any printable ASCII, but payment apps show these fields to the payer and
 * some refuse more; and a text that can hold `{` `}` `<` `>` could carry a message placeholder or
 * markup into every code and message made from it.
 */
const FORA_DO_PIX = /[^A-Za-z0-9 .,\-/&']/gu;

/** The characters of `text` that a BR Code's text field does not take (accents aside: they fold), each once. */
export function caracteresForaDoPix(text: string): string[] {
  return [...new Set(folded(text).match(FORA_DO_PIX) ?? [])];
}

/**
 * A name, city or message as a BR Code carries it: accents folded, only the characters above kept,
 * spaces collapsed. Empty when nothing of it is left ("日本語"). The settings refuse a name or city
 * with other characters (caracteresForaDoPix); a shop name used as the code's message is trimmed
 * to them.
 */
export function textoDoPix(text: string): string {
  return folded(text).replace(FORA_DO_PIX, '').replace(/ {2,}/g, ' ').trim();
}

/** The placeholder of the seller's WhatsApp messages that becomes the shop's PIX code. */
export const PIX_PLACEHOLDER = '{pix}';

/**
 * Fills `{pix}` in a message with the customer's PIX "copia e cola" code (on /devedores each
 * debtor carries it; GET /api/clientes/{id}/pix gives one customer's). Without a code (the shop
 * has no PIX key, or nothing is owed) nothing of it is left dangling: a `{pix}` on a line of its
 * own goes with that line and with the line just before it when that one ends in ":" (its label,
 * "PIX copia e cola:"); elsewhere the placeholder goes with the spaces before it.
 */
export function preencherPix(mensagem: string, codigo: string | null): string {
  if (!mensagem.includes(PIX_PLACEHOLDER)) return mensagem;
  if (codigo) return mensagem.split(PIX_PLACEHOLDER).join(codigo);
  return mensagem
    .replace(/(?:^[^\n]*:[ \t]*\n)?^[ \t]*\{pix\}[ \t]*(?:\n|$)/gm, '')
    .replace(/^[ \t]*\{pix\}[ \t]*/gm, '')
    .replace(/[ \t]*\{pix\}/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

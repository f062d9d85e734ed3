/**
 * Brazilian phone numbers are stored as digits only: DDD (two digits, neither zero) plus 8 digits
 * (landline) or 9 digits starting with 9 (mobile). People type them in many ways — "(11) 98765-4321",
 * "+55 11 98765 4321", "011 3333-4444" — so input is reduced to those digits first.
 */
export function normalizePhone(text: string): string {
  let digits = text.replace(/\D/g, '');
  // Long-distance and international prefixes: "0 11 …", "00 55 11 …". No DDD starts with 0.
  digits = digits.replace(/^0+/, '');
  // Country code: only when what follows is a full national number.
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')) digits = digits.slice(2);
  return digits;
}

const LANDLINE = /^[1-9]{2}\d{8}$/;
const MOBILE = /^[1-9]{2}9\d{8}$/;

/** True for a Brazilian mobile number in digits: the only kind WhatsApp messages reach. */
export const isMobilePhone = (digits: string): boolean => MOBILE.test(digits);

/** True for a national Brazilian number in digits (see normalizePhone). */
export function isValidPhone(digits: string): boolean {
  return LANDLINE.test(digits) || MOBILE.test(digits);
}

/** "11987654321" → "(11) 98765-4321"; "1133334444" → "(11) 3333-4444"; anything else unchanged. */
export function formatPhone(digits: string | null | undefined): string {
  if (!digits) return '';
  if (digits.length === 11) return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
  if (digits.length === 10) return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return digits;
}

/** WhatsApp wants the country code (55) in front of the national digits. */
export function whatsappPhone(telefone: string): string {
  const digits = telefone.replace(/\D/g, '');
  if (digits.length >= 12 && digits.startsWith('55')) return digits;
  return `55${digits}`;
}

/** `https://wa.me/55{digits}?text={message}`; without a phone, WhatsApp lets the user pick a contact. */
export function whatsappLink(telefone: string | null | undefined, texto: string): string {
  const digits = (telefone ?? '').replace(/\D/g, '');
  const base = digits ? `https://wa.me/${whatsappPhone(digits)}` : 'https://wa.me/';
  return `${base}?text=${encodeURIComponent(texto)}`;
}

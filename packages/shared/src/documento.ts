import { isValidCnpj, isValidCpf } from './pix';

/**
 * CPF (11 digits) and CNPJ (14 digits), stored as digits only. Both end in two check digits
 * (mod 11); sequences of one repeated digit pass that check but are not real documents. The
 * check-digit rules are the PIX key's (./pix).
 */
export function normalizeDocumento(text: string): string {
  return text.replace(/\D/g, '');
}

/** A CPF or a CNPJ, by its length. */
export function isValidDocumento(digits: string): boolean {
  return digits.length === 11 ? isValidCpf(digits) : isValidCnpj(digits);
}

/** "52998224725" → "529.982.247-25"; "11222333000181" → "11.222.333/0001-81"; anything else unchanged. */
export function formatDocumento(digits: string | null | undefined): string {
  if (!digits) return '';
  if (digits.length === 11) return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
  if (digits.length === 14) return `${digits.slice(0, 2)}.${digits.slice(2, 5)}.${digits.slice(5, 8)}/${digits.slice(8, 12)}-${digits.slice(12)}`;
  return digits;
}

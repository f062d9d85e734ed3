import type { ExistentesResposta, TipoImportacao } from '@caderneta/shared';
import { api } from '@/lib/api-client';

/**
 * Which of the preview's keys (customers' phone digits, products' barcodes) the shop already has:
 * a read that travels as a POST, since 20,000 keys do not fit in an address.
 */
export async function conferirExistentes(tipo: TipoImportacao, chaves: string[]): Promise<Map<string, ExistentesResposta['existentes'][number]>> {
  if (chaves.length === 0) return new Map();
  const { existentes } = await api<ExistentesResposta>(`/api/importacoes/${tipo}/existentes`, { method: 'POST', body: { chaves } });
  return new Map(existentes.map((e) => [e.chave, e]));
}

import type { ProdutoNomeDuplicado } from '@caderneta/shared';
import { api } from '@/lib/api-client';

/** Asks the server whether another of the seller's products already has this name (no case, no accents). */
export function checkNomeProduto(nome: string, excetoId?: string): Promise<ProdutoNomeDuplicado> {
  const params = new URLSearchParams({ nome: nome.trim() });
  if (excetoId) params.set('excetoId', excetoId);
  return api<ProdutoNomeDuplicado>(`/api/produtos/nome-duplicado?${params.toString()}`);
}

import type { ProdutoNomeDuplicado } from '@caderneta/shared';
import { api } from '@/lib/api-client';
import { toSearchParams } from '@/lib/query-keys';

/** Asks the server whether another of the seller's products already has this name (no case, no accents). */
export function checkNomeProduto(nome: string, excetoId?: string): Promise<ProdutoNomeDuplicado> {
  return api<ProdutoNomeDuplicado>(`/api/produtos/nome-duplicado${toSearchParams({ nome, excetoId })}`);
}

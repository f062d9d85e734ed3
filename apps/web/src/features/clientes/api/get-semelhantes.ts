import type { ClientesSemelhantes, ClientesSemelhantesQuery } from '@caderneta/shared';
import { api } from '@/lib/api-client';
import { toSearchParams } from '@/lib/query-keys';

/** The seller's customers with this phone or a near-identical name, asked before "Novo Cliente" registers another. */
export function getSemelhantes(query: ClientesSemelhantesQuery): Promise<ClientesSemelhantes> {
  return api<ClientesSemelhantes>(`/api/clientes/semelhantes${toSearchParams(query)}`);
}

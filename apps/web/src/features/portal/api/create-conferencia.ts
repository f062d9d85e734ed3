import type { Conferencia, ConferenciaInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';
import { portalPath } from './get-portal';

/** "Reconheço" / "Não reconheço" (with the reason) about an entry of the customer's account. */
export function createConferencia(login: string, input: ConferenciaInput): Promise<Conferencia> {
  return api<Conferencia>(`${portalPath(login)}/conferencias`, { method: 'POST', body: input });
}

export function useCreateConferencia(login: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: ConferenciaInput) => createConferencia(login, input), onSuccess: () => refreshAfter(queryClient, 'createConferencia') });
}

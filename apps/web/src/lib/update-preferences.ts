import type { Me, PreferenciasInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { meQueryOptions } from './get-me';
import { refreshAfter } from './query-keys';

/** Saves the seller's language/currency on the server (they follow the seller to any device). */
export function updatePreferences(input: PreferenciasInput): Promise<Me> {
  return api<Me>('/api/me/preferencias', { method: 'PATCH', body: input });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  const { queryKey } = meQueryOptions();
  return useMutation({
    mutationFn: updatePreferences,
    onMutate: (input) => {
      // Optimistic, so the session's language never lags behind the one just chosen.
      queryClient.setQueryData(queryKey, (me) =>
        me ? { ...me, perfil: { ...me.perfil, ...input } } : me,
      );
    },
    onSuccess: (me) => {
      queryClient.setQueryData(queryKey, me);
      return refreshAfter(queryClient, 'updatePreferences');
    },
  });
}

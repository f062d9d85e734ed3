import type { SignInInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { getMe, meQueryOptions } from '@/lib/get-me';
import { refreshAfter } from '@/lib/query-keys';

/** better-auth's e-mail sign-in; the server sets the httpOnly session cookie. */
export async function signIn(input: SignInInput): Promise<void> {
  await api<unknown>('/api/auth/sign-in/email', {
    method: 'POST',
    body: { email: input.email, password: input.senha, rememberMe: input.permanecerLogado },
  });
}

/** Signs in, then loads the seller so protected pages open without a second round trip. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SignInInput) => {
      await signIn(input);
      const me = await getMe();
      // Accepted credentials but no session: the cookie did not stick (e.g. blocked cookies).
      if (!me) throw new ApiError(401, { code: 'UNAUTHENTICATED', message: '' });
      queryClient.setQueryData(meQueryOptions().queryKey, me);
      return me;
    },
    onSuccess: () => refreshAfter(queryClient, 'signIn'),
  });
}

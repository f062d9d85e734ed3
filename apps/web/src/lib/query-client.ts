import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { queryKeys } from './query-keys';


export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        // Any query answered 401 means the session is gone: mark the seller as signed out so
        // the protected layout asks them to sign in again (or, on a fresh load, sends them to /auth).
        if (error instanceof ApiError && error.status === 401) {
          client.setQueryData(queryKeys.me, null);
        }
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        // A save refused because the session is gone (expired, or signed out in another tab): the
        // same. The page stays as typed, and the protected layout asks the seller to sign in over
        // it (routes/protected.tsx); the form shows no error toast under that dialog (sessionEnded). Only this code: a wrong
        // password on the sign-in or password forms is a 401 too, and signs nobody out.
        if (error instanceof ApiError && error.code === 'UNAUTHENTICATED') {
          client.setQueryData(queryKeys.me, null);
        }
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Client errors will not fix themselves by retrying; network and 5xx may.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();

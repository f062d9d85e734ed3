import { Navigate, useLocation } from 'react-router';

/** The page the app opens after signing in when nothing else was asked for. */
export const HOME_PATH = '/dashboard';

interface LoginState {
  from?: unknown;
}

/**
 * Sends a signed-out visitor to /auth, remembering the page they asked for, which opens after
 * signing in. (A session that ends under an open page does not come here: the seller signs in
 * over the page, see routes/protected.tsx.)
 */
export function RedirectToLogin() {
  const { pathname, search, hash } = useLocation();
  return <Navigate to="/auth" replace state={{ from: `${pathname}${search}${hash}` } satisfies LoginState} />;
}

/**
 * Where to go after signing in: the page RedirectToLogin remembered, else the dashboard. Only a
 * path of this app is taken ("//host" would leave it).
 */
export function destinoDepoisDoLogin(state: unknown): string {
  const from = (state as LoginState | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/auth')) return HOME_PATH;
  return from;
}

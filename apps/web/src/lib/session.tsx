import type { Me } from '@caderneta/shared';
import { createContext, type ReactNode, useContext } from 'react';

const SessionContext = createContext<Me | null>(null);

/** Provided by the protected route once /api/me answered with a seller. */
export function SessionProvider({ me, children }: { me: Me; children: ReactNode }) {
  return <SessionContext.Provider value={me}>{children}</SessionContext.Provider>;
}

/** The signed-in seller. Only for components rendered under a protected route. */
export function useSession(): Me {
  const me = useContext(SessionContext);
  if (!me) throw new Error('useSession must be used under the protected route');
  return me;
}

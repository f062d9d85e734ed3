import { foraDaJanelaOffline } from '@caderneta/shared';
import { AppError } from './errors';

/**
 * What the counter queued offline — a sale or a payment — is taken only when its `feitaEm` lies in
 * the window around the server's clock (ADR 034): 400 VALIDATION on `offline.feitaEm` with the
 * shared schema's message keys otherwise. `mensagens` are the sentences for callers other than the
 * web, which words the keys itself.
 */
export function checkJanelaOffline(feitaEm: Date, agora: Date, mensagens: { feitaEmNoFuturo: string; feitaEmAntiga: string }): void {
  const fora = foraDaJanelaOffline(feitaEm, agora);
  if (!fora) return;
  throw new AppError('VALIDATION', 400, { message: mensagens[fora], issues: [{ path: 'offline.feitaEm', message: fora }] });
}

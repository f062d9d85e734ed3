/**
 * Names the shell needs without loading the offline code (and its IndexedDB library): the seller's
 * database and the channel the outbox announces its changes on (offline/banco.ts, offline/saida.ts,
 * components/layout/app-layout.tsx).
 */
export const nomeDoBanco = (sellerId: string) => `caderneta-balcao-${sellerId}`;
export const CANAL_DA_SAIDA = 'caderneta.saida';

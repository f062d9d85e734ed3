import { useEffect, useRef } from 'react';
import { newIdempotencyKey } from '@/lib/idempotency-key';

export { newIdempotencyKey };

/**
 * One idempotency key per opening of a dialog for `cliente` (null: closed): a request retried
 * after a lost answer or an error posts nothing twice; the next opening is a new entry.
 */
export function useChavePorAbertura(cliente: unknown) {
  const chave = useRef('');
  useEffect(() => {
    if (cliente) chave.current = newIdempotencyKey();
  }, [cliente]);
  return chave;
}

import { useRef } from 'react';

/**
 * The last non-null value: a dialog driven by `item | null` keeps showing its item while it
 * animates closed, instead of flashing empty text.
 */
export function useLastPresent<T>(value: T | null | undefined): T | null {
  const last = useRef<T | null>(value ?? null);
  if (value != null) last.current = value;
  return last.current;
}

import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value';

/**
 * The search, filters and page of a list, kept in the URL (a reload or the back button returns to
 * the same view). The search box updates the URL once typing pauses, going back to page 1.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const busca = params.get('busca') ?? '';
  const pageParam = Number(params.get('page'));
  const page = Number.isInteger(pageParam) && pageParam > 1 ? pageParam : 1;

  const update = useCallback(
    (changes: Record<string, string | number | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '' || (key === 'page' && value === 1)) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  const [typed, setTyped] = useState(busca);
  const debounced = useDebouncedValue(typed.trim(), 300);
  useEffect(() => {
    if (debounced !== busca) update({ busca: debounced, page: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only typing drives this; `busca` changing from the URL must not echo back.
  }, [debounced]);

  const setPage = useCallback((next: number) => update({ page: next }), [update]);
  /** Sets a filter (null or undefined: removes it) and goes back to page 1. */
  const setFilter = useCallback(
    (key: string, value: string | null | undefined) => update({ [key]: value ?? null, page: null }),
    [update],
  );

  /** The filter `key` if it is one of `options`, else the first option (the default). */
  const choice = useCallback(
    <V extends string>(key: string, options: readonly [V, ...V[]]): V => option(params, key, options) ?? options[0],
    [params],
  );
  /** The filter `key` if it is one of `options`, else undefined (no filter). */
  const optional = useCallback(<V extends string>(key: string, options: readonly V[]) => option(params, key, options), [params]);

  return { params, busca, typed, setTyped, page, setPage, setFilter, choice, optional };
}

export type ListParams = ReturnType<typeof useListParams>;

function option<V extends string>(params: URLSearchParams, key: string, options: readonly V[]): V | undefined {
  const value = params.get(key);
  return (options as readonly (string | null)[]).includes(value) ? (value as V) : undefined;
}

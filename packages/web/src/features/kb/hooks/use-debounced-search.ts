import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '@selfserve/contract';
import { useEffect, useRef, useState } from 'react';

export interface DebouncedSearchState<T> {
  /** The query the shown data answers (trimmed), or null when nothing has been searched. */
  query: string | null;
  data: T | undefined;
  error: unknown;
  /** True while a search is in flight. */
  searching: boolean;
  /** The typed query, trimmed and settled for the debounce time. */
  settled: string;
}

/**
 * Search-as-you-type (spec §5, §9): waits until typing pauses for SEARCH_DEBOUNCE_MS, runs only with at
 * least SEARCH_MIN_CHARS characters and never while another search is in flight; when that one ends and
 * the settled query has moved on, the newest query runs next (intermediate ones are skipped).
 */
export function useDebouncedSearch<T>(query: string, search: (query: string) => Promise<T>): DebouncedSearchState<T> {
  const trimmed = query.trim();
  const [settled, setSettled] = useState(trimmed);
  const [searching, setSearching] = useState(false);
  const [result, setResult] = useState<{ query: string | null; data: T | undefined; error: unknown }>({
    query: null,
    data: undefined,
    error: undefined,
  });
  const lastSearched = useRef<string | null>(null);
  const searchRef = useRef(search);
  searchRef.current = search;
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (trimmed === settled) return;
    const timer = setTimeout(() => setSettled(trimmed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [trimmed, settled]);

  useEffect(() => {
    if (searching || settled.length < SEARCH_MIN_CHARS || settled === lastSearched.current) return;
    lastSearched.current = settled;
    setSearching(true);
    const q = settled;
    searchRef
      .current(q)
      .then(
        (data) => {
          if (mounted.current) setResult({ query: q, data, error: undefined });
        },
        (error: unknown) => {
          if (mounted.current) setResult({ query: q, data: undefined, error });
        },
      )
      .finally(() => {
        if (mounted.current) setSearching(false);
      });
  }, [settled, searching]);

  return { ...result, searching, settled };
}

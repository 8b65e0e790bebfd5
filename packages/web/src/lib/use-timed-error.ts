import { ERROR_DISPLAY_MS } from '@selfserve/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * An error shown for a while and then cleared (guided-flows.md §9: errors show for 4000 ms): `show(text)` shows it
 * (again, restarting the time); `clear()` hides it at once.
 */
export function useTimedError(ms: number = ERROR_DISPLAY_MS) {
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setError(null);
  }, []);
  const show = useCallback(
    (text: string) => {
      if (timer.current) clearTimeout(timer.current);
      setError(text);
      timer.current = setTimeout(() => {
        timer.current = null;
        setError(null);
      }, ms);
    },
    [ms],
  );
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return { error, show, clear };
}

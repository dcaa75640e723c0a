import { useCallback, useEffect, useState } from 'react';

/**
 * `value`, once it has stayed the same for `delay` ms; `flush` takes it over at once (Enter in
 * a search box, say).
 */
export function useDebouncedValue<T>(value: T, delay: number): [T, () => void] {
  const [settled, setSettled] = useState(value);

  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);

  const flush = useCallback(() => setSettled(value), [value]);
  return [settled, flush];
}

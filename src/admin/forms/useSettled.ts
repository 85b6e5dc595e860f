import { useEffect, useState } from 'react';

/** `value` once it has stayed unchanged for `delay` ms (what a live count asks the server about as staff type). */
export function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

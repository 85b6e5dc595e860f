/**
 * Loads one thing when the component appears (and again on reload()); failures arrive as values.
 * With `initial` (the same thing, just loaded by someone else) the first load is skipped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from '../common/http.ts';

export type Loaded<T> =
  | { state: 'loading' }
  | { state: 'error'; message: string; status: number }
  | { state: 'loaded'; data: T };

export function useLoad<T>(load: () => Promise<ApiResult<T>>, deps: readonly unknown[], initial?: T): [Loaded<T>, () => void, (data: T) => void] {
  const [result, setResult] = useState<Loaded<T>>(initial === undefined ? { state: 'loading' } : { state: 'loaded', data: initial });
  const [round, setRound] = useState(0);
  const skipFirst = useRef(initial !== undefined);
  useEffect(() => {
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
    let current = true;
    setResult({ state: 'loading' });
    void load().then((answer) => {
      if (!current) return;
      setResult(answer.ok ? { state: 'loaded', data: answer.data } : { state: 'error', message: answer.message, status: answer.status });
    });
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [...deps, round]);
  const reload = useCallback(() => setRound((value) => value + 1), []);
  const replace = useCallback((data: T) => setResult({ state: 'loaded', data }), []);
  return [result, reload, replace];
}

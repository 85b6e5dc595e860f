/** Loads one thing when the component appears (and again on reload()); failures arrive as values. */
import { useCallback, useEffect, useState } from 'react';
import type { ApiResult } from '../common/http.ts';

export type Loaded<T> = { state: 'loading' } | { state: 'error'; message: string; status: number } | { state: 'loaded'; data: T };

export function useLoad<T>(load: () => Promise<ApiResult<T>>, deps: readonly unknown[]): [Loaded<T>, () => void, (data: T) => void] {
  const [result, setResult] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
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

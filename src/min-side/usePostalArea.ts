/** Fills in the postal area when a known four-digit Norwegian postal code is typed. */
import { useEffect } from 'react';
import { api } from './api.ts';

export function usePostalArea(code: string | undefined, onArea: (area: string) => void): void {
  useEffect(() => {
    const trimmed = code?.trim() ?? '';
    if (!/^\d{4}$/.test(trimmed)) return;
    let current = true;
    void api.postalCode(trimmed).then((answer) => {
      if (current && answer.ok && answer.data.data.area) onArea(answer.data.data.area);
    });
    return () => {
      current = false;
    };
    // onArea is a fresh closure each render; the lookup depends on the code only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);
}

/** The primary-instrument choices members may pick (use_member 1), after 'Velg instrument'. */
import { useEffect, useState } from 'react';
import { api } from './api.ts';
import { useShownLocale, useTexts } from './locale.tsx';
import { INSTRUMENT_TYPE_NAMES, shownName } from './components/DataName.tsx';

export interface Option {
  value: number;
  label: string;
  lang?: string;
}

/**
 * `resync` runs once the categories arrive: a select rendered before its options exist shows
 * the first option, so the form's value has to be written into it again.
 */
export function useInstrumentOptions(current?: number, resync?: () => void): Option[] {
  const texts = useTexts();
  const locale = useShownLocale();
  const [categories, setCategories] = useState<Option[]>([]);
  useEffect(() => {
    let active = true;
    void api.instrumentCategories().then((answer) => {
      if (!active || !answer.ok) return;
      setCategories(answer.data.data.filter((category) => category.use_member === 1).map((category) => ({ value: category.id, label: category.title })));
    });
    return () => {
      active = false;
    };
  }, []);
  useEffect(() => {
    if (categories.length > 0) resync?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [categories]);
  const named = categories.map((option) => {
    const shown = shownName(INSTRUMENT_TYPE_NAMES, option.label, locale);
    return { value: option.value, label: shown.text, lang: shown.lang };
  });
  const options: Option[] = [{ value: 0, label: texts.chooseInstrument }, ...named];
  // A member may hold an instrument no longer offered; keep it selectable rather than silently dropping it.
  if (current && categories.length > 0 && !categories.some((option) => option.value === current)) {
    options.push({ value: current, label: String(current) });
  }
  return options;
}

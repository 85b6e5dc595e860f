/**
 * A name from the register (a product, an instrument type) as Min side shows it: in English the
 * reference data's English name when the list knows it, otherwise the name as it is, marked as
 * Norwegian so a screen reader says it right.
 */
import { englishName, type ReferenceName } from '../../../server/schemas/reference-names.ts';
import { useShownLocale } from '../locale.tsx';
import type { Locale } from '../texts.ts';

export { INSTRUMENT_TYPE_NAMES, PRODUCT_NAMES } from '../../../server/schemas/reference-names.ts';

export interface ShownName {
  text: string;
  /** Set when the text is Norwegian on an English page. */
  lang?: 'nb';
}

export function shownName(names: readonly ReferenceName[], name: string, locale: Locale): ShownName {
  if (locale === 'nb') return { text: name };
  const english = englishName(names, name);
  return english === null ? { text: name, lang: 'nb' } : { text: english };
}

export function DataName({ names, name }: { names: readonly ReferenceName[]; name: string }) {
  const shown = shownName(names, name, useShownLocale());
  return shown.lang ? <span lang={shown.lang}>{shown.text}</span> : <>{shown.text}</>;
}

/**
 * Which catalogue Min side shows (src/i18n/min-side: nb.ts, en.ts, each with its date and amount
 * formats) and where the choice is kept. Components take their texts from `useTexts()`
 * (locale.tsx), so they follow a switch; code outside React (the form schemas' messages) asks
 * `activeTexts()` when it needs a text.
 */
import { minSideNb, type MinSideTexts } from '../i18n/min-side/nb.ts';
import { setAnswerLanguage } from '../common/http.ts';

export { SUPPORT_CONTACT } from '../i18n/min-side/nb.ts';
export type { MinSideTexts } from '../i18n/min-side/nb.ts';

export type Locale = 'nb' | 'en';
export const LOCALES: readonly Locale[] = ['nb', 'en'];

/** The device remembers the member's choice (kept when signing out clears the rest). */
export const LOCALE_STORAGE_KEY = 'min-side.locale';

let english: MinSideTexts | null = null;
let active: Locale = 'nb';

export function storedLocale(): Locale {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY) === 'en' ? 'en' : 'nb';
  } catch {
    return 'nb';
  }
}

/** The stored choice, or null when the member never chose. */
export function chosenLocale(): Locale | null {
  try {
    const stored = localStorage.getItem(LOCALE_STORAGE_KEY);
    return stored === 'en' || stored === 'nb' ? stored : null;
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Private modes may refuse storage: the choice then lasts for this visit.
  }
}

/** True when the locale's catalogue can be shown at once (English loads on first use). */
export const isLoaded = (locale: Locale): boolean => locale === 'nb' || english !== null;

/** Keeps the English catalogue once loaded (locale.tsx's `loadCatalogue`). */
export function setEnglish(catalogue: MinSideTexts): void {
  english = catalogue;
}

export const catalogueOf = (locale: Locale): MinSideTexts => (locale === 'en' && english ? english : minSideNb);

/** Called by the locale provider whenever the shown locale changes. */
export function setActiveLocale(locale: Locale): void {
  active = locale;
  setAnswerLanguage(locale);
}

export const activeLocale = (): Locale => active;

/** The shown catalogue, for code outside React (read when the text is needed, not at import). */
export const activeTexts = (): MinSideTexts => catalogueOf(active);

const messageGroups = (catalogue: MinSideTexts): Record<string, string>[] => [catalogue.validation, catalogue.travel.rules];

/**
 * A form message the app knows (a form rule's, a travel rule's), in the given locale; any other
 * (a server's own) as it is. A message already on screen so follows a switch of language.
 */
export function messageIn(message: string | undefined, locale: Locale): string | undefined {
  if (!message) return message;
  const target = messageGroups(catalogueOf(locale));
  for (const from of LOCALES) {
    if (!isLoaded(from)) continue;
    const groups = messageGroups(catalogueOf(from));
    for (const [index, group] of groups.entries()) {
      const key = Object.keys(group).find((name) => group[name] === message);
      if (key) return target[index][key];
    }
  }
  return message;
}

/** How a catalogue writes dates and amounts (its `formats`). */
export type Formats = MinSideTexts['formats'];

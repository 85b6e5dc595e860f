import Polyglot from 'node-polyglot';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeTranslations, type I18nProvider, type TranslationMessages } from 'react-admin';
import appNorwegian from './app/nb.ts';
import { latePhrase } from './app/late.ts';
import raNorwegian from './ra/nb.ts';

/** The bokmål a staff page's first load brings; each area's pages add their own (./app/late.ts). */
export const nbMessages: TranslationMessages = mergeTranslations(raNorwegian, appNorwegian);

export const DEFAULT_LOCALE = 'nb';

export const LOCALES = [
  { locale: 'nb', name: 'Norsk bokmål' },
  { locale: 'en', name: 'English' },
];

/**
 * The staff app's translations. React-admin keeps the chosen locale in its store under
 * 'locale' (useLocaleState) and switches this provider to it on start. A missing key shows
 * the key itself; outside production polyglot also logs it, so component tests catch it.
 */
const catalogue = polyglotI18nProvider(
  // English is fetched only when someone switches to it, so the Norwegian first load stays small.
  (locale) => (locale === 'en' ? import('./en.ts').then((module) => module.enMessages) : nbMessages),
  DEFAULT_LOCALE,
  LOCALES,
  { allowMissing: import.meta.env.PROD },
);

/**
 * In bokmål a page's own messages (./app/late.ts) are looked up first: before polyglot, which
 * would take a default react-admin passes (`_`, often the key itself) for a key its catalogue lacks.
 */
export const i18nProvider: I18nProvider = {
  ...catalogue,
  translate(key, options = {}) {
    const phrase = catalogue.getLocale() === DEFAULT_LOCALE ? latePhrase(key) : undefined;
    return phrase === undefined ? catalogue.translate(key, options) : Polyglot.transformPhrase(phrase, options, DEFAULT_LOCALE);
  },
};

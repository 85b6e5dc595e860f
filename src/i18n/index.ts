import polyglotI18nProvider from 'ra-i18n-polyglot';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import appNorwegian from './app/nb.ts';
import raNorwegian from './ra/nb.ts';

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
export const i18nProvider = polyglotI18nProvider(
  // English is fetched only when someone switches to it, so the Norwegian first load stays small.
  (locale) => (locale === 'en' ? import('./en.ts').then((module) => module.enMessages) : nbMessages),
  DEFAULT_LOCALE,
  LOCALES,
  { allowMissing: import.meta.env.PROD },
);

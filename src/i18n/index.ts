import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import appEnglish from './app/en.ts';
import appNorwegian from './app/nb.ts';
import raNorwegian from './ra/nb.ts';

/** English for the react-admin keys that ra-language-english lacks (see ra/nb.ts). */
const raEnglishGaps = {
  ra: {
    inspector: {
      hideAll: 'Hide All',
      showAll: 'Show All',
      Datagrid: { title: 'Datagrid' },
      SimpleForm: { title: 'Form' },
      SimpleList: { title: 'List' },
    },
  },
};

export const nbMessages: TranslationMessages = mergeTranslations(raNorwegian, appNorwegian);
export const enMessages: TranslationMessages = mergeTranslations(englishMessages, raEnglishGaps, appEnglish);

export const DEFAULT_LOCALE = 'nb';

export const LOCALES = [
  { locale: 'nb', name: 'Norsk bokmål' },
  { locale: 'en', name: 'English' },
];

const messagesByLocale: Record<string, TranslationMessages> = { nb: nbMessages, en: enMessages };

/**
 * The staff app's translations. React-admin keeps the chosen locale in its store under
 * 'locale' (useLocaleState) and switches this provider to it on start. A missing key shows
 * the key itself; outside production polyglot also logs it, so component tests catch it.
 */
export const i18nProvider = polyglotI18nProvider(
  (locale) => messagesByLocale[locale] ?? nbMessages,
  DEFAULT_LOCALE,
  LOCALES,
  { allowMissing: import.meta.env.PROD },
);

import englishMessages from 'ra-language-english';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import appEnglish from './app/en.ts';

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

export const enMessages: TranslationMessages = mergeTranslations(englishMessages, raEnglishGaps, appEnglish);

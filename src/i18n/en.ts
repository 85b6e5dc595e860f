import englishMessages from 'ra-language-english';
import { mergeTranslations, type TranslationMessages } from 'react-admin';
import appEnglish from './app/en.ts';

/** English for the react-admin keys that ra-language-english lacks (see ra/nb.ts), and the rich-text toolbar's. */
const raEnglishGaps = {
  ra: {
    // The column's own label, as in Norwegian (ra/nb.ts).
    sort: { sort_by: 'Sort by %{field} %{order}' },
    tiptap: {
      align_center: 'Center',
      align_justify: 'Justify',
      align_left: 'Align left',
      align_right: 'Align right',
      blockquote: 'Blockquote',
      bold: 'Bold',
      clear_format: 'Clear format',
      code: 'Code',
      color: 'Color',
      current_level: 'Current level',
      heading1: 'Heading 1',
      heading2: 'Heading 2',
      heading3: 'Heading 3',
      heading4: 'Heading 4',
      heading5: 'Heading 5',
      heading6: 'Heading 6',
      highlight: 'Highlight',
      image: 'Image',
      image_dialog: 'Image URL',
      italic: 'Italic',
      link: 'Link',
      list_bulleted: 'Bulleted list',
      list_numbered: 'Numbered list',
      paragraph: 'Normal',
      select_level: 'Select level',
      strike: 'Strikethrough',
      underline: 'Underline',
    },
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

/** The texts of the pages a member opens without the profile, in the language shown (src/i18n/min-side/pages-nb.ts, -en.ts). */
import { pagesEn } from '../i18n/min-side/pages-en.ts';
import { pagesNb, type PageTexts } from '../i18n/min-side/pages-nb.ts';
import { useShownLocale } from './locale.tsx';

export const usePageTexts = (): PageTexts => (useShownLocale() === 'en' ? pagesEn : pagesNb);

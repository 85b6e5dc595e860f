/** The instrument documents' texts in the language shown (src/i18n/min-side/documents-nb.ts, -en.ts). */
import { documentsEn } from '../../i18n/min-side/documents-en.ts';
import { documentsNb, type DocumentTexts } from '../../i18n/min-side/documents-nb.ts';
import { useShownLocale } from '../locale.tsx';

export type { DocumentError, DocumentTexts } from '../../i18n/min-side/documents-nb.ts';

export const useDocumentTexts = (): DocumentTexts => (useShownLocale() === 'en' ? documentsEn : documentsNb);

/** A form message in the language shown: a known key's text, or the server's own message as it is. */
export function errorText(t: DocumentTexts, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return message in t.errors ? t.errors[message as keyof DocumentTexts['errors']] : message;
}

/** A file's size as the member reads it: '2,4 MB', '310 kB'. */
export function fileSize(bytes: number, locale: 'nb' | 'en'): string {
  const format = (value: number) => new Intl.NumberFormat(locale === 'en' ? 'en-GB' : 'nb-NO', { maximumFractionDigits: 1 }).format(value);
  return bytes >= 1024 * 1024 ? `${format(bytes / 1024 / 1024)} MB` : `${format(Math.max(1, Math.round(bytes / 1024)))} kB`;
}

/** Min side's invoice texts in the language shown (src/i18n/min-side/invoices-nb.ts, -en.ts). */
import { invoicesEn } from '../../i18n/min-side/invoices-en.ts';
import { invoicesNb, type InvoiceTexts } from '../../i18n/min-side/invoices-nb.ts';
import { useShownLocale } from '../locale.tsx';

export type { InvoiceTexts } from '../../i18n/min-side/invoices-nb.ts';

export const useInvoiceTexts = (): InvoiceTexts => (useShownLocale() === 'en' ? invoicesEn : invoicesNb);

/** The instrument screen's texts in the language shown (src/i18n/min-side/instruments-nb.ts, -en.ts). */
import { instrumentsEn } from '../../i18n/min-side/instruments-en.ts';
import { instrumentsNb, type InstrumentTexts } from '../../i18n/min-side/instruments-nb.ts';
import { useShownLocale } from '../locale.tsx';

export type { InstrumentTexts } from '../../i18n/min-side/instruments-nb.ts';

export const useInstrumentTexts = (): InstrumentTexts => (useShownLocale() === 'en' ? instrumentsEn : instrumentsNb);

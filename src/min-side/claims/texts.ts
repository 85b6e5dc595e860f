/** Claims' texts in the language shown (src/i18n/min-side/claims-nb.ts, -en.ts). */
import { claimsEn } from '../../i18n/min-side/claims-en.ts';
import { claimsNb, type ClaimTexts } from '../../i18n/min-side/claims-nb.ts';
import { useShownLocale } from '../locale.tsx';

export type { ClaimError, ClaimTexts } from '../../i18n/min-side/claims-nb.ts';

export const useClaimTexts = (): ClaimTexts => (useShownLocale() === 'en' ? claimsEn : claimsNb);

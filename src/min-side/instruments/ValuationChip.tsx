/**
 * An instrument's valuation on Min side: 'Mangler takst', 'Mangler kvittering eller takst',
 * 'Takst utløper {date}', 'Takst utløpt {date}' (English by the language shown); nothing when it
 * is in order.
 */
import type { ReactNode } from 'react';
import { valuationEn } from '../../i18n/min-side/valuation-en.ts';
import { valuationNb, type ValuationTexts } from '../../i18n/min-side/valuation-nb.ts';
import { useFormats, useShownLocale } from '../locale.tsx';
import type { Instrument } from './api.ts';
import './valuation.css';

type Valuation = Instrument['valuation'];

export const useValuationTexts = (): ValuationTexts => (useShownLocale() === 'en' ? valuationEn : valuationNb);

export function ValuationChip({ valuation }: { valuation?: Valuation | null }) {
  const t = useValuationTexts();
  const format = useFormats();
  if (!valuation || valuation.state === 'ok') return null;
  const date = format.cardDate(valuation.expires_on ?? '');
  const [text, tone] =
    valuation.state === 'missing'
      ? [valuation.needs === 'appraisal' ? t.missingAppraisal : t.missingReceipt, 'warning']
      : valuation.state === 'expiring'
        ? [t.expiring(date), 'warning']
        : [t.expired(date), 'error'];
  return <span className={`valuation-chip ${tone}`}>{text}</span>;
}

/** A read table's column with the chip (the waiting instruments). */
export function useValuationColumn(): { label: string; value: (row: Instrument) => ReactNode } {
  const t = useValuationTexts();
  return { label: t.column, value: (row) => <ValuationChip valuation={row.valuation} /> };
}

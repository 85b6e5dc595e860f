/**
 * An instrument's valuation as the staff screens show it: 'Mangler takst', 'Mangler kvittering
 * eller takst', 'Takst utløper {date}', 'Takst utløpt {date}'; with `showOk` also what an
 * instrument in order has. Nothing for an answer without a valuation.
 */
import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import { formatDateDots } from '../../common/format.ts';
import type { Valuation } from '../../dataProvider/index.ts';

/** The chip's words and colour, or null when an instrument in order is not to be shown. */
export function useValuationText() {
  const translate = useTranslate();
  return (valuation: Valuation, showOk: boolean): { label: string; color: 'warning' | 'error' | 'success' | 'default' } | null => {
    const date = formatDateDots(valuation.expires_on);
    switch (valuation.state) {
      case 'missing':
        return {
          label: translate(valuation.needs === 'appraisal' ? 'app.valuation.chip.missing_appraisal' : 'app.valuation.chip.missing_receipt'),
          color: 'warning',
        };
      case 'expiring':
        return { label: translate('app.valuation.chip.expiring', { date }), color: 'warning' };
      case 'expired':
        return { label: translate('app.valuation.chip.expired', { date }), color: 'error' };
      default:
        if (!showOk) return null;
        if (valuation.needs === 'appraisal') return { label: translate('app.valuation.chip.ok_appraisal', { date }), color: 'success' };
        return { label: translate(valuation.needs === 'receipt' ? 'app.valuation.chip.ok_receipt' : 'app.valuation.chip.ok_none'), color: 'default' };
    }
  };
}

/** Text and border colours with at least 4.5:1 against the chip's background (MUI's warning orange has 2.9:1 on white). */
const COLOURS = {
  warning: { color: '#7a3e00', borderColor: '#b35c00', bgcolor: '#fff4e5' },
  error: { color: 'error.main', borderColor: 'error.main', bgcolor: '#fdecea' },
  success: { color: '#1e5e24', borderColor: '#2e7d32', bgcolor: 'transparent' },
  default: { color: 'text.secondary', borderColor: 'divider', bgcolor: 'transparent' },
} as const;

export function ValuationChip({ valuation, showOk = false }: { valuation?: Valuation | null; showOk?: boolean }) {
  const text = useValuationText();
  const shown = valuation ? text(valuation, showOk) : null;
  if (!shown) return null;
  return <Chip size="small" variant="outlined" label={shown.label} sx={{ ...COLOURS[shown.color], fontWeight: 600, maxWidth: '100%' }} />;
}

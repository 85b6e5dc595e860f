/**
 * An invoice's state as a chip whose text says it (the colour only repeats it), and the words for
 * states, channels and payment methods.
 */
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslate } from 'react-admin';
import type { InvoiceChannel, InvoiceState } from '../../dataProvider/index.ts';
import '../../i18n/app/payments-pages-nb.ts';

export const INVOICE_STATES: InvoiceState[] = ['draft', 'sent', 'partly_paid', 'paid', 'overdue', 'reminded', 'lapsed', 'credited'];
export const INVOICE_CHANNELS: InvoiceChannel[] = ['EFAKTURA', 'EMAIL', 'AVTALEGIRO'];

const COLOUR: Record<InvoiceState, ChipProps['color']> = {
  draft: 'default',
  sent: 'info',
  partly_paid: 'warning',
  paid: 'success',
  overdue: 'error',
  reminded: 'error',
  lapsed: 'default',
  credited: 'default',
};

export const stateLabel = (state: InvoiceState | null): string => `app.payments.states.${state ?? 'none'}`;
export const channelLabel = (channel: InvoiceChannel): string => `app.payments.channels.${channel}`;

/**
 * The stored state, and 'Forfalt' beside it while the invoice is overdue (the server works that out
 * on every read: due date passed, something outstanding), so a sent or partly paid invoice past its
 * due date never reads as if all were well.
 */
export function InvoiceStateChip({ state, overdue = false }: { state: InvoiceState; overdue?: boolean }) {
  const translate = useTranslate();
  // The border carries the colour; the text stays in the body colour, as the light info and
  // warning shades on white fall short of 4.5:1 (axe's color-contrast).
  const chip = (shown: InvoiceState) => (
    <Chip size="small" variant="outlined" color={COLOUR[shown]} label={translate(stateLabel(shown))} sx={{ '& .MuiChip-label': { color: 'text.primary' } }} />
  );
  if (!overdue || state === 'overdue') return chip(state);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {chip(state)}
      {chip('overdue')}
    </Stack>
  );
}

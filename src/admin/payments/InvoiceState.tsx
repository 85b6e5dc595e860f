/**
 * An invoice's state as a chip whose text says it (the colour only repeats it), and the words for
 * states, channels and payment methods.
 */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { InvoiceChannel, InvoiceState } from '../../dataProvider/index.ts';

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

export function InvoiceStateChip({ state }: { state: InvoiceState }) {
  const translate = useTranslate();
  // The border carries the colour; the text stays in the body colour, as the light info and
  // warning shades on white fall short of 4.5:1 (axe's color-contrast).
  return <Chip size="small" variant="outlined" color={COLOUR[state]} label={translate(stateLabel(state))} sx={{ '& .MuiChip-label': { color: 'text.primary' } }} />;
}

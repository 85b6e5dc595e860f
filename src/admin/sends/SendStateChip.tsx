/** A send's state as a chip whose text says it (the colour only repeats it). */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { OutreachState } from '../../dataProvider/index.ts';
import '../../i18n/app/sends-pages-nb.ts';

const COLOUR: Record<OutreachState, ChipProps['color']> = {
  draft: 'default',
  scheduled: 'info',
  sending: 'warning',
  paused: 'warning',
  cancelled: 'default',
  done: 'success',
};

export function SendStateChip({ state }: { state: OutreachState }) {
  const translate = useTranslate();
  // The border carries the colour; the text stays in the body colour for its contrast.
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLOUR[state]}
      label={translate(`app.sends.state.${state}`)}
      sx={{ '& .MuiChip-label': { color: 'text.primary' } }}
    />
  );
}

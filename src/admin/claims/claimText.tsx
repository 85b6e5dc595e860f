/**
 * The words of a claim: its state as a chip whose text says it (the colour only repeats it), what
 * happened, the outcome, the country by its name, and the instrument and member as one line each.
 */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ClaimOutcome, ClaimSnapshot, ClaimState } from '../../dataProvider/index.ts';

export const CLAIM_STATES: ClaimState[] = ['sent', 'in_progress', 'decided', 'withdrawn'];
export const CLAIM_OUTCOMES: ClaimOutcome[] = ['approved', 'partly_approved', 'rejected'];
/** The states a queue waits on: the badge counts these. */
export const WAITING_STATES: ClaimState[] = ['sent', 'in_progress'];

const COLOUR: Record<ClaimState, ChipProps['color']> = {
  sent: 'warning',
  in_progress: 'info',
  decided: 'success',
  withdrawn: 'default',
};

export function ClaimStateChip({ state, outcome }: { state: ClaimState; outcome?: ClaimOutcome | null }) {
  const translate = useTranslate();
  const label = translate(`app.claims.state.${state}`) + (state === 'decided' && outcome ? `: ${translate(`app.claims.outcome.${outcome}`)}` : '');
  // The border carries the colour; the text stays in the body colour for its contrast.
  return <Chip size="small" variant="outlined" color={COLOUR[state]} label={label} sx={{ '& .MuiChip-label': { color: 'text.primary' } }} />;
}

export const memberName = (snapshot: ClaimSnapshot) => `${snapshot.member.first_name} ${snapshot.member.last_name}`;

export const instrumentName = (snapshot: ClaimSnapshot) =>
  [snapshot.instrument.make, snapshot.instrument.model].filter(Boolean).join(' ') || snapshot.instrument.category;

/** A country's name in the app's language ('SE' → 'Sverige'), or its code when the browser has no name for it. */
export function useCountryName(): (code: string) => string {
  const [locale] = useLocaleState();
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale === 'en' ? 'en' : 'nb'], { type: 'region' });
  } catch {
    names = undefined;
  }
  return (code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
}

/**
 * The words of a claim: its state as a chip whose text says it (the colour only repeats it), what
 * happened, the outcome, the country by its name, and the instrument and member as one line each.
 */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ClaimOutcome, ClaimSnapshot, ClaimState, ClaimTarget } from '../../dataProvider/index.ts';
import '../../i18n/app/claims-pages-nb.ts';

export const CLAIM_STATES: ClaimState[] = ['sent', 'in_progress', 'decided', 'withdrawn'];
export const CLAIM_OUTCOMES: ClaimOutcome[] = ['approved', 'partly_approved', 'rejected'];
/** The states a queue waits on: the badge counts these. */
export const WAITING_STATES: ClaimState[] = ['sent', 'in_progress'];

/**
 * Where staff may move a claim from each state, as the server allows (a note alone while in
 * progress; a decided claim taken up again; a withdrawn one is closed).
 */
export const STAFF_MOVES: Record<ClaimState, readonly ClaimTarget[]> = {
  sent: ['in_progress', 'decided', 'withdrawn'],
  in_progress: ['in_progress', 'decided', 'withdrawn'],
  decided: ['in_progress'],
  withdrawn: [],
};

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

export const personName = (person: { first_name: string | null; last_name: string | null }) => [person.first_name, person.last_name].filter(Boolean).join(' ');

export const instrumentName = (instrument: Pick<ClaimSnapshot['instrument'], 'make' | 'model' | 'category'>) =>
  [instrument.make, instrument.model].filter(Boolean).join(' ') || instrument.category;

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

/** A claim's kinds, states, outcomes and document kinds in words, in Norwegian and English. */
import type { ClaimKind, ClaimOutcome, ClaimState } from '../../schemas/claim-rules.ts';
import type { Lang } from '../proof/proof.ts';

export const KIND_WORDS: Record<Lang, Record<ClaimKind, string>> = {
  nb: { theft: 'Tyveri', damage: 'Skade', loss: 'Tap' },
  en: { theft: 'Theft', damage: 'Damage', loss: 'Loss' },
};

export const STATE_WORDS: Record<Lang, Record<ClaimState, string>> = {
  nb: { sent: 'Sendt', in_progress: 'Under behandling', decided: 'Avgjort', withdrawn: 'Trukket' },
  en: { sent: 'Sent', in_progress: 'In progress', decided: 'Decided', withdrawn: 'Withdrawn' },
};

export const OUTCOME_WORDS: Record<Lang, Record<ClaimOutcome, string>> = {
  nb: { approved: 'godkjent', partly_approved: 'delvis godkjent', rejected: 'avslått' },
  en: { approved: 'approved', partly_approved: 'partly approved', rejected: 'rejected' },
};

export const DOCUMENT_WORDS: Record<Lang, Record<'receipt' | 'appraisal' | 'photo', string>> = {
  nb: { receipt: 'Kvittering', appraisal: 'Takst', photo: 'Bilde' },
  en: { receipt: 'Receipt', appraisal: 'Appraisal', photo: 'Photo' },
};

/** 'Avgjort – godkjent', 'Under behandling': the state as the member reads it. */
export function stateWords(state: ClaimState, outcome: ClaimOutcome | null, lang: Lang = 'nb'): string {
  const words = STATE_WORDS[lang][state];
  return state === 'decided' && outcome ? `${words} – ${OUTCOME_WORDS[lang][outcome]}` : words;
}

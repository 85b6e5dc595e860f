/**
 * What a member meets when reporting or withdrawing a claim, in Norwegian and English. The claim
 * code writes the Norwegian; an English request gets the English (lib/language.ts). Messages only
 * staff meet (moving a claim, the note and outcome) stay in claim-states.ts.
 */
import type { Catalogue } from '../../lib/language.ts';

export const CLAIM_TEXTS = {
  notInsured: {
    nb: 'Instrumentet er ikke forsikret, så du kan ikke melde skade på det. Kontakt medlemsservice hvis du mener det er feil.',
    en: 'The instrument is not insured, so you cannot report a claim on it. Contact member services if you think this is wrong.',
  },
  beforeStart: {
    nb: 'Instrumentet var ikke forsikret da dette skjedde: forsikringen gjelder fra {start}.',
    en: 'The instrument was not insured when this happened: the insurance applies from {start}.',
  },
  otherInstrument: {
    nb: 'Dokumentene må høre til instrumentet skaden gjelder.',
    en: 'The documents must belong to the instrument the claim is about.',
  },
  open: {
    nb: 'Det finnes allerede en skademelding for instrumentet som er til behandling. Du finner den under Skademeldinger.',
    en: 'There is already a claim for this instrument being processed. You will find it under Claims.',
  },
  memberWithdrawOnly: { nb: 'Du kan bare trekke skademeldingen din.', en: 'You can only withdraw your claim.' },
  memberNote: { nb: 'Merknaden skrives av medlemsservice.', en: 'The note is written by member services.' },
  memberTooLate: {
    nb: 'Skademeldingen er ferdig behandlet og kan ikke trekkes.',
    en: 'The claim has been processed and cannot be withdrawn.',
  },
} as const satisfies Catalogue;

/**
 * What a member meets about their card and certificates, in Norwegian and English. The proof code
 * writes the Norwegian; an English request gets the English (plugins/language.ts).
 */
import type { Catalogue } from '../../lib/language.ts';

export const PROOF_TEXTS = {
  noCard: {
    nb: 'Medlemskortet er klart når medlemskapet ditt er godkjent og du har fått medlemsnummer.',
    en: 'Your membership card is ready once your membership has been approved and you have a member number.',
  },
  noTravelCover: {
    nb: 'Medlemmet har ingen aktiv reiseforsikring, så det finnes ikke noe forsikringsbevis for reise.',
    en: 'The member has no active travel insurance, so there is no travel insurance certificate.',
  },
  noInstrumentCover: {
    nb: 'Medlemmet har ingen aktiv instrumentforsikring med forsikrede instrumenter, så det finnes ikke noe forsikringsbevis for instrumenter.',
    en: 'The member has no active instrument insurance with insured instruments, so there is no instrument insurance certificate.',
  },
  malformedToken: {
    nb: 'Koden er ikke en gyldig medlemskort- eller forsikringsbevis-kode.',
    en: 'The code is not a valid membership card or insurance certificate code.',
  },
  phoneNorwegianOnly: {
    nb: 'Medlemskortet kan bare sendes til norske mobilnumre.',
    en: 'The membership card can only be sent to Norwegian mobile numbers.',
  },
  phoneNotAllowed: {
    nb: 'Medlemskortet kan ikke sendes til dette nummeret. Bruk et norsk mobilnummer eller kontakt oss.',
    en: 'The membership card cannot be sent to this number. Use a Norwegian mobile number or contact us.',
  },
  codeMissing: {
    nb: 'Du må legge til en kampanjekode før du kan få tilsendt medlemskortet.',
    en: 'You must add a campaign code before the membership card can be sent to you.',
  },
  notAccepted: {
    nb: 'Medlemskortet kan sendes når medlemskapet ditt er godkjent.',
    en: 'The membership card can be sent once your membership has been approved.',
  },
} as const satisfies Catalogue;

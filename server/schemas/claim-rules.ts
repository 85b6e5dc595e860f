/**
 * The rules of a claim ('Skademelding') as a member fills it in, plain TypeScript without imports
 * shared by the server and Min side's form: what happened, when (not in the future), where and
 * in which country, a description, and the police report's number for a theft. What needs the
 * register (the instrument is the member's and insured that day) the server checks on its own.
 */

export const CLAIM_KINDS = ['theft', 'damage', 'loss'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

export const CLAIM_STATES = ['sent', 'in_progress', 'decided', 'withdrawn'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];

export const CLAIM_OUTCOMES = ['approved', 'partly_approved', 'rejected'] as const;
export type ClaimOutcome = (typeof CLAIM_OUTCOMES)[number];

export const CLAIM_LIMITS = { place: 200, description: 5000, policeReport: 60, note: 2000, documents: 30 } as const;

export const CLAIM_MESSAGES = {
  kind: 'Velg hva som skjedde: tyveri, skade eller tap',
  occurredOn: 'Oppgi datoen det skjedde',
  future: 'Datoen kan ikke være fram i tid',
  place: 'Oppgi hvor det skjedde',
  country: 'Velg landet det skjedde i',
  description: 'Beskriv hva som skjedde',
  policeReport: 'Oppgi anmeldelsesnummeret fra politiet',
  tooLong: (limit: number) => `Kan ikke være mer enn ${limit} tegn`,
} as const;

/** The same messages in English (a too long text answers as any too long field: lib/http-texts.ts). */
export const CLAIM_MESSAGES_EN: Readonly<Record<Exclude<keyof typeof CLAIM_MESSAGES, 'tooLong'>, string>> = {
  kind: 'Choose what happened: theft, damage or loss',
  occurredOn: 'Enter the date it happened',
  future: 'The date cannot be in the future',
  place: 'Enter where it happened',
  country: 'Choose the country it happened in',
  description: 'Describe what happened',
  policeReport: 'Enter the police report number',
};

/**
 * ISO 3166-1 alpha-2: every country code in use. A claim's country is one of them ('NO' is
 * Norway); its name in either language comes from Intl.DisplayNames.
 */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** The country's name in Norwegian or English ('Norge', 'Norway'); the code itself when there is none. */
export function countryName(code: string, lang: 'nb' | 'en'): string {
  return new Intl.DisplayNames([lang === 'nb' ? 'nb' : 'en'], { type: 'region', fallback: 'code' }).of(code) ?? code;
}

export interface ClaimInput {
  kind?: string | null;
  occurred_on?: string | null;
  place?: string | null;
  country?: string | null;
  description?: string | null;
  police_report?: string | null;
}

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Errors by field (`today` is Oslo's 'yyyy-mm-dd'); an empty object means the form may be sent. */
export function claimErrors(input: ClaimInput, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(CLAIM_KINDS as readonly unknown[]).includes(input.kind)) errors.kind = CLAIM_MESSAGES.kind;
  const occurredOn = String(input.occurred_on ?? '');
  if (!isDate(occurredOn)) errors.occurred_on = CLAIM_MESSAGES.occurredOn;
  else if (occurredOn > today) errors.occurred_on = CLAIM_MESSAGES.future;
  if (blank(input.place)) errors.place = CLAIM_MESSAGES.place;
  else if (String(input.place).trim().length > CLAIM_LIMITS.place) errors.place = CLAIM_MESSAGES.tooLong(CLAIM_LIMITS.place);
  if (!COUNTRY_CODES.includes(String(input.country ?? ''))) errors.country = CLAIM_MESSAGES.country;
  if (blank(input.description)) errors.description = CLAIM_MESSAGES.description;
  else if (String(input.description).trim().length > CLAIM_LIMITS.description) errors.description = CLAIM_MESSAGES.tooLong(CLAIM_LIMITS.description);
  if (!blank(input.police_report) && String(input.police_report).trim().length > CLAIM_LIMITS.policeReport) {
    errors.police_report = CLAIM_MESSAGES.tooLong(CLAIM_LIMITS.policeReport);
  } else if (input.kind === 'theft' && blank(input.police_report)) errors.police_report = CLAIM_MESSAGES.policeReport;
  return errors;
}

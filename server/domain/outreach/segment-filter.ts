/**
 * A group's filter: checked key by key (an unknown key or a bad value is a Norwegian 422), and
 * turned into one SQL condition over the member register with every value as a parameter.
 *
 * The register is the member list's: members and applicants (roles 1 and 2), never an erased one.
 * Member status is the latest membership subscription's state, as the renewal reads it: active
 * ('active'), applicant ('pending'), lapsed ('ended' or 'cancelled').
 */
import { validationFailed } from '../../lib/http-errors.ts';
import { SqlParams } from '../../lib/sql.ts';
import { isCalendarDate } from '../../schemas/rules.ts';
import { SEGMENT_STATUSES, type SegmentFilter, type SegmentStatus } from '../../schemas/segments.ts';
import { HAS_OVERDUE_INVOICE, MEMBERS_FROM, hasSubscription, searchCondition } from '../members/member-list.ts';

export const FILTER_MESSAGES = {
  unknown: (key: string) => `Ukjent filter: ${key}`,
  boolean: 'Må være ja eller nei',
  text: 'Må være en tekst på høyst 200 tegn',
  status: 'Status må være aktivt medlem, søker eller utmeldt',
  postalCode: 'Postnummeret må ha fire sifre',
  postalRange: 'Fra-postnummeret kan ikke være etter til-postnummeret',
  date: 'Ugyldig dato (ÅÅÅÅ-MM-DD)',
  dateRange: 'Fra-datoen kan ikke være etter til-datoen',
  instrument: 'Ugyldig instrument',
} as const;

const MEMBERSHIP_STATES: Record<SegmentStatus, string[]> = {
  active: ['active'],
  applicant: ['pending'],
  lapsed: ['ended', 'cancelled'],
};

const LATEST_MEMBERSHIP_STATE = `(SELECT s.state FROM subscriptions s
  WHERE s.member_id = a.id AND s.kind = 'membership' AND s.deleted_at IS NULL ORDER BY s.id DESC LIMIT 1)`;

/** The day a member joined: their membership's start, or the day the account was made. */
const JOINED = "coalesce(a.membership_start_date, (a.created_at AT TIME ZONE 'Europe/Oslo')::date)";

const yesNo = (yes: string, value: boolean) => (value ? yes : `NOT ${yes}`);

/** Each key's condition; the value has been checked by `checkFilter`. */
const CONDITIONS: { [K in keyof Required<SegmentFilter>]: (value: NonNullable<SegmentFilter[K]>, params: SqlParams) => string } = {
  name: (value, params) => searchCondition([value], params),
  status: (value, params) => `${LATEST_MEMBERSHIP_STATE} IN (${params.list(value.flatMap((status) => MEMBERSHIP_STATES[status]))})`,
  has_travel: (value) => yesNo(hasSubscription('travel'), value),
  has_instruments: (value) => yesNo(hasSubscription('instrument'), value),
  postal_code_from: (value, params) => `a.postal_code ~ '^[0-9]{4}$' AND a.postal_code >= ${params.add(value)}`,
  postal_code_to: (value, params) => `a.postal_code ~ '^[0-9]{4}$' AND a.postal_code <= ${params.add(value)}`,
  postal_area: (value, params) => `upper(trim(a.postal_area)) = upper(${params.add(value.trim())})`,
  primary_instrument_type: (value, params) => `a.primary_instrument_type = ${params.add(value)}`,
  campaign_code: (value, params) => `EXISTS (SELECT 1 FROM campaigns c WHERE c.id = a.campaign_id AND lower(c.code) = lower(${params.add(value.trim())}))`,
  joined_from: (value, params) => `${JOINED} >= ${params.add(value)}::date`,
  joined_to: (value, params) => `${JOINED} <= ${params.add(value)}::date`,
  overdue: (value) => yesNo(HAS_OVERDUE_INVOICE, value),
  newsletter_2: (value, params) => `a.newsletter_2 = ${params.add(value)}`,
  newsletter_3: (value, params) => `a.newsletter_3 = ${params.add(value)}`,
};

type Check = (value: unknown) => string | null;
const isText =
  (max: number): Check =>
  (value) =>
    typeof value === 'string' && value.trim().length > 0 && value.length <= max ? null : FILTER_MESSAGES.text;
const isBoolean: Check = (value) => (typeof value === 'boolean' ? null : FILTER_MESSAGES.boolean);
const isPostalCode: Check = (value) => (typeof value === 'string' && /^[0-9]{4}$/.test(value) ? null : FILTER_MESSAGES.postalCode);
const isDate: Check = (value) => (typeof value === 'string' && isCalendarDate(value) ? null : FILTER_MESSAGES.date);

const CHECKS: Record<keyof SegmentFilter, Check> = {
  name: isText(200),
  status: (value) =>
    Array.isArray(value) && value.length > 0 && value.every((status) => (SEGMENT_STATUSES as readonly unknown[]).includes(status))
      ? null
      : FILTER_MESSAGES.status,
  has_travel: isBoolean,
  has_instruments: isBoolean,
  postal_code_from: isPostalCode,
  postal_code_to: isPostalCode,
  postal_area: isText(100),
  primary_instrument_type: (value) =>
    Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 2147483647 ? null : FILTER_MESSAGES.instrument,
  campaign_code: isText(100),
  joined_from: isDate,
  joined_to: isDate,
  overdue: isBoolean,
  newsletter_2: isBoolean,
  newsletter_3: isBoolean,
};

const isKey = (key: string): key is keyof SegmentFilter => Object.hasOwn(CHECKS, key);

/** The filter as given, or a 422 naming each bad key (`filter.<key>`). */
export function checkFilter(filter: unknown): SegmentFilter {
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw validationFailed({ filter: ['Filteret må være et objekt'] });
  }
  const errors: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(filter)) {
    const problem = isKey(key) ? CHECKS[key](value) : FILTER_MESSAGES.unknown(key);
    if (problem) errors[`filter.${key}`] = [problem];
  }
  const checked = filter as SegmentFilter;
  if (
    !errors['filter.postal_code_from'] &&
    !errors['filter.postal_code_to'] &&
    checked.postal_code_from &&
    checked.postal_code_to &&
    checked.postal_code_from > checked.postal_code_to
  ) {
    errors['filter.postal_code_to'] = [FILTER_MESSAGES.postalRange];
  }
  if (!errors['filter.joined_from'] && !errors['filter.joined_to'] && checked.joined_from && checked.joined_to && checked.joined_from > checked.joined_to) {
    errors['filter.joined_to'] = [FILTER_MESSAGES.dateRange];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return checked;
}

/** The register with its erased members, whom a send counts (and leaves out) by that reason. */
const REGISTER_WITH_ERASED = 'FROM accounts a WHERE a.role_id IN (1, 2)';

/** `FROM … WHERE …` of the group's members, its values in `params`; with `erased`, the erased ones the filter matches too. */
export function membersOf(filter: SegmentFilter, params: SqlParams, { erased = false } = {}): string {
  const conditions = Object.entries(filter)
    .filter(([key, value]) => isKey(key) && value !== undefined)
    .map(([key, value]) => `(${(CONDITIONS[key as keyof SegmentFilter] as (value: unknown, params: SqlParams) => string)(value, params)})`);
  return [erased ? REGISTER_WITH_ERASED : MEMBERS_FROM, ...conditions].join(' AND ');
}

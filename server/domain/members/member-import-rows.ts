/** One row of the register checked: each cell read as its field's value, or an error naming the column. */
import type { Queryable } from '../../db/database.ts';
import { EMAIL_PATTERN, isCalendarDate, isPickerDate, RULE_MESSAGES } from '../../schemas/rules.ts';
import { normalisePhone } from './members.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import type { ImportField } from './member-import-file.ts';
import { MEMBER_IMPORT_LIMITS, MEMBER_IMPORT_MESSAGES } from './member-import-limits.ts';
import { GivenFields, type MemberStatus, type PlannedRow, type RowError, type Values } from './member-import-model.ts';

/** dd.mm.åååå, dd/mm/åååå, dd-mm-åååå or åååå-mm-dd (a date cell arrives as the last); null when not a date. */
export function importDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const norwegian = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : norwegian ? [norwegian[3], norwegian[2], norwegian[1]] : null;
  if (!parts) return null;
  const date = `${parts[0]}-${parts[1].padStart(2, '0')}-${parts[2].padStart(2, '0')}`;
  return isCalendarDate(date) ? date : null;
}

const GENDER_WORDS: Record<string, number> = {
  1: 1,
  mann: 1,
  m: 1,
  male: 1,
  gutt: 1,
  2: 2,
  kvinne: 2,
  k: 2,
  f: 2,
  female: 2,
  dame: 2,
  jente: 2,
  3: 3,
  annet: 3,
  a: 3,
  other: 3,
  ukjent: 3,
};
/** The export's Status words (member-export.ts) and a few more; what an imported account becomes. */
const STATUS_WORDS: Record<string, MemberStatus> = {
  aktiv: 'member',
  medlem: 'member',
  1: 'member',
  active: 'member',
  member: 'member',
  inaktiv: 'inactive',
  0: 'inactive',
  inactive: 'inactive',
  søker: 'applicant',
  soker: 'applicant',
  søknad: 'applicant',
  applicant: 'applicant',
  avvist: 'rejected',
  2: 'rejected',
  rejected: 'rejected',
};
const YES = new Set(['ja', 'j', 'yes', 'y', '1', 'x', 'true', 'sann']);
const NO = new Set(['nei', 'n', 'no', '0', 'false', 'usann']);

export interface Reference {
  postalAreas: Map<string, string>;
  instruments: Map<string, number>;
  travelProducts: Map<string, number>;
  instrumentCategories: Map<string, number>;
  today: string;
}

export async function loadReference(db: Queryable): Promise<Reference> {
  // One after the other: inside a transaction they share one connection.
  const codes = await db.query<{ code: string; area: string }>('SELECT code, area FROM postal_codes');
  const categories = await db.query<{ id: number; title: string; use_insurance: number }>('SELECT id, title, use_insurance FROM instrument_categories');
  const products = await db.query<{ id: number; name: string }>("SELECT id, name FROM products WHERE kind = 'travel'");
  const byTitle = (rows: { id: number; title: string }[]) =>
    new Map(
      rows.flatMap(
        (row) =>
          [
            [row.title.toLowerCase(), row.id],
            [String(row.id), row.id],
          ] as [string, number][],
      ),
    );
  return {
    postalAreas: new Map(codes.map((row) => [row.code, row.area])),
    instruments: byTitle(categories),
    instrumentCategories: byTitle(categories.filter((row) => row.use_insurance === 1)),
    travelProducts: new Map(
      products.flatMap(
        (row) =>
          [
            [row.name.toLowerCase(), row.id],
            [String(row.id), row.id],
          ] as [string, number][],
      ),
    ),
    today: todayInOslo(),
  };
}

/** One row's values and errors; `columnOf` names the column a field came from. */
export function checkRow(number: number, text: Partial<Record<ImportField, string>>, columnOf: (field: ImportField) => string, ref: Reference): PlannedRow {
  const errors: RowError[] = [];
  const values: Values = {};
  const given = new GivenFields();
  const problem = (field: ImportField, message: string) => errors.push({ row: number, column: columnOf(field), message });
  for (const [field, value] of Object.entries(text) as [ImportField, string][]) {
    if (value === '') continue;
    given.add(field);
    if (value.length > MEMBER_IMPORT_LIMITS.cellLength) problem(field, MEMBER_IMPORT_MESSAGES.cellLength);
  }
  const get = (field: ImportField) => text[field] ?? '';
  for (const field of ['first_name', 'last_name'] as const) {
    if (get(field) === '') problem(field, RULE_MESSAGES.required);
    else values[field] = get(field);
  }
  for (const field of ['address', 'postal_area', 'artist_name'] as const) values[field] = get(field) || null;

  if (get('remote_id') !== '') {
    if (/^\d{1,9}$/.test(get('remote_id')) && Number(get('remote_id')) > 0) values.remote_id = Number(get('remote_id'));
    else problem('remote_id', MEMBER_IMPORT_MESSAGES.number);
  }
  const email = get('email');
  if (email !== '') {
    if (EMAIL_PATTERN.test(email)) values.email = email;
    else problem('email', RULE_MESSAGES.email);
  }
  const phoneText = get('phone');
  if (phoneText !== '') {
    const phone = normalisePhone(phoneText);
    // Every number the portal keeps is taken: old short numbers of 5–7 digits too.
    if (/^\+?\d{5,15}$/.test(phone)) values.phone = phone;
    else problem('phone', MEMBER_IMPORT_MESSAGES.phone);
  }
  if (email === '' && phoneText === '') problem('email', MEMBER_IMPORT_MESSAGES.emailOrPhone);

  let postalCode = get('postal_code').replace(/\s/g, '');
  if (postalCode !== '') {
    // A spreadsheet that took the code for a number drops its leading zero: 150 is 0150.
    if (/^\d{3}$/.test(postalCode)) postalCode = `0${postalCode}`;
    if (!/^\d{4}$/.test(postalCode)) problem('postal_code', MEMBER_IMPORT_MESSAGES.postalCode);
    else {
      values.postal_code = postalCode;
      const area = ref.postalAreas.get(postalCode);
      if (!values.postal_area) {
        if (area) {
          values.postal_area = area;
          given.add('postal_area');
        } else problem('postal_code', MEMBER_IMPORT_MESSAGES.postalUnknown);
      }
    }
  }
  for (const field of ['birthdate', 'membership_start_date', 'membership_end_date'] as const) {
    if (get(field) === '') continue;
    const date = importDate(get(field));
    if (date && field === 'birthdate' && date > ref.today) problem(field, MEMBER_IMPORT_MESSAGES.birthdateFuture);
    else if (!date || (field === 'birthdate' && !isPickerDate(date))) problem(field, MEMBER_IMPORT_MESSAGES.date);
    else values[field] = date;
  }
  if (values.membership_start_date && values.membership_end_date && values.membership_end_date < values.membership_start_date) {
    problem('membership_end_date', MEMBER_IMPORT_MESSAGES.endBeforeStart);
  }
  const gender = get('gender');
  if (gender === '') values.gender = 3;
  else if (GENDER_WORDS[gender.toLowerCase()] !== undefined) values.gender = GENDER_WORDS[gender.toLowerCase()];
  else problem('gender', MEMBER_IMPORT_MESSAGES.gender);

  const instrument = get('primary_instrument_type');
  if (instrument === '') values.primary_instrument_type = 1;
  else if (ref.instruments.has(instrument.toLowerCase())) values.primary_instrument_type = ref.instruments.get(instrument.toLowerCase())!;
  else problem('primary_instrument_type', MEMBER_IMPORT_MESSAGES.instrument);

  const method = get('invoice_method').toLowerCase().replace(/[\s-]/g, '');
  if (method === '') values.invoice_method = values.email ? 'EMAIL' : 'EFAKTURA';
  else if (['epost', 'email', 'mail'].includes(method)) values.invoice_method = 'EMAIL';
  else if (['efaktura', 'einvoice', 'faktura'].includes(method)) values.invoice_method = 'EFAKTURA';
  else problem('invoice_method', MEMBER_IMPORT_MESSAGES.invoiceMethod);
  const invoiceEmail = get('invoice_email');
  if (invoiceEmail !== '') {
    if (EMAIL_PATTERN.test(invoiceEmail)) values.invoice_email = invoiceEmail;
    else problem('invoice_email', RULE_MESSAGES.email);
  }
  if (values.invoice_method === 'EMAIL' && !values.invoice_email && !values.email && given.has('invoice_method')) {
    problem('invoice_method', MEMBER_IMPORT_MESSAGES.invoiceEmail);
  }
  for (const field of ['newsletter_2', 'newsletter_3'] as const) {
    const word = get(field).toLowerCase();
    if (word === '') values[field] = false;
    else if (YES.has(word)) values[field] = true;
    else if (NO.has(word)) values[field] = false;
    else problem(field, MEMBER_IMPORT_MESSAGES.yesNo);
  }
  const status = get('status').toLowerCase();
  if (status === '') values.status = 'member';
  else if (STATUS_WORDS[status]) values.status = STATUS_WORDS[status];
  else problem('status', MEMBER_IMPORT_MESSAGES.status);
  return {
    number,
    values,
    given,
    errors,
    duplicate: null,
    action: errors.length > 0 ? 'error' : 'create',
    name: `${get('first_name')} ${get('last_name')}`.trim(),
  };
}

/**
 * What the member import works with: a checked row and its duplicate, the plan a preview or a commit
 * makes, and the account columns the commit writes and the undo puts back.
 */
import { IMPORT_FIELDS, type ImportField } from './member-import-file.ts';

export type Action = 'skip' | 'update' | 'fill' | 'create';
export type ImportState = 'preview' | 'running' | 'done' | 'failed' | 'undoing' | 'undone';

export interface RowError {
  row: number;
  column: string;
  message: string;
  sheet?: string;
}
export interface Duplicate {
  row: number;
  member_id: number | null;
  of_row: number | null;
  by: 'remote_id' | 'email' | 'phone' | 'name_birthdate';
  name: string;
  member_name: string | null;
  member_number: number | null;
  action: Action;
  /** Why 'Opprett likevel' cannot work for this row: its e-mail is another account's or an earlier row's. */
  create_refused?: string;
}
export interface Summary {
  rows: number;
  new: number;
  update: number;
  duplicate: number;
  error: number;
  instruments?: number;
  travel?: number;
  /** Open invoices the 'Åpne fakturaer' sheet moves in, and those moved in by an earlier import (not again). */
  invoices?: number;
  invoices_existing?: number;
  undo?: { undone: number; kept: { member_id: number; name: string; reason: string }[] };
}

/** What an imported account becomes: a member (role 2, status '1' or '0'), an applicant waiting for a decision, or a rejected one (role 1). */
export type MemberStatus = 'member' | 'inactive' | 'applicant' | 'rejected';
export const IS_MEMBER: Record<MemberStatus, boolean> = { member: true, inactive: true, applicant: false, rejected: false };

export type Values = Partial<Record<ImportField, string | number | boolean | null>>;

const FIELD_BITS = new Map<ImportField, number>(IMPORT_FIELDS.map((field, index) => [field.key, 2 ** index]));

/**
 * The fields a row gave, as the bits of one number: a large file's plan holds one per row, and
 * 50 000 Sets of a dozen names were a third of a 50 000-row plan's memory (19 of 58 MB).
 */
export class GivenFields implements Iterable<ImportField> {
  private bits = 0;

  has(field: ImportField): boolean {
    return (this.bits & FIELD_BITS.get(field)!) !== 0;
  }

  add(field: ImportField): void {
    this.bits |= FIELD_BITS.get(field)!;
  }

  *[Symbol.iterator](): Iterator<ImportField> {
    for (const [field, bit] of FIELD_BITS) if ((this.bits & bit) !== 0) yield field;
  }
}

export interface PlannedRow {
  number: number;
  name: string;
  values: Values;
  /** Fields the file gave a value for (defaults are not among them). */
  given: GivenFields;
  errors: RowError[];
  duplicate: Duplicate | null;
  action: Action | 'error';
}

export interface Plan {
  rows: PlannedRow[];
  summary: Summary;
  errors: RowError[];
  duplicates: Duplicate[];
  instruments: PlannedInstrument[];
  travel: PlannedTravel[];
  invoices: PlannedInvoice[];
}

export interface PlannedInstrument {
  row: number;
  remote_id: number;
  instrument_category: number;
  make: string;
  model: string;
  serial_number: string | null;
  value: number;
  insurance_start: string;
}

export interface PlannedTravel {
  row: number;
  remote_id: number;
  product_id: number;
  start: string;
  end: string | null;
}

/** An open invoice of the old system, moved in as one of ours (member-import-invoices.ts). */
export interface PlannedInvoice {
  row: number;
  remote_id: number;
  /** The old system's invoice number and KID, kept on the invoice. */
  previous_number: string | null;
  previous_kid: string | null;
  invoice_date: string;
  due_date: string;
  amount_ore: number;
  /** Paid in the old system: booked as a payment of method 'import'. */
  paid_ore: number;
  text: string;
}

/** The account columns an imported row writes, and their SQL types for the casts the writes and the undo make. */
export const ACCOUNT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'postal_code',
  'postal_area',
  'birthdate',
  'gender',
  'artist_name',
  'primary_instrument_type',
  'invoice_method',
  'invoice_email',
  'newsletter_2',
  'newsletter_3',
  'membership_start_date',
] as const;
export const FIELD_TYPES: Record<(typeof ACCOUNT_FIELDS)[number] | 'remote_id', string> = {
  remote_id: 'int',
  first_name: 'text',
  last_name: 'text',
  email: 'text',
  phone: 'text',
  address: 'text',
  postal_code: 'text',
  postal_area: 'text',
  birthdate: 'date',
  gender: 'smallint',
  artist_name: 'text',
  primary_instrument_type: 'int',
  invoice_method: 'text',
  invoice_email: 'text',
  newsletter_2: 'boolean',
  newsletter_3: 'boolean',
  membership_start_date: 'date',
};
/** Members a statement creates or removes at the most. */
export const CHUNK = 2000;

/** Stand-in address of a member imported without e-mail (the column is required and unique); '.invalid' never delivers. */
export const NO_EMAIL_DOMAIN = 'uten-epost.invalid';

/**
 * Moving in: staff import a member register from a spreadsheet (.xlsx from any program, or .csv
 * in UTF-8 or Windows-1252). The upload is read and kept with its rows; the preview maps the
 * columns to fields, checks every row and finds likely duplicates (of a member, or of an earlier
 * row) without writing any member. Staff change the mapping and decide per duplicate; the commit
 * runs as a job on the queue and writes everything or nothing: in one transaction on PostgreSQL, in
 * small steps on PGlite (whose one session other requests share), taken back if it fails. An import can
 * be undone for 30 days: what it created is removed and what it updated is put back, except the
 * members changed since, which the undo lists.
 */
import { performance } from 'node:perf_hooks';
import type ExcelJS from 'exceljs';
import type { Database, Queryable } from '../../db/database.ts';
import type { PgliteDatabase } from '../../db/pglite.ts';
import type { JobSender, Outbox } from '../messages/outbox.ts';
import { HttpError, notFound, validationFailed } from '../../lib/http-errors.ts';
import { toE164 } from '../../lib/phone.ts';
import { readCsv, readXlsx, refused, SHEET_MESSAGES, spreadsheetKind, type Sheet } from '../../lib/spreadsheet.ts';
import { loadExcelJS } from '../../lib/lazy-modules.ts';
import { parseListQuery, type ListDefinition } from '../../lib/list.ts';
import { queryPage, type Page } from '../../lib/paged-query.ts';
import { EMAIL_PATTERN, isCalendarDate, isPickerDate, RULE_MESSAGES } from '../../schemas/rules.ts';
import { instrumentValue } from '../../schemas/instrument-rules.ts';
import { normalisePhone } from './members.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { issueResetLink } from '../accounts/accounts.ts';
import { sendTemplate } from '../messages/messages.ts';
import { syncInstrumentInsurance } from '../insurance/instrument-insurance.ts';

export const MEMBER_IMPORT_QUEUE = 'member-import';
export const MEMBER_IMPORT_WELCOME_QUEUE = 'member-import-welcome';

export const MEMBER_IMPORT_LIMITS = {
  fileBytes: 20 * 1024 * 1024,
  unzippedBytes: 250 * 1024 * 1024,
  entries: 200,
  ratio: 200,
  rows: 50_000,
  columns: 60,
  cellLength: 255,
  /** Rows of each other sheet ('Instrumenter', 'Reiseforsikring'). */
  otherRows: 50_000,
  undoDays: 30,
} as const;

const MB = (bytes: number) => bytes / 1024 / 1024;

/** The limits as the page names them: the file's size in MB and the rows (one source: MEMBER_IMPORT_LIMITS). */
export function importLimits(): { file_mb: number; rows: number } {
  return { file_mb: MB(MEMBER_IMPORT_LIMITS.fileBytes), rows: MEMBER_IMPORT_LIMITS.rows };
}

export const MEMBER_IMPORT_MESSAGES = {
  notXlsx: 'Filen er ikke en gyldig .xlsx-fil.',
  tooBig: `Filen er for stor (høyst ${MB(MEMBER_IMPORT_LIMITS.fileBytes)} MB).`,
  unpacked: 'Filen pakker seg ut til mer enn et medlemsregister kan være, og blir ikke lest.',
  tooManyRows: `Filen har flere enn ${String(MEMBER_IMPORT_LIMITS.rows).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} rader.`,
  tooManyColumns: `Filen har flere enn ${MEMBER_IMPORT_LIMITS.columns} kolonner.`,
  noSheet: 'Filen har ingen ark.',
  headerOnly: 'Filen har bare en overskriftsrad og ingen medlemmer.',
  noRows: 'Filen har ingen rader.',
  mappingTwice: 'er valgt for flere kolonner',
  mappingUnknown: 'er ikke et felt importen kjenner',
  notPreview: 'Importen er allerede startet.',
  hasErrors: 'Filen har rader med feil. Rett dem i filen og last den opp igjen, eller la kolonnene stå utenfor.',
  nothingToDo: 'Importen har ingen medlemmer å opprette eller oppdatere.',
  notUndoable: 'Bare en fullført import kan angres.',
  undoExpired: `En import kan bare angres i ${MEMBER_IMPORT_LIMITS.undoDays} dager.`,
  cellLength: `er lengre enn ${MEMBER_IMPORT_LIMITS.cellLength} tegn`,
  emailOrPhone: 'raden må ha e-post eller mobil',
  phone: 'ugyldig mobilnummer',
  number: 'må være et helt tall',
  postalCode: 'må være fire sifre',
  postalUnknown: 'ukjent postnummer',
  date: 'ugyldig dato (skriv dd.mm.åååå)',
  gender: 'ukjent kjønn (skriv Mann, Kvinne eller Annet)',
  instrument: 'ukjent instrument',
  invoiceMethod: 'ukjent fakturametode (skriv E-post eller E-faktura)',
  invoiceEmail: 'Fakturametode E-post trenger en e-postadresse',
  yesNo: 'skriv ja eller nei',
  endBeforeStart: 'kan ikke være før Medlem fra',
  emailTaken: 'e-postadressen brukes av en annen konto',
  emailInFile: 'samme e-post som rad',
  product: 'ukjent produkt',
  memberUnknown: 'ukjent medlemsnummer (verken i filen eller i portalen)',
  value: 'Verdien må være et helt tall i kroner',
  imported: (file: string, staff: string) => `Importert fra ${file} av ${staff}`,
  undone: 'Import angret',
  changedSince: 'Endret etter importen',
} as const;

/** The fields a column can feed, with the labels and names a header is matched by. */
export const IMPORT_FIELDS = [
  { key: 'remote_id', label: 'Medlemsnummer', aliases: ['medlemsnr', 'member_number', 'nummer'] },
  { key: 'first_name', label: 'Fornavn', aliases: [] },
  { key: 'last_name', label: 'Etternavn', aliases: [] },
  { key: 'email', label: 'E-post', aliases: ['epostadresse', 'email', 'mail'] },
  { key: 'phone', label: 'Mobil', aliases: ['mobilnummer', 'telefon', 'tlf', 'mobile'] },
  { key: 'address', label: 'Adresse', aliases: [] },
  { key: 'postal_code', label: 'Postnummer', aliases: ['postnr'] },
  { key: 'postal_area', label: 'Poststed', aliases: [] },
  { key: 'birthdate', label: 'Fødselsdato', aliases: ['birth_date', 'født'] },
  { key: 'gender', label: 'Kjønn', aliases: [] },
  { key: 'artist_name', label: 'Artist/band', aliases: ['artistnavn', 'band'] },
  { key: 'primary_instrument_type', label: 'Hovedinstrument', aliases: ['instrument'] },
  { key: 'invoice_method', label: 'Fakturametode', aliases: [] },
  { key: 'invoice_email', label: 'Faktura-e-post', aliases: [] },
  { key: 'membership_start_date', label: 'Medlem fra', aliases: [] },
  { key: 'membership_end_date', label: 'Medlem til', aliases: [] },
  { key: 'newsletter_2', label: 'Nyhetsbrev 2', aliases: [] },
  { key: 'newsletter_3', label: 'Nyhetsbrev 3', aliases: [] },
] as const;

export type ImportField = (typeof IMPORT_FIELDS)[number]['key'];
const FIELD_KEYS = new Set<string>(IMPORT_FIELDS.map((field) => field.key));
const LABEL = Object.fromEntries(IMPORT_FIELDS.map((field) => [field.key, field.label])) as Record<ImportField, string>;

export const INSTRUMENT_SHEET = 'Instrumenter';
export const TRAVEL_SHEET = 'Reiseforsikring';
export const INSTRUMENT_COLUMNS = ['Medlemsnummer', 'Type instrument', 'Fabrikant', 'Modell', 'Serienummer', 'Verdi', 'Startdato'] as const;
export const TRAVEL_COLUMNS = ['Medlemsnummer', 'Produkt', 'Start', 'Slutt'] as const;

/** The template's example row, in the order of IMPORT_FIELDS. */
export const TEMPLATE_EXAMPLE = [
  '', 'Kari', 'Nordmann', 'kari.nordmann@example.no', '912 34 567', 'Storgata 1', '0155', 'Oslo', '17.04.1988',
  'Kvinne', 'Kari og Bandet', 'Gitar', 'E-post', '', '01.01.2020', '', 'ja', 'nei',
];
export const TEMPLATE_NOTE = 'Hver rad trenger Fornavn, Etternavn og E-post eller Mobil; resten kan stå tomt. '
  + 'Tomt Kjønn blir Annet; tom Fakturametode blir E-post når raden har e-post, ellers E-faktura. '
  + 'Datoer som dd.mm.åååå. Medlemsnummer beholdes; tomt gir neste ledige nummer. '
  + `Arkene ${INSTRUMENT_SHEET} og ${TRAVEL_SHEET} kan stå tomme eller fjernes.`;

export type Action = 'skip' | 'update' | 'fill' | 'create';
export type ImportState = 'preview' | 'running' | 'done' | 'failed' | 'undone';

export interface RowError { row: number; column: string; message: string; sheet?: string }
export interface Duplicate {
  row: number;
  member_id: number | null;
  of_row: number | null;
  by: 'remote_id' | 'email' | 'phone' | 'name_birthdate';
  name: string;
  member_name: string | null;
  member_number: number | null;
  action: Action;
}
export interface Summary {
  rows: number;
  new: number;
  update: number;
  duplicate: number;
  error: number;
  instruments?: number;
  travel?: number;
  undo?: { undone: number; kept: { member_id: number; name: string; reason: string }[] };
}

export interface MemberImport {
  id: number;
  file_name: string;
  state: ImportState;
  created_at: string;
  created_by: { id: number; name: string } | null;
  columns: string[];
  mapping: Record<string, string | null>;
  summary: Summary;
  errors: RowError[];
  duplicates: Duplicate[];
  default_action: Action | null;
  send_welcome: boolean;
  progress: { done: number; rows: number };
  error: string | null;
  committed_at: string | null;
  undone_at: string | null;
  undo_until: string | null;
}

type Values = Partial<Record<ImportField, string | number | boolean | null>>;

interface PlannedRow {
  number: number;
  name: string;
  values: Values;
  /** Fields the file gave a value for (defaults are not among them). */
  given: Set<ImportField>;
  errors: RowError[];
  duplicate: Duplicate | null;
  action: Action | 'error';
}

interface Plan {
  rows: PlannedRow[];
  summary: Summary;
  errors: RowError[];
  duplicates: Duplicate[];
  instruments: PlannedInstrument[];
  travel: PlannedTravel[];
}

/* ---------------------------------------------------------------- reading the file */

const SHEET_LIMITS = MEMBER_IMPORT_LIMITS;

const normaliseHeader = (text: string) => text.toLowerCase().replace(/[^a-z0-9æøå]/g, '');

/** The field a header names, by its Norwegian label, the API's name or a common alias. */
export function fieldForHeader(header: string): ImportField | null {
  const wanted = normaliseHeader(header);
  if (wanted === '') return null;
  for (const field of IMPORT_FIELDS) {
    const names = [field.label, field.key, ...field.aliases].map(normaliseHeader);
    if (names.includes(wanted)) return field.key;
  }
  return null;
}

/** Headers made unique ('E-post', 'E-post (2)') so a mapping can name each column. */
function uniqueHeaders(cells: string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, index) => {
    const base = cell === '' ? `Kolonne ${index + 1}` : cell;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base} (${count})`;
  });
}

interface ReadFile {
  columns: string[];
  rows: { number: number; cells: string[] }[];
  extra: Record<string, { columns: string[]; rows: { number: number; cells: string[] }[] }>;
}

/** The upload as header and rows, plus the other sheets the import knows. */
export async function readImportFile(fileName: string, buffer: Buffer): Promise<ReadFile> {
  if (buffer.length === 0) throw refused(SHEET_MESSAGES.empty);
  if (buffer.length > SHEET_LIMITS.fileBytes) throw refused(MEMBER_IMPORT_MESSAGES.tooBig);
  const kind = spreadsheetKind(fileName, buffer);
  if (!kind) throw refused(SHEET_MESSAGES.unknownType);
  const sheets: Sheet[] = kind === 'xlsx'
    ? await readXlsx(buffer, SHEET_LIMITS, MEMBER_IMPORT_MESSAGES)
    : [readCsv(buffer, SHEET_LIMITS, MEMBER_IMPORT_MESSAGES)];
  const others = new Set([INSTRUMENT_SHEET.toLowerCase(), TRAVEL_SHEET.toLowerCase()]);
  const main = sheets.find((sheet) => !others.has(sheet.name.trim().toLowerCase()));
  if (!main) throw refused(MEMBER_IMPORT_MESSAGES.noSheet);
  if (main.rows.length === 0) throw refused(MEMBER_IMPORT_MESSAGES.noRows);
  if (main.rows.length === 1) throw refused(MEMBER_IMPORT_MESSAGES.headerOnly);
  const extra: ReadFile['extra'] = {};
  for (const sheet of sheets) {
    const name = [INSTRUMENT_SHEET, TRAVEL_SHEET].find((known) => known.toLowerCase() === sheet.name.trim().toLowerCase());
    if (!name || sheet.rows.length < 2) continue;
    extra[name] = { columns: sheet.rows[0].cells, rows: sheet.rows.slice(1) };
  }
  const columns = uniqueHeaders(main.rows[0].cells);
  const rows = main.rows.slice(1).map((row) => ({ number: row.number, cells: row.cells }));
  return { columns, rows, extra };
}

/** The mapping a file starts with: each header matched to a field, a field used once. */
export function guessMapping(columns: string[]): Record<string, ImportField | null> {
  const used = new Set<ImportField>();
  const mapping: Record<string, ImportField | null> = {};
  for (const column of columns) {
    const field = fieldForHeader(column.replace(/ \(\d+\)$/, ''));
    mapping[column] = field && !used.has(field) ? field : null;
    if (field) used.add(field);
  }
  return mapping;
}

/** Staff's mapping checked: known columns and fields, each field once; unnamed columns keep the guess. */
export function checkMapping(columns: string[], current: Record<string, string | null>, wanted: Record<string, unknown>): Record<string, string | null> {
  const mapping = { ...current };
  const errors: Record<string, string[]> = {};
  for (const [column, field] of Object.entries(wanted)) {
    if (!columns.includes(column)) continue;
    if (field === null || field === '') mapping[column] = null;
    else if (typeof field === 'string' && FIELD_KEYS.has(field)) mapping[column] = field;
    else (errors[`mapping.${column}`] ??= []).push(`${String(field)} ${MEMBER_IMPORT_MESSAGES.mappingUnknown}`);
  }
  const byField = new Map<string, string[]>();
  for (const [column, field] of Object.entries(mapping)) if (field) byField.set(field, [...(byField.get(field) ?? []), column]);
  for (const [field, used] of byField) {
    if (used.length > 1) (errors.mapping ??= []).push(`${LABEL[field as ImportField]} ${MEMBER_IMPORT_MESSAGES.mappingTwice}: ${used.join(', ')}`);
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return mapping;
}

/* ---------------------------------------------------------------- checking rows */

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
  1: 1, mann: 1, m: 1, male: 1, gutt: 1,
  2: 2, kvinne: 2, k: 2, f: 2, female: 2, dame: 2, jente: 2,
  3: 3, annet: 3, a: 3, other: 3, ukjent: 3,
};
const YES = new Set(['ja', 'j', 'yes', 'y', '1', 'x', 'true', 'sann']);
const NO = new Set(['nei', 'n', 'no', '0', 'false', 'usann']);

interface Reference {
  postalAreas: Map<string, string>;
  instruments: Map<string, number>;
  travelProducts: Map<string, number>;
  instrumentCategories: Map<string, number>;
  today: string;
}

async function loadReference(db: Queryable): Promise<Reference> {
  // One after the other: inside a transaction they share one connection.
  const codes = await db.query<{ code: string; area: string }>('SELECT code, area FROM postal_codes');
  const categories = await db.query<{ id: number; title: string; use_insurance: number }>('SELECT id, title, use_insurance FROM instrument_categories');
  const products = await db.query<{ id: number; name: string }>("SELECT id, name FROM products WHERE kind = 'travel'");
  const byTitle = (rows: { id: number; title: string }[]) =>
    new Map(rows.flatMap((row) => [[row.title.toLowerCase(), row.id], [String(row.id), row.id]] as [string, number][]));
  return {
    postalAreas: new Map(codes.map((row) => [row.code, row.area])),
    instruments: byTitle(categories),
    instrumentCategories: byTitle(categories.filter((row) => row.use_insurance === 1)),
    travelProducts: new Map(products.flatMap((row) => [[row.name.toLowerCase(), row.id], [String(row.id), row.id]] as [string, number][])),
    today: todayInOslo(),
  };
}

/** One row's values and errors; `columnOf` names the column a field came from. */
function checkRow(number: number, text: Partial<Record<ImportField, string>>, columnOf: (field: ImportField) => string, ref: Reference): PlannedRow {
  const errors: RowError[] = [];
  const values: Values = {};
  const given = new Set<ImportField>();
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
    if (/^\+?\d{8,15}$/.test(phone)) values.phone = phone;
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
    if (!date || (field === 'birthdate' && !isPickerDate(date))) problem(field, MEMBER_IMPORT_MESSAGES.date);
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
  return {
    number, values, given, errors, duplicate: null, action: errors.length > 0 ? 'error' : 'create',
    name: `${get('first_name')} ${get('last_name')}`.trim(),
  };
}

interface Existing {
  id: number;
  remote_id: number | null;
  email: string;
  phone: string | null;
  first_name: string;
  last_name: string;
  birthdate: string | null;
  role_id: number;
}

const phoneKey = (phone: string | null | undefined) => (phone ? (toE164(phone) ?? normalisePhone(phone)) : null);
const nameKey = (values: { first_name?: unknown; last_name?: unknown; birthdate?: unknown }) =>
  values.birthdate && values.first_name && values.last_name
    ? `${String(values.first_name).toLowerCase()}|${String(values.last_name).toLowerCase()}|${String(values.birthdate)}`
    : null;

/**
 * Accounts that share a member number, e-mail, phone or name and birth date with a row. Asked in
 * slices of rows: a large file's keys in one statement would grow the embedded database's memory
 * for good.
 */
async function existingMatches(db: Queryable, rows: PlannedRow[]): Promise<Existing[]> {
  const found = new Map<number, Existing>();
  for (let start = 0; start < rows.length; start += MATCH_SLICE) {
    for (const account of await matchesOf(db, rows.slice(start, start + MATCH_SLICE))) found.set(account.id, account);
  }
  return [...found.values()].sort((a, b) => a.id - b.id);
}

const MATCH_SLICE = 5000;

async function matchesOf(db: Queryable, rows: PlannedRow[]): Promise<Existing[]> {
  const numbers = new Set<number>();
  const emails = new Set<string>();
  const phones = new Set<string>();
  const names: [string[], string[], string[]] = [[], [], []];
  for (const row of rows) {
    if (row.action === 'error') continue;
    const v = row.values;
    if (typeof v.remote_id === 'number') numbers.add(v.remote_id);
    if (typeof v.email === 'string') emails.add(v.email.toLowerCase());
    if (typeof v.phone === 'string') {
      phones.add(v.phone);
      const e164 = toE164(v.phone);
      if (e164) {
        phones.add(e164);
        if (e164.startsWith('+47')) phones.add(e164.slice(3));
      }
    }
    if (nameKey(v)) {
      names[0].push(String(v.first_name).toLowerCase());
      names[1].push(String(v.last_name).toLowerCase());
      names[2].push(String(v.birthdate));
    }
  }
  return db.query<Existing>(
    `SELECT id, remote_id, email, phone, first_name, last_name, birthdate::text AS birthdate, role_id
       FROM accounts
      WHERE remote_id = ANY ($1::int[])
         OR lower(email) = ANY ($2::text[])
         OR (role_id IN (1, 2) AND phone = ANY ($3::text[]))
         OR (role_id IN (1, 2) AND (lower(first_name), lower(last_name), birthdate) IN
               (SELECT * FROM unnest($4::text[], $5::text[], $6::date[])))`,
    [[...numbers], [...emails], [...phones], names[0], names[1], names[2]],
  );
}

/** The preview: rows checked, duplicates found, decisions applied. Reads, never writes. */
async function planImport(
  db: Queryable,
  source: { columns: string[]; mapping: Record<string, string | null>; decisions: Record<string, Action>; default_action: Action | null; extra: ReadFile['extra'] },
  rows: { number: number; cells: string[] }[],
): Promise<Plan> {
  const ref = await loadReference(db);
  const index = new Map<ImportField, number>();
  source.columns.forEach((column, position) => {
    const field = source.mapping[column];
    if (field) index.set(field as ImportField, position);
  });
  const columnOf = (field: ImportField) => {
    const position = index.get(field);
    return position === undefined ? LABEL[field] : source.columns[position];
  };
  const planned = rows.map((row) => {
    const text: Partial<Record<ImportField, string>> = {};
    for (const [field, position] of index) text[field] = row.cells[position] ?? '';
    return checkRow(row.number, text, columnOf, ref);
  });

  const existing = await existingMatches(db, planned);
  const byNumber = new Map<number, Existing>();
  const byEmail = new Map<string, Existing>();
  const byPhone = new Map<string, Existing>();
  const byName = new Map<string, Existing>();
  for (const account of existing) {
    if (account.remote_id !== null) byNumber.set(account.remote_id, account);
    byEmail.set(account.email.toLowerCase(), account);
    if (account.role_id <= 2) {
      const phone = phoneKey(account.phone);
      if (phone && !byPhone.has(phone)) byPhone.set(phone, account);
      const name = nameKey(account);
      if (name && !byName.has(name)) byName.set(name, account);
    }
  }
  const seen = { number: new Map<number, PlannedRow>(), email: new Map<string, PlannedRow>(), phone: new Map<string, PlannedRow>(), name: new Map<string, PlannedRow>() };
  const decide = (row: PlannedRow): Action => source.decisions[String(row.number)] ?? source.default_action ?? 'skip';

  for (const row of planned) {
    if (row.action === 'error') continue;
    const v = row.values;
    const keys = {
      number: typeof v.remote_id === 'number' ? v.remote_id : null,
      email: typeof v.email === 'string' ? v.email.toLowerCase() : null,
      phone: phoneKey(v.phone as string | undefined),
      name: nameKey(v),
    };
    const member = (keys.number !== null ? byNumber.get(keys.number) : undefined)
      ?? (keys.email ? byEmail.get(keys.email) : undefined)
      ?? (keys.phone ? byPhone.get(keys.phone) : undefined)
      ?? (keys.name ? byName.get(keys.name) : undefined);
    const by = (found: { remote_id?: unknown; email?: unknown; phone?: unknown }, isRow: boolean): Duplicate['by'] => {
      if (keys.number !== null && (isRow ? found.remote_id === keys.number : found.remote_id === keys.number)) return 'remote_id';
      if (keys.email && String(found.email ?? '').toLowerCase() === keys.email) return 'email';
      if (keys.phone && phoneKey(found.phone as string | null) === keys.phone) return 'phone';
      return 'name_birthdate';
    };
    if (member) {
      if (member.role_id > 2) {
        row.errors.push({ row: row.number, column: columnOf('email'), message: MEMBER_IMPORT_MESSAGES.emailTaken });
        row.action = 'error';
        continue;
      }
      const action = decide(row);
      row.duplicate = {
        row: row.number, member_id: member.id, of_row: null, by: by(member, false), name: row.name,
        member_name: `${member.first_name} ${member.last_name}`, member_number: member.remote_id, action,
      };
      row.action = action;
      if (action === 'create' && keys.email && byEmail.has(keys.email)) {
        row.errors.push({ row: row.number, column: columnOf('email'), message: MEMBER_IMPORT_MESSAGES.emailTaken });
        row.action = 'error';
      }
      continue;
    }
    const earlier = (keys.number !== null ? seen.number.get(keys.number) : undefined)
      ?? (keys.email ? seen.email.get(keys.email) : undefined)
      ?? (keys.phone ? seen.phone.get(keys.phone) : undefined)
      ?? (keys.name ? seen.name.get(keys.name) : undefined);
    if (earlier) {
      const action = decide(row);
      row.duplicate = {
        row: row.number, member_id: null, of_row: earlier.number, by: by(earlier.values, true), name: row.name,
        member_name: earlier.name, member_number: typeof earlier.values.remote_id === 'number' ? earlier.values.remote_id : null, action,
      };
      row.action = action;
      if (action === 'create' && keys.email && seen.email.has(keys.email)) {
        row.errors.push({ row: row.number, column: columnOf('email'), message: `${MEMBER_IMPORT_MESSAGES.emailInFile} ${seen.email.get(keys.email)!.number}` });
        row.action = 'error';
        continue;
      }
      if (action === 'create' && keys.number !== null && seen.number.has(keys.number)) delete row.values.remote_id;
      if (action !== 'create') continue;
    }
    if (keys.number !== null && row.values.remote_id !== undefined) seen.number.set(keys.number, row);
    if (keys.email) seen.email.set(keys.email, row);
    if (keys.phone && !seen.phone.has(keys.phone)) seen.phone.set(keys.phone, row);
    if (keys.name && !seen.name.has(keys.name)) seen.name.set(keys.name, row);
  }

  const plan: Plan = {
    rows: planned, errors: [], duplicates: [], instruments: [], travel: [],
    summary: { rows: planned.length, new: 0, update: 0, duplicate: 0, error: 0 },
  };
  for (const row of planned) {
    plan.errors.push(...row.errors);
    if (row.duplicate) plan.duplicates.push(row.duplicate);
    if (row.action === 'error') plan.summary.error += 1;
    else if (row.action === 'create') plan.summary.new += 1;
    else if (row.action === 'update' || row.action === 'fill') plan.summary.update += 1;
    else plan.summary.duplicate += 1;
  }
  await planOtherSheets(db, plan, source.extra, ref);
  return plan;
}

/* ---------------------------------------------------------------- other sheets */

interface PlannedInstrument {
  row: number;
  remote_id: number;
  instrument_category: number;
  make: string;
  model: string;
  serial_number: string | null;
  value: number;
  insurance_start: string;
}

interface PlannedTravel {
  row: number;
  remote_id: number;
  product_id: number;
  start: string;
  end: string | null;
}

/** The member numbers the commit will know: those in the portal, and those the file creates or updates. */
async function knownNumbers(db: Queryable, plan: Plan, numbers: number[]): Promise<Set<number>> {
  const known = new Set<number>();
  for (const row of plan.rows) {
    if ((row.action === 'create' || row.action === 'update' || row.action === 'fill') && typeof row.values.remote_id === 'number') known.add(row.values.remote_id);
    if (row.duplicate?.member_number && row.action !== 'error') known.add(row.duplicate.member_number);
  }
  const rows = await db.query<{ remote_id: number }>('SELECT remote_id FROM accounts WHERE remote_id = ANY ($1::int[]) AND role_id IN (1, 2)', [numbers]);
  for (const row of rows) known.add(row.remote_id);
  return known;
}

async function planOtherSheets(db: Queryable, plan: Plan, extra: ReadFile['extra'], ref: Reference): Promise<void> {
  const instruments = extra[INSTRUMENT_SHEET];
  const travel = extra[TRAVEL_SHEET];
  if (!instruments && !travel) return;
  const numbersIn = (sheet: typeof instruments) => (sheet?.rows ?? []).map((row) => Number(row.cells[0])).filter((n) => Number.isSafeInteger(n));
  const known = await knownNumbers(db, plan, [...numbersIn(instruments), ...numbersIn(travel)]);
  const problem = (sheet: string, row: number, column: string, message: string) => plan.errors.push({ sheet, row, column, message });
  const memberNumber = (sheet: string, row: number, text: string): number | null => {
    if (!/^\d{1,9}$/.test(text)) {
      problem(sheet, row, 'Medlemsnummer', text === '' ? RULE_MESSAGES.required : MEMBER_IMPORT_MESSAGES.number);
      return null;
    }
    if (!known.has(Number(text))) {
      problem(sheet, row, 'Medlemsnummer', MEMBER_IMPORT_MESSAGES.memberUnknown);
      return null;
    }
    return Number(text);
  };
  let errorRows = 0;
  if (instruments) {
    const existing = await db.query<{ remote_id: number; instrument_category: number; make: string; model: string; serial_number: string | null }>(
      `SELECT a.remote_id, i.instrument_category, i.make, i.model, i.serial_number FROM instruments i JOIN accounts a ON a.id = i.member_id
        WHERE a.remote_id = ANY ($1::int[]) AND i.deleted_at IS NULL AND i.state IN ('requested', 'active')`,
      [numbersIn(instruments)],
    );
    const seen = new Set<string>();
    const key = (i: { remote_id: number; instrument_category: number; make: string; model: string; serial_number: string | null }) =>
      i.serial_number ? `${i.remote_id}|s|${i.serial_number.toLowerCase()}` : `${i.remote_id}|${i.instrument_category}|${i.make.toLowerCase()}|${i.model.toLowerCase()}`;
    for (const instrument of existing) seen.add(key(instrument));
    for (const { number, cells } of instruments.rows) {
      const before = plan.errors.length;
      const cell = (index: number) => (cells[index] ?? '').trim();
      const remoteId = memberNumber(INSTRUMENT_SHEET, number, cell(0));
      const category = ref.instrumentCategories.get(cell(1).toLowerCase());
      if (cell(1) === '') problem(INSTRUMENT_SHEET, number, INSTRUMENT_COLUMNS[1], RULE_MESSAGES.required);
      else if (category === undefined) problem(INSTRUMENT_SHEET, number, INSTRUMENT_COLUMNS[1], 'ukjent instrumenttype');
      for (const column of [2, 3]) if (cell(column) === '') problem(INSTRUMENT_SHEET, number, INSTRUMENT_COLUMNS[column], RULE_MESSAGES.required);
      const value = instrumentValue(cell(5));
      if (value === null) problem(INSTRUMENT_SHEET, number, INSTRUMENT_COLUMNS[5], MEMBER_IMPORT_MESSAGES.value);
      const start = cell(6) === '' ? ref.today : importDate(cell(6));
      if (!start) problem(INSTRUMENT_SHEET, number, INSTRUMENT_COLUMNS[6], MEMBER_IMPORT_MESSAGES.date);
      if (plan.errors.length > before) {
        errorRows += 1;
        continue;
      }
      const instrument: PlannedInstrument = {
        row: number, remote_id: remoteId!, instrument_category: category!, make: cell(2), model: cell(3),
        serial_number: cell(4) || null, value: value!, insurance_start: start!,
      };
      // A duplicate (the same serial number, or type, maker and model, for the member) is skipped.
      if (seen.has(key(instrument))) continue;
      seen.add(key(instrument));
      plan.instruments.push(instrument);
    }
  }
  if (travel) {
    const existing = await db.query<{ remote_id: number; product_id: number }>(
      `SELECT a.remote_id, s.product_id FROM subscriptions s JOIN accounts a ON a.id = s.member_id
        WHERE a.remote_id = ANY ($1::int[]) AND s.kind = 'travel' AND s.state IN ('pending', 'active') AND s.deleted_at IS NULL`,
      [numbersIn(travel)],
    );
    const seen = new Set(existing.map((row) => `${row.remote_id}|${row.product_id}`));
    for (const { number, cells } of travel.rows) {
      const before = plan.errors.length;
      const cell = (index: number) => (cells[index] ?? '').trim();
      const remoteId = memberNumber(TRAVEL_SHEET, number, cell(0));
      const product = ref.travelProducts.get(cell(1).toLowerCase())
        ?? (cell(1).toLowerCase() === 'reiseforsikring' ? [...ref.travelProducts.values()][0] : undefined);
      if (product === undefined) problem(TRAVEL_SHEET, number, TRAVEL_COLUMNS[1], cell(1) === '' ? RULE_MESSAGES.required : MEMBER_IMPORT_MESSAGES.product);
      const start = cell(2) === '' ? ref.today : importDate(cell(2));
      if (!start) problem(TRAVEL_SHEET, number, TRAVEL_COLUMNS[2], MEMBER_IMPORT_MESSAGES.date);
      const end = cell(3) === '' ? null : importDate(cell(3));
      if (cell(3) !== '' && !end) problem(TRAVEL_SHEET, number, TRAVEL_COLUMNS[3], MEMBER_IMPORT_MESSAGES.date);
      else if (end && start && end < start) problem(TRAVEL_SHEET, number, TRAVEL_COLUMNS[3], 'kan ikke være før Start');
      if (plan.errors.length > before) {
        errorRows += 1;
        continue;
      }
      const key = `${remoteId}|${product}`;
      if (seen.has(key)) continue;
      seen.add(key);
      plan.travel.push({ row: number, remote_id: remoteId!, product_id: product!, start: start!, end });
    }
  }
  plan.summary.error += errorRows;
  plan.summary.instruments = plan.instruments.length;
  plan.summary.travel = plan.travel.length;
}

/* ---------------------------------------------------------------- stored imports */

interface ImportRecord {
  id: number;
  file_name: string;
  state: ImportState;
  created_at: string;
  created_by: number | null;
  staff_name: string | null;
  columns: string[];
  mapping: Record<string, string | null>;
  decisions: Record<string, Action>;
  default_action: Action | null;
  extra_sheets: ReadFile['extra'];
  summary: Summary;
  errors: RowError[];
  duplicates: Duplicate[];
  send_welcome: boolean;
  progress_done: number;
  error: string | null;
  committed_at: string | null;
  undone_at: string | null;
}

const RECORD_COLUMNS = `i.id, i.file_name, i.state, i.created_at, i.created_by,
  (SELECT first_name || ' ' || last_name FROM accounts WHERE id = i.created_by) AS staff_name,
  i.columns, i.mapping, i.decisions, i.default_action, i.extra_sheets, i.summary, i.errors, i.duplicates,
  i.send_welcome, i.progress_done, i.error, i.committed_at, i.undone_at`;

async function loadRecord(db: Queryable, id: number): Promise<ImportRecord | null> {
  const [row] = await db.query<ImportRecord>(`SELECT ${RECORD_COLUMNS} FROM member_imports i WHERE i.id = $1`, [id]);
  return row ?? null;
}

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

/** How many errors and duplicates an answer carries; the error report has them all. */
const SHOWN = 1000;

function shown(record: ImportRecord): MemberImport {
  const committed = iso(record.committed_at);
  return {
    id: record.id,
    file_name: record.file_name,
    state: record.state,
    created_at: iso(record.created_at)!,
    created_by: record.created_by ? { id: record.created_by, name: record.staff_name ?? '' } : null,
    columns: record.columns,
    mapping: record.mapping,
    summary: record.summary,
    errors: record.errors.slice(0, SHOWN),
    duplicates: record.duplicates.slice(0, SHOWN),
    default_action: record.default_action,
    send_welcome: record.send_welcome,
    progress: { done: record.progress_done, rows: record.summary.rows ?? 0 },
    error: record.error,
    committed_at: committed,
    undone_at: iso(record.undone_at),
    undo_until: committed && record.state === 'done'
      ? new Date(new Date(committed).getTime() + MEMBER_IMPORT_LIMITS.undoDays * 86_400_000).toISOString()
      : null,
  };
}

async function storedRows(db: Queryable, id: number): Promise<{ number: number; cells: string[] }[]> {
  const rows: { number: number; cells: string[] }[] = [];
  // In slices: PGlite answers at most ~16 MB per query.
  for (let after = 0; ;) {
    const slice = await db.query<{ number: number; cells: string[] }>(
      'SELECT number, cells FROM member_import_rows WHERE import_id = $1 AND number > $2 ORDER BY number LIMIT 5000',
      [id, after],
    );
    rows.push(...slice);
    if (slice.length < 5000) return rows;
    after = slice[slice.length - 1].number;
  }
}

async function savePreview(db: Queryable, id: number, plan: Plan): Promise<void> {
  await db.query('UPDATE member_imports SET summary = $2, errors = $3, duplicates = $4 WHERE id = $1', [
    id, JSON.stringify(plan.summary), JSON.stringify(plan.errors), JSON.stringify(plan.duplicates),
  ]);
}

/** The upload read and kept, with its first preview. */
export async function createImport(db: Database, staffId: number, fileName: string, buffer: Buffer, mapping: Record<string, unknown> | null): Promise<MemberImport> {
  const file = await readImportFile(fileName, buffer);
  const guessed = guessMapping(file.columns);
  const chosen = mapping ? checkMapping(file.columns, guessed, mapping) : guessed;
  const name = fileName.replace(/[\\/]/g, '_').slice(0, 200) || 'fil';
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      'INSERT INTO member_imports (file_name, created_by, columns, mapping, extra_sheets) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [name, staffId, JSON.stringify(file.columns), JSON.stringify(chosen), JSON.stringify(file.extra)],
    );
    for (let start = 0; start < file.rows.length; start += 2000) {
      const slice = file.rows.slice(start, start + 2000);
      await tx.query(
        `INSERT INTO member_import_rows (import_id, number, cells)
         SELECT $1, r.number, r.cells FROM jsonb_to_recordset($2::jsonb) AS r(number int, cells jsonb)`,
        [row.id, JSON.stringify(slice)],
      );
    }
    return row.id;
  });
  const plan = await planImport(db, { columns: file.columns, mapping: chosen, decisions: {}, default_action: null, extra: file.extra }, file.rows);
  await savePreview(db, id, plan);
  return shown((await loadRecord(db, id))!);
}

export async function findImport(db: Queryable, id: number): Promise<MemberImport | null> {
  const record = await loadRecord(db, id);
  return record ? shown(record) : null;
}

export interface ImportChange {
  mapping?: Record<string, unknown>;
  decisions?: { row: number; action: Action }[];
  default_action?: Action | null;
}

/** New mapping or decisions: the preview made again. */
export async function changeImport(db: Database, id: number, change: ImportChange): Promise<MemberImport | null> {
  const record = await loadRecord(db, id);
  if (!record) return null;
  if (record.state !== 'preview') throw new HttpError(409, { message: MEMBER_IMPORT_MESSAGES.notPreview });
  const mapping = change.mapping ? checkMapping(record.columns, record.mapping, change.mapping) : record.mapping;
  const decisions = { ...record.decisions };
  for (const decision of change.decisions ?? []) decisions[String(decision.row)] = decision.action;
  const defaultAction = change.default_action === undefined ? record.default_action : change.default_action;
  // A decision for all at once replaces the ones made row by row before it.
  if (change.default_action !== undefined && !change.decisions) for (const key of Object.keys(decisions)) delete decisions[key];
  await db.query('UPDATE member_imports SET mapping = $2, decisions = $3, default_action = $4 WHERE id = $1', [
    id, JSON.stringify(mapping), JSON.stringify(decisions), defaultAction,
  ]);
  const plan = await planImport(db, { columns: record.columns, mapping, decisions, default_action: defaultAction, extra: record.extra_sheets }, await storedRows(db, id));
  await savePreview(db, id, plan);
  return shown((await loadRecord(db, id))!);
}

/** Queues the commit; answers the import as it now stands. */
export async function startCommit(db: Database, jobs: JobSender, id: number, sendWelcome: boolean): Promise<MemberImport | null> {
  const record = await loadRecord(db, id);
  if (!record) return null;
  if (record.state !== 'preview') throw new HttpError(409, { message: MEMBER_IMPORT_MESSAGES.notPreview });
  if (record.summary.error > 0) throw validationFailed({ file: [MEMBER_IMPORT_MESSAGES.hasErrors] });
  if (record.summary.new + record.summary.update + (record.summary.instruments ?? 0) + (record.summary.travel ?? 0) === 0) {
    throw validationFailed({ file: [MEMBER_IMPORT_MESSAGES.nothingToDo] });
  }
  await db.transaction(async (tx) => {
    const [started] = await tx.query(
      "UPDATE member_imports SET state = 'running', send_welcome = $2, progress_done = 0, error = NULL WHERE id = $1 AND state = 'preview' RETURNING id",
      [id, sendWelcome],
    );
    if (!started) throw new HttpError(409, { message: MEMBER_IMPORT_MESSAGES.notPreview });
    await jobs.send(MEMBER_IMPORT_QUEUE, { importId: id }, tx);
  });
  return shown((await loadRecord(db, id))!);
}

/* ---------------------------------------------------------------- the commit */

const ACCOUNT_FIELDS = [
  'first_name', 'last_name', 'email', 'phone', 'address', 'postal_code', 'postal_area', 'birthdate', 'gender', 'artist_name',
  'primary_instrument_type', 'invoice_method', 'invoice_email', 'newsletter_2', 'newsletter_3', 'membership_start_date',
] as const;
const FIELD_TYPES: Record<(typeof ACCOUNT_FIELDS)[number] | 'remote_id', string> = {
  remote_id: 'int', first_name: 'text', last_name: 'text', email: 'text', phone: 'text', address: 'text', postal_code: 'text',
  postal_area: 'text', birthdate: 'date', gender: 'smallint', artist_name: 'text', primary_instrument_type: 'int',
  invoice_method: 'text', invoice_email: 'text', newsletter_2: 'boolean', newsletter_3: 'boolean', membership_start_date: 'date',
};
const CHUNK = 2000;
/**
 * Rows written per step of a commit (updates go one member at a time). On PGlite a step is its own
 * transaction and holds the one session, so steps are smaller there (under half a second).
 */
const STEP_SIZES = { postgres: { creates: CHUNK, updates: 500 }, pglite: { creates: 1000, updates: 200 } };

/** Stand-in address of a member imported without e-mail (the column is required and unique); '.invalid' never delivers. */
export const NO_EMAIL_DOMAIN = 'uten-epost.invalid';

function mergeInto(target: PlannedRow, source: PlannedRow, overwrite: boolean): void {
  for (const field of source.given) {
    if (field === 'remote_id') continue;
    if (overwrite || !target.given.has(field)) {
      target.values[field] = source.values[field];
      target.given.add(field);
    }
  }
}

/**
 * One step of the commit's writes. On PostgreSQL every step runs in the commit's one transaction;
 * on PGlite, the one session where an open transaction holds every other request, each step is a
 * transaction of its own, and a commit that fails or is cut off is taken back as a whole.
 */
type Step = <T>(work: (tx: Queryable) => Promise<T>) => Promise<T>;

/** Runs a queued commit: everything, or nothing (the import is then 'failed'). */
export async function runImport(db: Database, jobs: JobSender, id: number): Promise<void> {
  const record = await loadRecord(db, id);
  if (!record || record.state !== 'running') return;
  try {
    await commitImport(db, jobs, record);
  } catch (error) {
    const message = error instanceof HttpError ? error.body.message : 'Importen feilet, og ingenting ble lagret.';
    if (!(error instanceof HttpError)) console.error('Medlemsimporten feilet:', error);
    await db.transaction(async (tx) => {
      await takeBack(tx, record);
      await tx.query("UPDATE member_imports SET state = 'failed', error = $2 WHERE id = $1 AND state = 'running'", [id, message]);
    });
  }
}

/**
 * At start, before any request: on PGlite, an import whose process died during its commit has its
 * finished steps taken back, so nothing half-imported is seen; the queue runs the commit again.
 */
export async function takeBackInterruptedImports(db: Database): Promise<number> {
  if (db.kind !== 'pglite') return 0;
  const running = await db.query<{ id: number }>(
    "SELECT m.id FROM member_imports m WHERE m.state = 'running' AND EXISTS (SELECT 1 FROM member_import_items i WHERE i.import_id = m.id)",
  );
  for (const { id } of running) {
    const record = await loadRecord(db, id);
    if (record) await db.transaction((tx) => takeBack(tx, record));
  }
  return running.length;
}

async function commitImport(db: Database, jobs: JobSender, record: ImportRecord): Promise<void> {
  // Read when the plan is made and let go after it: the commit keeps only the planned rows.
  const rows = () => storedRows(db, record.id);
  const advance = async (done: number) => {
    // Stored outside the commit's transaction (PostgreSQL) or between its steps (PGlite), for the
    // page, also on a server process that does not run the job.
    await db.query('UPDATE member_imports SET progress_done = $2 WHERE id = $1', [record.id, done]);
    // Between chunks the server answers other requests.
    await new Promise((resolve) => setImmediate(resolve));
  };
  if (db.kind === 'postgres') {
    await db.transaction((tx) => writeImport(tx, (work) => work(tx), STEP_SIZES.postgres, jobs, record, rows, advance));
    return;
  }
  const lite = db as PgliteDatabase;
  // What an earlier attempt of this commit left is taken back first.
  await lite.transaction((tx) => takeBack(tx, record));
  // PGlite runs in this thread: while a step runs, no other request is even read. After each step
  // the database is left to them for twice as long as the step held it, so no request waits
  // longer than one small step and the server keeps answering at close to its usual pace.
  const step: Step = async (work) => {
    const started = performance.now();
    const result = await lite.transaction(work);
    await new Promise((resolve) => setTimeout(resolve, 2 * (performance.now() - started)));
    return result;
  };
  await writeImport(lite, step, STEP_SIZES.pglite, jobs, record, rows, advance);
}

async function writeImport(
  db: Queryable, step: Step, sizes: { creates: number; updates: number }, jobs: JobSender, record: ImportRecord,
  rows: () => Promise<{ number: number; cells: string[] }[]>, progress: (done: number) => Promise<void>,
): Promise<void> {
  const plan = await planImport(db, { ...record, extra: record.extra_sheets }, await rows());
  if (plan.summary.error > 0) throw new HttpError(422, { message: MEMBER_IMPORT_MESSAGES.hasErrors });
  const byNumber = new Map(plan.rows.map((row) => [row.number, row]));
  // A duplicate of an earlier row, to update it, feeds that row before anything is written.
  for (const row of plan.rows) {
    if (row.duplicate?.of_row && (row.action === 'update' || row.action === 'fill')) {
      const target = byNumber.get(row.duplicate.of_row);
      if (target && target.action === 'create') mergeInto(target, row, row.action === 'update');
    }
  }
  const [{ name: staffName }] = await db.query<{ name: string }>("SELECT first_name || ' ' || last_name AS name FROM accounts WHERE id = $1", [record.created_by]);
  const note = MEMBER_IMPORT_MESSAGES.imported(record.file_name, staffName ?? '');
  const today = todayInOslo();

  const creates = plan.rows.filter((row) => row.action === 'create');
  const kept = creates.map((row) => row.values.remote_id).filter((n): n is number => typeof n === 'number');
  // The number sequence continues above the highest number in the portal and in the file.
  await db.query(
    `SELECT setval('member_number_seq', GREATEST((SELECT coalesce(max(remote_id), 0) FROM accounts), $1::int, (SELECT last_value FROM member_number_seq)))`,
    [Math.max(0, ...kept)],
  );
  const [product] = await db.query<{ id: number }>("SELECT id FROM products WHERE kind = 'membership' ORDER BY id LIMIT 1");
  let done = 0;
  for (let start = 0; start < creates.length; start += sizes.creates) {
    const slice = creates.slice(start, start + sizes.creates).map((row) => ({
      row: row.number,
      remote_id: row.values.remote_id ?? null,
      ...Object.fromEntries(ACCOUNT_FIELDS.map((field) => [field, row.values[field] ?? null])),
      membership_start_date: row.values.membership_start_date ?? today,
      end_date: row.values.membership_end_date ?? null,
    }));
    await step(async (tx) => {
      const columns = (['remote_id', ...ACCOUNT_FIELDS] as const).map((field) => `${field} ${FIELD_TYPES[field]}`).join(', ');
      const created = await tx.query<{ id: number; remote_id: number; row: number }>(
        `WITH input AS (
           SELECT r.*, coalesce(r.remote_id, nextval('member_number_seq')::int) AS number
             FROM jsonb_to_recordset($1::jsonb) AS r(row int, end_date date, ${columns})
         ), inserted AS (
           INSERT INTO accounts (remote_id, role_id, status, registration_completed, validated_at, validated_by,
                                 ${ACCOUNT_FIELDS.join(', ')})
           SELECT number, 2, '1', 1, now(), $2,
                  ${ACCOUNT_FIELDS.map((field) => (field === 'email' ? `coalesce(email, 'medlem-' || number || '@${NO_EMAIL_DOMAIN}')` : field)).join(', ')}
             FROM input ORDER BY row
           RETURNING id, remote_id
         ), memberships AS (
           INSERT INTO subscriptions (member_id, product_id, kind, state, subscription_start, subscription_end, validated_at, validated_by)
           SELECT inserted.id, $3, 'membership', CASE WHEN input.end_date IS NOT NULL AND input.end_date < $4::date THEN 'ended' ELSE 'active' END,
                  input.membership_start_date, input.end_date, now(), $2
             FROM inserted JOIN input ON input.number = inserted.remote_id
         )
         SELECT inserted.id, inserted.remote_id, input.row FROM inserted JOIN input ON input.number = inserted.remote_id`,
        [JSON.stringify(slice), record.created_by, product.id, today],
      );
      const changes = created.map((member) => {
        const row = byNumber.get(member.row)!;
        const fields: Record<string, [null, unknown]> = { import: [null, note], remote_id: [null, member.remote_id] };
        for (const field of ACCOUNT_FIELDS) if (row.values[field] !== undefined && row.values[field] !== null) fields[field] = [null, row.values[field]];
        return { id: member.id, changes: fields };
      });
      await tx.query(
        `INSERT INTO member_changes (member_id, changed_by, changes)
         SELECT c.id, $2, c.changes FROM jsonb_to_recordset($1::jsonb) AS c(id int, changes jsonb)`,
        [JSON.stringify(changes), record.created_by],
      );
      await tx.query(
        `INSERT INTO member_import_items (import_id, kind, action, target_id, member_id, updated_at)
         SELECT $1, 'member', 'create', a.id, a.id, a.updated_at FROM accounts a WHERE a.id = ANY ($2::int[])`,
        [record.id, created.map((member) => member.id)],
      );
    });
    done += slice.length;
    await progress(done);
  }

  const updates = plan.rows.filter((row) => (row.action === 'update' || row.action === 'fill') && row.duplicate?.member_id);
  for (let start = 0; start < updates.length; start += sizes.updates) {
    const slice = updates.slice(start, start + sizes.updates);
    await step(async (tx) => {
      for (const row of slice) await updateMember(tx, record.id, record.created_by, row, row.duplicate!.member_id!, row.action === 'update', note);
    });
    done += slice.length;
    await progress(done);
  }

  await step(async (tx) => {
    await commitOtherSheets(tx, record, plan, today);
    const summary: Summary = { ...plan.summary };
    await tx.query(
      `UPDATE member_imports SET state = 'done', committed_at = now(), progress_done = $2, summary = $3, errors = $4, duplicates = $5
        WHERE id = $1`,
      [record.id, plan.rows.length, JSON.stringify(summary), JSON.stringify(plan.errors), JSON.stringify(plan.duplicates)],
    );
    if (record.send_welcome) await jobs.send(MEMBER_IMPORT_WELCOME_QUEUE, { importId: record.id, afterId: 0 }, tx);
  });
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

async function updateMember(tx: Queryable, importId: number, staffId: number | null, row: PlannedRow, memberId: number, overwrite: boolean, note: string): Promise<void> {
  const fields = [...row.given].filter((field): field is (typeof ACCOUNT_FIELDS)[number] | 'remote_id' =>
    field === 'remote_id' || (ACCOUNT_FIELDS as readonly string[]).includes(field));
  const [current] = await tx.query<Record<string, unknown>>(
    `SELECT ${['remote_id', ...ACCOUNT_FIELDS].join(', ')}, birthdate::text AS birthdate, membership_start_date::text AS membership_start_date
       FROM accounts WHERE id = $1 FOR UPDATE`,
    [memberId],
  );
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const field of fields) {
    const next = row.values[field];
    if (next === undefined) continue;
    if (field === 'remote_id' && !isEmpty(current.remote_id)) continue;
    if (!overwrite && !isEmpty(current[field])) continue;
    if (String(current[field] ?? '') === String(next ?? '')) continue;
    before[field] = current[field] ?? null;
    after[field] = next;
  }
  const changed = Object.keys(after);
  if (changed.length === 0) return;
  if (typeof after.email === 'string') {
    const [taken] = await tx.query('SELECT 1 FROM accounts WHERE lower(email) = lower($1) AND id <> $2', [after.email, memberId]);
    if (taken) {
      delete after.email;
      delete before.email;
    }
  }
  const sets = Object.keys(after).map((field, index) => `${field} = $${index + 2}::${FIELD_TYPES[field as keyof typeof FIELD_TYPES]}`);
  if (sets.length === 0) return;
  await tx.query(`UPDATE accounts SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, [memberId, ...Object.values(after)]);
  const history: Record<string, [unknown, unknown]> = { import: [null, note] };
  for (const field of Object.keys(after)) history[field] = [before[field], after[field]];
  await tx.query('INSERT INTO member_changes (member_id, changed_by, changes) VALUES ($1, $2, $3)', [memberId, staffId, JSON.stringify(history)]);
  await tx.query(
    `INSERT INTO member_import_items (import_id, kind, action, target_id, member_id, before, updated_at)
     SELECT $1, 'member', 'update', a.id, a.id, $3, a.updated_at FROM accounts a WHERE a.id = $2`,
    [importId, memberId, JSON.stringify(before)],
  );
}

async function commitOtherSheets(tx: Queryable, record: ImportRecord, plan: Plan, today: string): Promise<void> {
  if (plan.instruments.length > 0) {
    const created = await tx.query<{ id: number; member_id: number }>(
      `INSERT INTO instruments (member_id, instrument_category, make, model, serial_number, value, insurance_start, state, validated_at, validated_by)
       SELECT a.id, r.instrument_category, r.make, r.model, r.serial_number, r.value, r.insurance_start, 'active', now(), $2
         FROM jsonb_to_recordset($1::jsonb) AS r(row int, remote_id int, instrument_category int, make text, model text,
                                                 serial_number text, value int, insurance_start date)
         JOIN accounts a ON a.remote_id = r.remote_id
       RETURNING id, member_id`,
      [JSON.stringify(plan.instruments), record.created_by],
    );
    const members = [...new Set(created.map((row) => row.member_id))];
    const before = new Set((await tx.query<{ id: number }>(
      "SELECT id FROM subscriptions WHERE member_id = ANY ($1::int[]) AND kind = 'instrument'", [members])).map((row) => row.id));
    // The member's instrument insurance holds the instruments as lines, as for any insured instrument.
    for (const member of members) await syncInstrumentInsurance(tx, member, record.created_by ?? 0, today);
    const started = (await tx.query<{ id: number; member_id: number }>(
      "SELECT id, member_id FROM subscriptions WHERE member_id = ANY ($1::int[]) AND kind = 'instrument'", [members]))
      .filter((row) => !before.has(row.id));
    await tx.query(
      `INSERT INTO member_import_items (import_id, kind, action, target_id, member_id)
       SELECT $1, c.kind, 'create', c.id, c.member_id FROM jsonb_to_recordset($2::jsonb) AS c(kind text, id int, member_id int)`,
      [record.id, JSON.stringify([
        ...created.map((row) => ({ kind: 'instrument', ...row })),
        ...started.map((row) => ({ kind: 'subscription', ...row })),
      ])],
    );
  }
  if (plan.travel.length > 0) {
    await tx.query(
      `WITH created AS (
         INSERT INTO subscriptions (member_id, product_id, kind, state, subscription_start, subscription_end, validated_at, validated_by)
         SELECT a.id, r.product_id, 'travel', CASE WHEN r.end_date IS NOT NULL AND r.end_date < $3::date THEN 'ended' ELSE 'active' END,
                r.start, r.end_date, now(), $2
           FROM jsonb_to_recordset($1::jsonb) AS r(remote_id int, product_id int, start date, end_date date)
           JOIN accounts a ON a.remote_id = r.remote_id
         RETURNING id, member_id
       )
       INSERT INTO member_import_items (import_id, kind, action, target_id, member_id)
       SELECT $4, 'travel', 'create', id, member_id FROM created`,
      [JSON.stringify(plan.travel.map((t) => ({ ...t, end_date: t.end }))), record.created_by, today, record.id],
    );
  }
}

/* ---------------------------------------------------------------- welcome mails */

/** Sends the next few welcome mails of an import, then queues itself for the rest at the configured pace. */
export async function sendWelcomeMails(
  db: Database,
  jobs: JobSender,
  outbox: Outbox,
  publicUrl: string,
  perMinute: number,
  data: { importId: number; afterId: number },
): Promise<void> {
  const members = await db.query<{ id: number; email: string; first_name: string; last_name: string }>(
    `SELECT a.id, a.email, a.first_name, a.last_name
       FROM member_import_items i JOIN accounts a ON a.id = i.target_id
       JOIN member_imports m ON m.id = i.import_id AND m.state = 'done'
      WHERE i.import_id = $1 AND i.kind = 'member' AND i.action = 'create' AND a.id > $2 AND a.password_hash IS NULL
      ORDER BY a.id LIMIT $3`,
    [data.importId, data.afterId, perMinute],
  );
  for (const member of members) {
    if (member.email.endsWith(`@${NO_EMAIL_DOMAIN}`)) continue;
    await db.transaction(async (tx) => {
      const link = await issueResetLink(tx, member.email, publicUrl);
      await sendTemplate(tx, outbox, 'import-welcome', member, {
        values: { email: member.email }, link: link ?? `${publicUrl}/profile/reset-password`,
      });
    });
  }
  if (members.length === perMinute) {
    await jobs.send(MEMBER_IMPORT_WELCOME_QUEUE, { importId: data.importId, afterId: members[members.length - 1].id }, undefined, 60);
  }
}

/* ---------------------------------------------------------------- undo */

/** Undoes a finished import: removes what it created, puts back what it updated, except what changed since. */
export async function undoImport(db: Database, id: number, staffId: number): Promise<MemberImport | null> {
  const record = await loadRecord(db, id);
  if (!record) return null;
  if (record.state !== 'done') throw new HttpError(409, { message: MEMBER_IMPORT_MESSAGES.notUndoable });
  if (Date.now() - new Date(record.committed_at!).getTime() > MEMBER_IMPORT_LIMITS.undoDays * 86_400_000) {
    throw new HttpError(409, { message: MEMBER_IMPORT_MESSAGES.undoExpired });
  }
  await db.transaction(async (tx) => {
    const [locked] = await tx.query("SELECT 1 FROM member_imports WHERE id = $1 AND state = 'done' FOR UPDATE", [id]);
    if (!locked) throw new HttpError(409, { message: MEMBER_IMPORT_MESSAGES.notUndoable });
    const undo = await reverse(tx, id, staffId, true);
    const summary: Summary = { ...record.summary, undo };
    await tx.query(
      "UPDATE member_imports SET state = 'undone', undone_at = now(), undone_by = $2, summary = $3, undo_report = $4 WHERE id = $1",
      [id, staffId, JSON.stringify(summary), JSON.stringify(summary.undo)],
    );
  });
  return shown((await loadRecord(db, id))!);
}

/**
 * Removes what an import created and puts back what it updated. With keepChanged, a member staff or
 * the member changed since is left as it is and listed; without (a failed commit), all is taken back.
 */
async function reverse(tx: Queryable, id: number, staffId: number | null, keepChanged: boolean): Promise<NonNullable<Summary['undo']>> {
  const items = await tx.query<{ kind: string; action: string; target_id: number; member_id: number; before: Record<string, unknown> | null; changed: boolean; name: string | null }>(
    `SELECT i.kind, i.action, i.target_id, i.member_id, i.before,
            (i.updated_at IS NOT NULL AND a.updated_at IS DISTINCT FROM i.updated_at) AS changed,
            a.first_name || ' ' || a.last_name AS name
       FROM member_import_items i LEFT JOIN accounts a ON a.id = i.member_id
      WHERE i.import_id = $1 ORDER BY i.kind, i.target_id`,
    [id],
  );
  const kept: { member_id: number; name: string; reason: string }[] = [];
  const createdMembers: number[] = [];
  for (const item of items.filter((i) => i.kind === 'member')) {
    if (item.name === null) continue;
    if (keepChanged && item.changed) {
      kept.push({ member_id: item.member_id, name: item.name, reason: MEMBER_IMPORT_MESSAGES.changedSince });
      continue;
    }
    if (item.action === 'create') createdMembers.push(item.target_id);
    else {
      const before = item.before ?? {};
      const fields = Object.keys(before).filter((field) => field in FIELD_TYPES);
      if (fields.length === 0) continue;
      const [current] = await tx.query<Record<string, unknown>>(`SELECT ${fields.join(', ')} FROM accounts WHERE id = $1 FOR UPDATE`, [item.target_id]);
      await tx.query(
        `UPDATE accounts SET ${fields.map((field, index) => `${field} = $${index + 2}::${FIELD_TYPES[field as keyof typeof FIELD_TYPES]}`).join(', ')}, updated_at = now() WHERE id = $1`,
        [item.target_id, ...fields.map((field) => before[field])],
      );
      const history: Record<string, [unknown, unknown]> = { import: [null, MEMBER_IMPORT_MESSAGES.undone] };
      for (const field of fields) history[field] = [current[field] ?? null, before[field]];
      await tx.query('INSERT INTO member_changes (member_id, changed_by, changes) VALUES ($1, $2, $3)', [item.target_id, staffId, JSON.stringify(history)]);
    }
  }
  const keptIds = new Set(kept.map((k) => k.member_id));
  const created = new Set(createdMembers);
  // What the import added to members it did not create (instruments, insurance), unless the member changed since.
  const added = items.filter((i) => i.kind !== 'member' && !keptIds.has(i.member_id) && !created.has(i.member_id));
  const instruments = added.filter((i) => i.kind === 'instrument').map((i) => i.target_id);
  const subscriptions = added.filter((i) => i.kind === 'subscription' || i.kind === 'travel').map((i) => i.target_id);
  if (instruments.length > 0) {
    await tx.query('DELETE FROM instruments WHERE id = ANY ($1::int[])', [instruments]);
    const members = [...new Set(added.filter((i) => i.kind === 'instrument').map((i) => i.member_id))];
    for (const member of members) await syncInstrumentInsurance(tx, member, staffId ?? 0, todayInOslo());
  }
  if (subscriptions.length > 0) await tx.query('DELETE FROM subscriptions WHERE id = ANY ($1::int[])', [subscriptions]);
  for (let start = 0; start < createdMembers.length; start += CHUNK) {
    const slice = createdMembers.slice(start, start + CHUNK);
    await tx.query('DELETE FROM password_resets WHERE email IN (SELECT email FROM accounts WHERE id = ANY ($1::int[]))', [slice]);
    await tx.query('DELETE FROM accounts WHERE id = ANY ($1::int[])', [slice]);
  }
  for (const member of kept) {
    await tx.query('INSERT INTO member_changes (member_id, changed_by, changes) VALUES ($1, $2, $3)', [
      member.member_id, staffId, JSON.stringify({ import: [null, `${MEMBER_IMPORT_MESSAGES.undone}; ${MEMBER_IMPORT_MESSAGES.changedSince.toLowerCase()}, beholdt`] }),
    ]);
  }
  const undone = items.filter((i) => i.kind === 'member' && i.name !== null).length - kept.length;
  return { undone, kept };
}

/** Takes back the finished steps of a commit that failed or was cut off (PGlite; on PostgreSQL there are none). */
async function takeBack(tx: Queryable, record: ImportRecord): Promise<void> {
  const [any] = await tx.query('SELECT 1 FROM member_import_items WHERE import_id = $1 LIMIT 1', [record.id]);
  if (!any) return;
  await reverse(tx, record.id, record.created_by, false);
  await tx.query('DELETE FROM member_import_items WHERE import_id = $1', [record.id]);
  await tx.query('UPDATE member_imports SET progress_done = 0 WHERE id = $1', [record.id]);
}

/* ---------------------------------------------------------------- history, templates, report */

const importList: ListDefinition = {
  filters: {},
  sorts: { id: 'i.id', created_at: 'i.created_at' },
  defaultSort: '-created_at',
  tieBreaker: 'i.id',
};

export async function importPage(db: Queryable, query: Record<string, unknown>): Promise<Page<MemberImport>> {
  const list = parseListQuery(query, importList);
  const page = await queryPage<ImportRecord>(db, {
    from: 'FROM member_imports i WHERE true',
    columns: RECORD_COLUMNS.replace('i.errors, i.duplicates', "'[]'::jsonb AS errors, '[]'::jsonb AS duplicates").replace("i.extra_sheets", "'{}'::jsonb AS extra_sheets"),
  }, list);
  return { ...page, rows: page.rows.map(shown) };
}

/** The template: every column the import reads, one filled example row, and the other sheets. */
export async function templateXlsx(): Promise<Buffer> {
  const { Workbook } = await loadExcelJS();
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet('Medlemmer');
  sheet.addRow(IMPORT_FIELDS.map((field) => field.label));
  sheet.addRow(TEMPLATE_EXAMPLE);
  sheet.getRow(1).font = { name: 'Calibri', bold: true };
  sheet.columns.forEach((column) => {
    column.width = 18;
    column.numFmt = '@';
  });
  sheet.getCell('A1').note = TEMPLATE_NOTE;
  const instruments = workbook.addWorksheet(INSTRUMENT_SHEET);
  instruments.addRow([...INSTRUMENT_COLUMNS]);
  instruments.getRow(1).font = { name: 'Calibri', bold: true };
  instruments.columns.forEach((column) => { column.width = 18; });
  const travel = workbook.addWorksheet(TRAVEL_SHEET);
  travel.addRow([...TRAVEL_COLUMNS]);
  travel.getRow(1).font = { name: 'Calibri', bold: true };
  travel.columns.forEach((column) => { column.width = 18; });
  // Text kept in the cells (no shared-strings part after the sheets), so a streaming reader reads it in one pass.
  return Buffer.from(await workbook.xlsx.writeBuffer({ useSharedStrings: false } as ExcelJS.XlsxWriteOptions));
}

const csvCell = (text: string) => (/[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The template as CSV (UTF-8 with BOM, ';' as a Norwegian Excel expects). */
export function templateCsv(): string {
  return `\uFEFF${[IMPORT_FIELDS.map((field) => field.label), TEMPLATE_EXAMPLE].map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

/** Every error of an import as a spreadsheet: sheet, row, column, message. */
export async function errorReport(db: Queryable, id: number): Promise<{ name: string; body: Buffer } | null> {
  const [row] = await db.query<{ file_name: string; errors: RowError[] }>('SELECT file_name, errors FROM member_imports WHERE id = $1', [id]);
  if (!row) return null;
  const { Workbook } = await loadExcelJS();
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet('Feil');
  sheet.addRow(['Ark', 'Rad', 'Kolonne', 'Feil']);
  sheet.getRow(1).font = { name: 'Calibri', bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const error of row.errors) {
    // Text as text: a value that looks like a formula is never one here.
    sheet.addRow([error.sheet ?? 'Medlemmer', error.row, error.column, error.message]);
  }
  [16, 8, 20, 60].forEach((width, index) => { sheet.getColumn(index + 1).width = width; });
  const base = row.file_name.replace(/\.[^.]+$/, '').replace(/[^\wæøåÆØÅ .-]/g, '_');
  return { name: `feil-${base}.xlsx`, body: Buffer.from(await workbook.xlsx.writeBuffer()) };
}

export function assertFound<T>(value: T | null): T {
  if (value === null) throw notFound();
  return value;
}

/** The list's filters and sorts, which the route's query schema documents (lib/list.ts listQuery). */
export { importList };

/**
 * One import as its page shows it: besides the stored record, the first rows as the preview read
 * them (so staff see a column put in the wrong field before they import), and, once done, how many
 * welcome mails have gone out (the undo cannot call them back).
 */
import type { Queryable } from '../../db/database.ts';
import { norwegianDate } from '../shared/oslo-date.ts';
import { fieldPositions, IMPORT_FIELDS, type ImportField } from './member-import-file.ts';
import type { MemberStatus, Values } from './member-import-model.ts';
import { loadRecord, shown, storedRows, type ImportRecord, type MemberImport, type StoredRow } from './member-import-record.ts';
import { checkRow, loadReference } from './member-import-rows.ts';

/** Rows of the sample. */
const SAMPLE_ROWS = 3;

const GENDERS: Record<number, string> = { 1: 'Mann', 2: 'Kvinne', 3: 'Annet' };
const METHODS: Record<string, string> = { EMAIL: 'E-post', EFAKTURA: 'E-faktura' };
const STATUSES: Record<MemberStatus, string> = { member: 'Aktiv', inactive: 'Inaktiv', applicant: 'Søker', rejected: 'Avvist' };

type Sample = NonNullable<MemberImport['sample']>;

/** A value read as staff would write it: dates dd.mm.åååå, words for codes, Ja/Nei. */
function asText(field: ImportField, value: Values[ImportField], instruments: Map<number, string>): string {
  if (value === undefined || value === null || value === '') return '';
  if (field === 'birthdate' || field === 'membership_start_date' || field === 'membership_end_date') return norwegianDate(String(value)).replace(/-/g, '.');
  if (field === 'gender') return GENDERS[Number(value)] ?? String(value);
  if (field === 'primary_instrument_type') return instruments.get(Number(value)) ?? String(value);
  if (field === 'invoice_method') return METHODS[String(value)] ?? String(value);
  if (field === 'status') return STATUSES[value as MemberStatus] ?? String(value);
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nei';
  return String(value);
}

/** The first rows checked as the preview checks them, each mapped field as text. */
async function sampleRows(db: Queryable, record: ImportRecord): Promise<Sample> {
  const index = fieldPositions(record.columns, record.mapping);
  if (index.size === 0) return [];
  const slice = await storedRows(db, record.id).next();
  const first: StoredRow[] = slice.done ? [] : slice.value.slice(0, SAMPLE_ROWS);
  if (first.length === 0) return [];
  const ref = await loadReference(db);
  const titles = await db.query<{ id: number; title: string }>('SELECT id, title FROM instrument_categories');
  const instruments = new Map(titles.map((row) => [row.id, row.title]));
  const columnOf = (field: ImportField) => record.columns[index.get(field)!] ?? field;
  const mapped = IMPORT_FIELDS.map((field) => field.key).filter((field) => index.has(field));
  return first.map((row) => {
    const text: Partial<Record<ImportField, string>> = {};
    for (const [field, position] of index) text[field] = row.cells[position] ?? '';
    const checked = checkRow(row.number, text, columnOf, ref);
    return {
      row: row.number,
      values: Object.fromEntries(mapped.map((field) => [field, asText(field, checked.values[field], instruments)])),
      errors: checked.errors.map(({ column, message }) => ({ column, message })),
    };
  });
}

/** Welcome mails sent to the members the import created (the import's welcome template, since its commit). */
async function welcomeSent(db: Queryable, record: ImportRecord): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM message_log l
      WHERE l.channel = 'email' AND l.sent_at >= $2
        AND l.subject = (SELECT title FROM email_templates WHERE slug = 'import-welcome')
        AND l.member_id IN (SELECT target_id FROM member_import_items WHERE import_id = $1 AND kind = 'member' AND action = 'create')`,
    [record.id, record.committed_at],
  );
  return row.count;
}

export async function importDetail(db: Queryable, record: ImportRecord): Promise<MemberImport> {
  const answer = shown(record);
  if (record.state === 'preview') answer.sample = await sampleRows(db, record);
  if (record.state === 'done' && record.send_welcome) answer.welcome_sent = await welcomeSent(db, record);
  return answer;
}

export async function findImportDetail(db: Queryable, id: number): Promise<MemberImport | null> {
  const record = await loadRecord(db, id);
  return record ? importDetail(db, record) : null;
}

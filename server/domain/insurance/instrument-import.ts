/**
 * Importing a member's instruments from the template spreadsheet (.xlsx). The file is checked
 * before any parser sees it: it must be a zip holding a workbook, its central directory may not
 * promise more than a few megabytes unpacked or an unlikely packing ratio, and every entry is
 * inflated with those caps (yauzl stops an entry that grows past its declared size), so a zip
 * bomb or a renamed file is refused in milliseconds. Then the shared reader (lib/spreadsheet.ts)
 * reads the same buffer, whichever program saved it, with caps on rows, columns and cell length. All rows are created in one transaction, or none: a bad
 * row is named with its row number and column.
 */
import type { Database } from '../../db/database.ts';
import { HttpError, validationFailed } from '../../lib/http-errors.ts';
import { checkXlsxContainer as checkSheetContainer, readXlsx, refused, refuseUnsavedFormulas } from '../../lib/spreadsheet.ts';
import { RULE_MESSAGES } from '../../schemas/rules.ts';
import { instrumentRowErrors, instrumentValue } from '../../schemas/instrument-rules.ts';
import type { Instrument } from '../../schemas/instruments.ts';
import { hit, giveBack } from '../../lib/rate-limit.ts';
import { assertMember, loadInstruments, type Actor } from './instruments.ts';
import { snapshotInstruments } from './iterations.ts';
import { syncInstrumentInsurance } from './instrument-insurance.ts';
import { todayInOslo } from '../shared/oslo-date.ts';

/** The columns of the template, in order; 'Startdato' may be left empty (today). */
export const IMPORT_COLUMNS = ['Type instrument', 'Fabrikant', 'Modell', 'Serienummer', 'Verdi', 'Startdato'] as const;

export const IMPORT_LIMITS = {
  fileBytes: 2 * 1024 * 1024,
  unzippedBytes: 5 * 1024 * 1024,
  entries: 100,
  /** Unpacked to packed, for an entry bigger than 1 MB unpacked; real sheets stay far below. */
  ratio: 100,
  rows: 1000,
  columns: 20,
  cellLength: 200,
} as const;

export const IMPORT_MESSAGES = {
  notXlsx: 'Filen er ikke en gyldig .xlsx-fil.',
  tooBig: `Filen er for stor (høyst ${IMPORT_LIMITS.fileBytes / 1024 / 1024} MB).`,
  unpacked: 'Filen pakker seg ut til mer enn en instrumentliste kan være, og blir ikke lest.',
  noSheet: 'Filen har ingen ark.',
  columns: `Første rad må ha kolonnene ${IMPORT_COLUMNS.join(', ')}.`,
  tooManyRows: `Filen har flere enn ${IMPORT_LIMITS.rows} rader.`,
  tooManyColumns: `Filen har flere enn ${IMPORT_LIMITS.columns} kolonner.`,
  cellLength: `er lengre enn ${IMPORT_LIMITS.cellLength} tegn`,
  noRows: 'Filen har ingen instrumenter.',
  category: 'ukjent instrumenttype',
  date: 'ugyldig dato (skriv dd.mm.åååå)',
  imported: 'Instrumentfilen ble lastet opp',
} as const;

const SHEET_LIMITS = { ...IMPORT_LIMITS, rows: IMPORT_LIMITS.rows, columns: IMPORT_LIMITS.columns };

/** The zip-bomb and size guard in front of the reader (shared with the member import). */
export async function checkXlsxContainer(buffer: Buffer): Promise<void> {
  await checkSheetContainer(buffer, SHEET_LIMITS, IMPORT_MESSAGES);
}

export interface ImportRow {
  row: number;
  instrument_category: number | null;
  make: string;
  model: string;
  serial_number: string | null;
  value: number | string;
  insurance_start: string;
}

/** dd.mm.åååå, dd/mm/åååå, dd-mm-åååå or åååå-mm-dd; '' when empty, null when not a date. */
function dateOf(text: string, today: string): string | null {
  if (text === '') return today;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const norwegian = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : norwegian ? [norwegian[3], norwegian[2], norwegian[1]] : null;
  if (!parts) return null;
  const [year, month, day] = parts;
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date ? null : date;
}

/** The sheet's rows as instruments, or a 422 naming every bad row and column. */
export async function readInstrumentSheet(buffer: Buffer, categories: ReadonlyMap<string, number>, today: string): Promise<ImportRow[]> {
  const [sheet] = await readXlsx(buffer, SHEET_LIMITS, IMPORT_MESSAGES);
  // Every column of the instrument file is read: a formula without its saved value refuses the file.
  if (sheet) refuseUnsavedFormulas(sheet);
  if (!sheet) throw refused(IMPORT_MESSAGES.noSheet);
  const header = IMPORT_COLUMNS.map((_, index) => (sheet.rows[0]?.cells[index] ?? '').toLowerCase());
  if (sheet.rows[0]?.number !== 1 || header.some((title, index) => title !== IMPORT_COLUMNS[index].toLowerCase())) throw refused(IMPORT_MESSAGES.columns);
  const rows: ImportRow[] = [];
  const errors: Record<string, string[]> = {};
  const problem = (row: number, column: number, message: string) => {
    (errors[`rad ${row}`] ??= []).push(`Rad ${row}, kolonne ${IMPORT_COLUMNS[column]}: ${message}`);
  };
  for (const { number, cells: read } of sheet.rows.slice(1)) {
    const cells = IMPORT_COLUMNS.map((_, index) => read[index] ?? '');
    if (cells.every((cell) => cell === '')) continue;
    cells.forEach((cell, index) => {
      if (cell.length > IMPORT_LIMITS.cellLength) problem(number, index, IMPORT_MESSAGES.cellLength);
    });
    const category = categories.get(cells[0].toLowerCase()) ?? null;
    const start = dateOf(cells[5], today);
    const row: ImportRow = {
      row: number,
      instrument_category: category,
      make: cells[1],
      model: cells[2],
      serial_number: cells[3] || null,
      value: instrumentValue(cells[4]) ?? cells[4],
      insurance_start: start ?? '',
    };
    if (cells[0] === '') problem(number, 0, RULE_MESSAGES.required);
    else if (category === null) problem(number, 0, IMPORT_MESSAGES.category);
    if (start === null) problem(number, 5, IMPORT_MESSAGES.date);
    const rowErrors = instrumentRowErrors(row);
    for (const [field, message] of Object.entries(rowErrors)) {
      const column = { make: 1, model: 2, value: 4 }[field];
      if (column !== undefined) problem(number, column, message);
    }
    rows.push(row);
  }
  if (Object.keys(errors).length > 0) {
    const all = Object.values(errors).flat();
    throw new HttpError(422, { message: all.join('; '), errors });
  }
  if (rows.length === 0) throw validationFailed({ file: [IMPORT_MESSAGES.noRows] });
  return rows;
}

async function categoryNames(db: Database): Promise<Map<string, number>> {
  const rows = await db.query<{ id: number; title: string }>('SELECT id, title FROM instrument_categories WHERE use_insurance = 1');
  return new Map(
    rows.flatMap((row) => [
      [row.title.toLowerCase(), row.id],
      [String(row.id), row.id],
    ]),
  );
}

/** How many instrument files a member may import in a day; staff import without a limit. */
export const MEMBER_IMPORTS_PER_DAY = 10;
const DAY_SECONDS = 24 * 60 * 60;

/** A member past the day's imports: a 429 that says so in words, not in seconds. */
function dailyLimitReached(resetInSeconds: number): HttpError {
  const seconds = Math.max(1, Math.ceil(resetInSeconds));
  return new HttpError(
    429,
    {
      message: `Du har lastet opp instrumentfiler ${MEMBER_IMPORTS_PER_DAY} ganger det siste døgnet. Prøv igjen i morgen, eller legg instrumentene til ett og ett.`,
    },
    { 'retry-after': String(seconds), 'x-ratelimit-limit': String(MEMBER_IMPORTS_PER_DAY), 'x-ratelimit-remaining': '0' },
  );
}

/**
 * Creates every instrument of the file for the member, or none. Staff import insured
 * instruments (active at once); a member's import waits for staff like any new instrument.
 * The rows go in with one statement and their first iterations with another, so a full file
 * holds the database for milliseconds, not a statement per row (on PGlite every other request
 * waits for the transaction).
 */
export async function importInstruments(db: Database, actor: Actor, memberId: number, buffer: Buffer): Promise<Instrument[]> {
  await assertMember(db, actor, memberId);
  const today = todayInOslo();
  const rows = await readInstrumentSheet(buffer, await categoryNames(db), today);
  const state = actor.staff ? 'active' : 'requested';
  return db.transaction(async (tx) => {
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO instruments (member_id, instrument_category, make, model, serial_number, value, insurance_start, state,
                                validated_at, validated_by)
       SELECT $1::int, r.category, r.make, r.model, r.serial, r.value, r.start, $2::text,
              CASE WHEN $2::text = 'active' THEN now() END, CASE WHEN $2::text = 'active' THEN $3::int END
         FROM unnest($4::int[], $5::text[], $6::text[], $7::text[], $8::int[], $9::date[]) WITH ORDINALITY
              AS r(category, make, model, serial, value, start, n)
        ORDER BY r.n
       RETURNING id`,
      [
        memberId,
        state,
        actor.id,
        rows.map((row) => row.instrument_category!),
        rows.map((row) => row.make.trim()),
        rows.map((row) => row.model.trim()),
        rows.map((row) => row.serial_number?.trim() || null),
        rows.map((row) => Number(row.value)),
        rows.map((row) => (actor.staff ? row.insurance_start : today)),
      ],
    );
    const ids = inserted.map((row) => row.id).sort((a, b) => a - b);
    await snapshotInstruments(tx, ids, actor.id);
    if (actor.staff) await syncInstrumentInsurance(tx, memberId, actor.id, today);
    return loadInstruments(tx, ids);
  });
}

/**
 * A member's import counts against the day's limit before any work (so parallel uploads cannot
 * all slip under it); a file refused as unreadable or wrong is given back, since nothing was made.
 */
async function withinDailyLimit<T>(db: Database, actor: Actor, work: () => Promise<T>): Promise<T> {
  if (actor.staff) return work();
  const key = `instrument-import:${actor.id}`;
  const state = await hit(db, key, DAY_SECONDS);
  if (state.hits > MEMBER_IMPORTS_PER_DAY) {
    await giveBack(db, key);
    throw dailyLimitReached(state.resetIn);
  }
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 422) await giveBack(db, key);
    throw error;
  }
}

/** The uploaded part as the route hands it over: read into memory only up to the size cap. */
export interface UploadedFile {
  toBuffer(): Promise<Buffer>;
}

export async function importInstrumentFile(db: Database, actor: Actor, memberId: number, file: UploadedFile | undefined): Promise<Instrument[]> {
  await assertMember(db, actor, memberId);
  if (!file) throw validationFailed({ file: [RULE_MESSAGES.required] });
  let buffer: Buffer;
  try {
    buffer = await file.toBuffer();
  } catch (error) {
    // The route's refusal of a body it cannot read stands; the size cap's error is the file's size.
    if (error instanceof HttpError) throw error;
    throw refused(IMPORT_MESSAGES.tooBig);
  }
  return withinDailyLimit(db, actor, () => importInstruments(db, actor, memberId, buffer));
}

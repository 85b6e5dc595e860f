/**
 * Importing a member's instruments from the template spreadsheet (.xlsx). The file is checked
 * before any parser sees it: it must be a zip holding a workbook, its central directory may not
 * promise more than a few megabytes unpacked or an unlikely packing ratio, and every entry is
 * inflated with those caps (yauzl stops an entry that grows past its declared size), so a zip
 * bomb or a renamed file is refused in milliseconds. Then the shared reader (lib/spreadsheet.ts)
 * reads the same buffer, whichever program saved it, with caps on rows, columns and cell length. All rows are created in one transaction, or none: a bad
 * row is named with its row number and column.
 */
import type { Database } from '../db/database.ts';
import { HttpError, validationFailed } from '../lib/http-errors.ts';
import { checkXlsxContainer as checkSheetContainer, readXlsx, refused } from '../lib/spreadsheet.ts';
import { RULE_MESSAGES } from '../schemas/rules.ts';
import { instrumentRowErrors, instrumentValue } from '../schemas/instrument-rules.ts';
import type { Instrument } from '../schemas/instruments.ts';
import { assertMember, insertInstrument, loadInstrument, type Actor } from './instruments.ts';
import { syncInstrumentInsurance } from './instrument-insurance.ts';
import { todayInOslo } from './oslo-date.ts';

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
      row: number, instrument_category: category, make: cells[1], model: cells[2], serial_number: cells[3] || null,
      value: instrumentValue(cells[4]) ?? cells[4], insurance_start: start ?? '',
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
  return new Map(rows.flatMap((row) => [[row.title.toLowerCase(), row.id], [String(row.id), row.id]]));
}

/**
 * Creates every instrument of the file for the member, or none. Staff import insured
 * instruments (active at once); a member's import waits for staff like any new instrument.
 */
export async function importInstruments(db: Database, actor: Actor, memberId: number, buffer: Buffer): Promise<Instrument[]> {
  await assertMember(db, actor, memberId);
  const today = todayInOslo();
  const rows = await readInstrumentSheet(buffer, await categoryNames(db), today);
  return db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const row of rows) {
      ids.push(await insertInstrument(tx, actor, memberId, {
        instrument_category: row.instrument_category!, make: row.make, model: row.model, serial_number: row.serial_number,
        value: Number(row.value), insurance_start: row.insurance_start, status: 1,
      }, today));
    }
    if (actor.staff) await syncInstrumentInsurance(tx, memberId, actor.id, today);
    const created: Instrument[] = [];
    for (const id of ids) created.push((await loadInstrument(tx, id))!);
    return created;
  });
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
  } catch {
    throw refused(IMPORT_MESSAGES.tooBig);
  }
  return importInstruments(db, actor, memberId, buffer);
}

/**
 * Reading uploaded spreadsheets as rows of text, whoever saved them. An .xlsx is checked before
 * any parser sees it: it must be a zip holding a workbook, its central directory may not promise
 * more than the caller's cap unpacked or an unlikely packing ratio, and every entry is inflated
 * under those caps (yauzl stops an entry that grows past its declared size), so a zip bomb or a
 * renamed file is refused in milliseconds. Then exceljs's streaming reader reads each sheet from
 * a zip of its own made from the checked parts (see sheetPackages; its `xlsx.load` cannot read
 * files saved by openpyxl that carry a note: exceljs issue #2797), with caps on rows and columns.
 * An OpenDocument spreadsheet (.ods) is refused by name. A .csv is decoded as UTF-8 (with or without BOM) or, when the
 * bytes are not UTF-8, as Windows-1252 (what a Norwegian Excel saves), and split by papaparse,
 * which picks ';', ',' or tab.
 *
 * Cells come back as text: a date cell as yyyy-mm-dd, a number formatted with leading zeros
 * ('0000') padded as shown, a formula as its saved result (never evaluated here).
 */
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type ExcelJS from 'exceljs';
import Papa from 'papaparse';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { HttpError } from './http-errors.ts';
import { loadExcelJS } from './lazy-modules.ts';
import { Turns } from './turns.ts';

export interface SheetLimits {
  fileBytes: number;
  unzippedBytes: number;
  entries: number;
  /** Unpacked to packed, for an entry bigger than 1 MB unpacked; real sheets stay far below. */
  ratio: number;
  /** Rows after the header. */
  rows: number;
  columns: number;
}

export interface SheetMessages {
  notXlsx: string;
  tooBig: string;
  unpacked: string;
  tooManyRows: string;
  tooManyColumns: string;
}

export const SHEET_MESSAGES = {
  notCsv: 'Filen er ikke en gyldig CSV-fil: den inneholder binære data.',
  empty: 'Filen er tom.',
  unknownType: 'Filen må være en .xlsx- eller .csv-fil.',
  ods: 'Filen er et OpenDocument-regneark (.ods). Lagre den som .xlsx eller .csv (i LibreOffice: Fil → Lagre som) og last den opp igjen.',
} as const;

export interface SheetRow {
  number: number;
  cells: string[];
  /**
   * The positions of the row's cells holding a formula with no saved value (a file written by a
   * program that does not calculate, as openpyxl): read as '' here, never evaluated, so the reader
   * must not take '' for what the cell says.
   */
  unsaved?: number[];
}

export interface Sheet {
  name: string;
  /** Every row as the sheet has it, the header first; `number` is the row number the program shows. */
  rows: SheetRow[];
}

/** 0 → 'A', 25 → 'Z', 26 → 'AA': a column as spreadsheet programs name it. */
export function columnLetter(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** What is said of a formula cell without a saved value, naming the cell ('D4'). */
export const formulaWithoutValue = (cell: string) =>
  `Cellen ${cell} har en formel uten lagret verdi. Åpne filen i Excel eller LibreOffice og lagre den på nytt, så blir verdien med.`;

/** A sheet whose every column is read: a formula without a saved value anywhere refuses the file, naming the cells. */
export function refuseUnsavedFormulas(sheet: Sheet): void {
  const cells = sheet.rows.flatMap((row) => (row.unsaved ?? []).map((column) => `${columnLetter(column)}${row.number}`));
  if (cells.length === 0) return;
  if (cells.length === 1) throw refused(`Arket «${sheet.name}»: ${formulaWithoutValue(cells[0])}`);
  const named = cells.length > 3 ? `${cells.slice(0, 3).join(', ')} og ${cells.length - 3} til` : `${cells.slice(0, -1).join(', ')} og ${cells.at(-1)}`;
  throw refused(
    `Arket «${sheet.name}»: Cellene ${named} har formler uten lagret verdi. Åpne filen i Excel eller LibreOffice og lagre den på nytt, så blir verdiene med.`,
  );
}

/** A formula cell whose file carries no result for it. */
function isUnsavedFormula(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const cell = value as Record<string, unknown>;
  return ('formula' in cell || 'sharedFormula' in cell) && (cell.result === undefined || cell.result === null);
}

export const refused = (message: string) => new HttpError(422, { message, errors: { file: [message] } });

function openZip(buffer: Buffer, messages: SheetMessages): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (error, zip) =>
      error || !zip ? reject(refused(messages.notXlsx)) : resolve(zip),
    );
  });
}

/** The parts exceljs's streaming reader reads, in the order it needs them (Excel's own order). */
const READ_PARTS = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/styles.xml', 'xl/sharedStrings.xml'];
const SHEET_PART = /^xl\/worksheets\/sheet(\d+)\.xml$/;
const readPart = (name: string) => READ_PARTS.includes(name) || SHEET_PART.test(name);
const EMPTY_SHARED_STRINGS =
  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';
const ODS_MIMETYPE = 'application/vnd.oasis.opendocument.spreadsheet';

/** A checked workbook: the parts a reader needs, inflated, by name. */
export type XlsxParts = Map<string, Buffer>;

/**
 * Reads the central directory, refusing by declared sizes, then inflates each entry under the
 * same caps. Answers the parts that hold the workbook's cells (everything else, such as notes,
 * drawings and pictures, is checked and dropped). An OpenDocument spreadsheet is named as such.
 */
export async function checkXlsxContainer(buffer: Buffer, limits: SheetLimits, messages: SheetMessages): Promise<XlsxParts> {
  if (buffer.length > limits.fileBytes) throw refused(messages.tooBig);
  if (buffer.length < 4 || buffer.readUInt32LE(0) !== 0x04034b50) throw refused(messages.notXlsx);
  const zip = await openZip(buffer, messages);
  if (zip.entryCount > limits.entries) throw refused(messages.unpacked);
  const names = new Set<string>();
  const kept: XlsxParts = new Map();
  let unpacked = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) => {
      zip.close();
      reject(error instanceof HttpError ? error : refused(messages.unpacked));
    };
    zip.on('error', fail);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      names.add(entry.fileName);
      unpacked += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (unpacked > limits.unzippedBytes || (entry.uncompressedSize > 1024 * 1024 && ratio > limits.ratio)) {
        fail(refused(messages.unpacked));
        return;
      }
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return fail(error);
        const keep = readPart(entry.fileName) || entry.fileName === 'mimetype';
        const chunks: Buffer[] = [];
        stream.on('error', fail);
        stream.on('data', (chunk: Buffer) => {
          if (keep) chunks.push(chunk);
        });
        stream.on('end', () => {
          if (keep) kept.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  if (kept.get('mimetype')?.toString('latin1').startsWith(ODS_MIMETYPE)) throw refused(SHEET_MESSAGES.ods);
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) throw refused(messages.notXlsx);
  kept.delete('mimetype');
  return kept;
}

/**
 * A date cell stored as ISO text (`t="d"`, which SheetJS writes), which the streaming reader would
 * read as a serial number (the year 1988 as a day in 1905): it becomes a text cell, the day alone
 * at midnight, else the whole text (which the importer then refuses as a date, never misreads).
 */
const ISO_DATE_CELL = /(<c\b[^>]*?\st=)"d"([^>]*>(?:<f\b[^>]*(?:\/>|>[^<]*<\/f>))?<v>)([^<]*)(?=<\/v>)/g;
const MIDNIGHT = /^(\d{4}-\d{2}-\d{2})(?:T00:00(?::00(?:\.0+)?)?(?:Z|[+-]00:?00)?)?$/;
const isoDatesAsText = (xml: string) =>
  xml.replace(ISO_DATE_CELL, (_, open: string, rest: string, value: string) => `${open}"str"${rest}${MIDNIGHT.exec(value)?.[1] ?? value}`);

/**
 * Each sheet of the workbook as a zip of its own, as Excel orders its parts: the relationships,
 * the workbook, styles and shared strings, then the one sheet. exceljs's streaming reader reads a
 * zip front to back: given the upload as it came, it set sheets aside in temporary files until
 * the shared strings came (openpyxl writes them last, or none), it cannot read an entry whose size
 * only follows its data (SheetJS writes so), and it lost sheets after the first one now and then.
 * Date cells stored as ISO text become that text (yyyy-mm-dd at midnight).
 */
export async function* sheetPackages(parts: XlsxParts): AsyncGenerator<{ number: number; zip: Buffer }> {
  const sheets = [...parts.keys()]
    .map((name) => Number(SHEET_PART.exec(name)?.[1] ?? Number.NaN))
    .filter((number) => !Number.isNaN(number))
    .sort((a, b) => a - b);
  const common = READ_PARTS.map(
    (name) => [name, parts.get(name) ?? (name === 'xl/sharedStrings.xml' ? Buffer.from(EMPTY_SHARED_STRINGS) : undefined)] as const,
  );
  for (const number of sheets) {
    const zip = new yazl.ZipFile();
    for (const [name, data] of common) if (data) zip.addBuffer(data, name, { compress: false, mtime: new Date(0) });
    let sheet = parts.get(`xl/worksheets/sheet${number}.xml`)!;
    if (sheet.includes('t="d"')) sheet = Buffer.from(isoDatesAsText(sheet.toString('utf8')));
    zip.addBuffer(sheet, `xl/worksheets/sheet${number}.xml`, { compress: false, mtime: new Date(0) });
    zip.end();
    yield { number, zip: await buffer(zip.outputStream) };
  }
}

/** Sheet names by the number of their part (xl/worksheets/sheetN.xml), which the streaming reader reports as the sheet's id. */
function sheetNames(parts: XlsxParts): Map<number, string> {
  const workbook = parts.get('xl/workbook.xml')?.toString('utf8') ?? '';
  const rels = parts.get('xl/_rels/workbook.xml.rels')?.toString('utf8') ?? '';
  const targets = new Map<string, number>();
  for (const match of rels.matchAll(/<Relationship\b[^>]*>/g)) {
    const id = /\bId="([^"]+)"/.exec(match[0])?.[1];
    const file = /\bTarget="[^"]*?sheet(\d+)\.xml"/.exec(match[0])?.[1];
    if (id && file) targets.set(id, Number(file));
  }
  const names = new Map<number, string>();
  for (const match of workbook.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)) {
    const name = /\bname="([^"]*)"/.exec(match[0])?.[1];
    const rid = /\br:id="([^"]+)"|\bid="([^"]+)"/.exec(match[0]);
    const file = rid ? targets.get(rid[1] ?? rid[2]) : undefined;
    if (name !== undefined && file !== undefined) names.set(file, unescapeXml(name));
  }
  return names;
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** A date cell's day: exceljs hands spreadsheet dates over as midnight UTC. */
const dayOf = (date: Date) => (Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10));

/** One cell as the spreadsheet shows its value. */
export function cellText(value: unknown, numFmt?: string): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dayOf(value);
  if (typeof value === 'number') {
    // A number shown with leading zeros ('0000' for a postal code) keeps them.
    if (numFmt && /^0+$/.test(numFmt) && Number.isInteger(value)) return String(value).padStart(numFmt.length, '0');
    return String(value);
  }
  if (typeof value === 'object') {
    const cell = value as Record<string, unknown>;
    if (Array.isArray(cell.richText)) return (cell.richText as { text: string }[]).map((part) => part.text).join('');
    if ('formula' in cell || 'sharedFormula' in cell) return cellText(cell.result, numFmt);
    if ('error' in cell) return '';
    if ('text' in cell) return cellText(cell.text, numFmt);
    return '';
  }
  return String(value);
}

/** Every sheet of an .xlsx as rows of text, in the workbook's order. */
export async function readXlsx(buffer: Buffer, limits: SheetLimits, messages: SheetMessages): Promise<Sheet[]> {
  const parts = await checkXlsxContainer(buffer, limits, messages);
  const names = sheetNames(parts);
  const sheets: Sheet[] = [];
  const { stream } = await loadExcelJS();
  // The rows arrive through promises only, which let no request in: a large sheet gives turns.
  const turns = new Turns();
  try {
    for await (const { number, zip } of sheetPackages(parts)) {
      const sheet: Sheet = { name: names.get(number) ?? `Ark ${sheets.length + 1}`, rows: [] };
      sheets.push(sheet);
      const reader = new stream.xlsx.WorkbookReader(Readable.from([zip]), {
        sharedStrings: 'cache',
        styles: 'cache',
        hyperlinks: 'ignore',
        worksheets: 'emit',
        entries: 'ignore',
      });
      for await (const worksheet of reader) {
        for await (const row of worksheet as unknown as AsyncIterable<ExcelJS.Row>) {
          if (turns.due()) await turns.give();
          if (sheet.rows.length > limits.rows + 1 || row.number > limits.rows * 4 + 1000) throw refused(messages.tooManyRows);
          const cells: string[] = [];
          const unsaved: number[] = [];
          row.eachCell({ includeEmpty: false }, (cell, column) => {
            if (column > limits.columns) throw refused(messages.tooManyColumns);
            cells[column - 1] = cellText(cell.value, cell.numFmt).trim();
            if (isUnsavedFormula(cell.value)) unsaved.push(column - 1);
          });
          for (let index = 0; index < cells.length; index += 1) cells[index] ??= '';
          if (unsaved.length > 0) sheet.rows.push({ number: row.number, cells, unsaved });
          else if (cells.some((cell) => cell !== '')) sheet.rows.push({ number: row.number, cells });
        }
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw refused(messages.notXlsx);
  }
  for (const sheet of sheets) if (sheet.rows.length > limits.rows + 1) throw refused(messages.tooManyRows);
  return sheets.sort((a, b) => order(names, a.name) - order(names, b.name));
}

function order(names: Map<number, string>, name: string): number {
  const index = [...names.values()].indexOf(name);
  return index < 0 ? Number.MAX_SAFE_INTEGER : index;
}

/** The text of a .csv: UTF-8 (a BOM dropped), else Windows-1252; binary data is refused. */
export function decodeCsv(buffer: Buffer): string {
  if (buffer.includes(0)) throw refused(SHEET_MESSAGES.notCsv);
  const body = buffer.length >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? buffer.subarray(3) : buffer;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    text = new TextDecoder('windows-1252').decode(body);
  }
  // Control characters other than tab and line ends do not occur in a spreadsheet's text.
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code >= 1 && code <= 8) || (code >= 14 && code <= 31)) throw refused(SHEET_MESSAGES.notCsv);
  }
  return text;
}

/** Text papaparse reads a chunk at a time; a row cut at a chunk's end is carried into the next. */
const CSV_CHUNK = 64 * 1024;
const CSV_OPTIONS = { delimitersToGuess: [';', ',', '\t'], skipEmptyLines: false };

/**
 * A .csv as one sheet of rows of text, read a chunk at a time (so a large file's rows are held
 * once, not also as papaparse's whole result) and in slices of time, so other requests are
 * answered while a large file is read. The row limit stops the reading where it is passed.
 *
 * Pausing happens between chunks, never between rows: papaparse resumes a paused row-by-row
 * parse by splitting all the text still unread again, which on a file of 200 000 rows took
 * longer than a slice for every single row, and the read never ended. The separator and line
 * end are guessed once from the file's start (as papaparse guesses them for a whole text), so a
 * chunk that starts mid-line is not guessed again.
 */
/**
 * A CSV export (lib/csv.ts) puts an apostrophe before a cell a spreadsheet would run as a formula
 * ('+4670…'); read back, the cell is the text it guarded.
 */
const unguarded = (cell: string) => (/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell);

export function readCsv(buffer: Buffer, limits: SheetLimits, messages: SheetMessages): Promise<Sheet> {
  if (buffer.length > limits.fileBytes) return Promise.reject(refused(messages.tooBig));
  let text: string;
  try {
    text = decodeCsv(buffer);
  } catch (error) {
    return Promise.reject(error);
  }
  const { delimiter, linebreak } = Papa.parse<string[]>(text.slice(0, 1024 * 1024), { ...CSV_OPTIONS, preview: 10 }).meta;
  return new Promise((resolve, reject) => {
    const rows: Sheet['rows'] = [];
    let number = 0;
    let refusal: Error | null = null;
    const turns = new Turns();
    Papa.parse<string[]>(text, {
      ...CSV_OPTIONS,
      delimiter,
      newline: linebreak as '\r\n' | '\n' | '\r',
      chunkSize: CSV_CHUNK,
      chunk: (result: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        for (const cells of result.data) {
          number += 1;
          if (cells.length > limits.columns) refusal = refused(messages.tooManyColumns);
          else {
            const trimmed = cells.map((cell: string) => unguarded(cell.trim()));
            if (trimmed.some((cell: string) => cell !== '')) rows.push({ number, cells: trimmed });
            if (rows.length > limits.rows + 1) refusal = refused(messages.tooManyRows);
          }
          if (refusal) break;
        }
        if (refusal) parser.abort();
        else if (turns.due()) {
          parser.pause();
          void turns.give().then(() => parser.resume());
        }
      },
      // Also called when the parse is aborted.
      complete: () => (refusal ? reject(refusal) : resolve({ name: 'CSV', rows })),
    });
  });
}

/** An uploaded file by its name and first bytes: .xlsx, .csv, or neither. */
export function spreadsheetKind(fileName: string, buffer: Buffer): 'xlsx' | 'csv' | null {
  const lower = fileName.toLowerCase();
  if (buffer.length >= 4 && buffer.readUInt32LE(0) === 0x04034b50) return 'xlsx';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return 'csv';
  return null;
}

/**
 * The spreadsheet a member register arrives as (.xlsx from any program, or .csv in UTF-8 or
 * Windows-1252): the fields a column can feed, reading the upload, matching its columns to fields
 * and the blank template staff start from.
 */
import type ExcelJS from 'exceljs';
import { validationFailed } from '../../lib/http-errors.ts';
import { readCsv, readXlsx, refused, refuseUnsavedFormulas, SHEET_MESSAGES, spreadsheetKind, type Sheet, type SheetRow } from '../../lib/spreadsheet.ts';
import { loadExcelJS } from '../../lib/lazy-modules.ts';
import { MEMBER_IMPORT_LIMITS, MEMBER_IMPORT_MESSAGES } from './member-import-limits.ts';

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
  { key: 'status', label: 'Status', aliases: ['medlemsstatus'] },
] as const;

export type ImportField = (typeof IMPORT_FIELDS)[number]['key'];
const FIELD_KEYS = new Set<string>(IMPORT_FIELDS.map((field) => field.key));
export const FIELD_LABEL = Object.fromEntries(IMPORT_FIELDS.map((field) => [field.key, field.label])) as Record<ImportField, string>;

export const INSTRUMENT_SHEET = 'Instrumenter';
export const TRAVEL_SHEET = 'Reiseforsikring';
export const INSTRUMENT_COLUMNS = ['Medlemsnummer', 'Type instrument', 'Fabrikant', 'Modell', 'Serienummer', 'Verdi', 'Startdato'] as const;
export const TRAVEL_COLUMNS = ['Medlemsnummer', 'Produkt', 'Start', 'Slutt'] as const;
/** Open invoices of the old system, moved in as ours (member-import-invoices.ts). */
export const INVOICE_SHEET = 'Åpne fakturaer';
/** The names the sheet is known by, compared in lower case without spaces at the ends. */
const INVOICE_SHEET_NAMES = ['åpne fakturaer', 'apne fakturaer', 'open invoices'];
export const INVOICE_COLUMNS = ['Medlemsnummer', 'Fakturanummer', 'Fakturadato', 'Forfallsdato', 'Beløp', 'Innbetalt', 'Tekst', 'KID'] as const;
/** Other headers each invoice column is known by (compared as fieldForHeader compares). */
const INVOICE_ALIASES: Record<(typeof INVOICE_COLUMNS)[number], string[]> = {
  Medlemsnummer: ['medlemsnr', 'member_number', 'nummer'],
  Fakturanummer: ['fakturanr', 'invoice_number'],
  Fakturadato: ['dato', 'invoice_date'],
  Forfallsdato: ['forfall', 'forfallsdag', 'due_date'],
  Beløp: ['belop', 'sum', 'totalt', 'amount'],
  Innbetalt: ['betalt', 'paid'],
  Tekst: ['gjelder', 'beskrivelse', 'text', 'description'],
  KID: ['kidnummer'],
};

/** The template's example row, in the order of IMPORT_FIELDS. */
export const TEMPLATE_EXAMPLE = [
  '',
  'Kari',
  'Nordmann',
  'kari.nordmann@example.no',
  '912 34 567',
  'Storgata 1',
  '0155',
  'Oslo',
  '17.04.1988',
  'Kvinne',
  'Kari og Bandet',
  'Gitar',
  'E-post',
  '',
  '01.01.2020',
  '',
  'ja',
  'nei',
  'Aktiv',
];
export const TEMPLATE_NOTE =
  'Hver rad trenger Fornavn, Etternavn og E-post eller Mobil; resten kan stå tomt. ' +
  'Tomt Kjønn blir Annet; tom Fakturametode blir E-post når raden har e-post, ellers E-faktura. ' +
  'Datoer som dd.mm.åååå. Medlemsnummer beholdes; tomt gir et medlem neste ledige nummer. ' +
  'Status: Aktiv (medlem; tom blir Aktiv), Søker (venter på behandling) eller Avvist; søkere og avviste får ingen velkomst-e-post. ' +
  `Arkene ${INSTRUMENT_SHEET}, ${TRAVEL_SHEET} og ${INVOICE_SHEET} kan stå tomme eller fjernes.`;

export const INVOICE_NOTE =
  'Én rad per åpen faktura fra det tidligere systemet. Medlemsnummer, Fakturadato, Forfallsdato og Beløp må fylles ut; ' +
  'beløp i kroner som 1 234,50. Innbetalt er det som alt er betalt av fakturaen. Fakturanummer og KID fra det tidligere systemet ' +
  'tas vare på: innbetalinger med den gamle KID-en finner fakturaen. Ingen faktura sendes ut på nytt.';

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

export interface ReadFile {
  columns: string[];
  /** The members' rows; `unsaved` names the cells whose formula has no saved value (an error where the column is read). */
  rows: SheetRow[];
  extra: Record<string, { columns: string[]; rows: { number: number; cells: string[] }[] }>;
}

/** The upload as header and rows, plus the other sheets the import knows. */
export async function readImportFile(fileName: string, buffer: Buffer): Promise<ReadFile> {
  if (buffer.length === 0) throw refused(SHEET_MESSAGES.empty);
  if (buffer.length > SHEET_LIMITS.fileBytes) throw refused(MEMBER_IMPORT_MESSAGES.tooBig);
  const kind = spreadsheetKind(fileName, buffer);
  if (!kind) throw refused(SHEET_MESSAGES.unknownType);
  const sheets: Sheet[] =
    kind === 'xlsx' ? await readXlsx(buffer, SHEET_LIMITS, MEMBER_IMPORT_MESSAGES) : [await readCsv(buffer, SHEET_LIMITS, MEMBER_IMPORT_MESSAGES)];
  const others = new Set([INSTRUMENT_SHEET.toLowerCase(), TRAVEL_SHEET.toLowerCase(), ...INVOICE_SHEET_NAMES]);
  const main = sheets.find((sheet) => !others.has(sheet.name.trim().toLowerCase()));
  const extra: ReadFile['extra'] = {};
  // Every column of the other sheets is read: a formula there without its value refuses the file.
  for (const sheet of sheets) if (sheet !== main) refuseUnsavedFormulas(sheet);
  for (const sheet of sheets) {
    const name = [INSTRUMENT_SHEET, TRAVEL_SHEET].find((known) => known.toLowerCase() === sheet.name.trim().toLowerCase());
    if (!name || sheet.rows.length < 2) continue;
    extra[name] = { columns: sheet.rows[0].cells, rows: sheet.rows.slice(1) };
  }
  const invoices = sheets.find((sheet) => INVOICE_SHEET_NAMES.includes(sheet.name.trim().toLowerCase()));
  if (invoices && invoices.rows.length >= 2) extra[INVOICE_SHEET] = invoiceColumns(invoices.rows[0].cells, invoices.rows.slice(1));
  // A file of the other sheets alone (the open invoices of members moved in before) needs no members.
  if (Object.keys(extra).length > 0 && (main?.rows.length ?? 0) <= 1) return { columns: uniqueHeaders(main?.rows[0]?.cells ?? []), rows: [], extra };
  if (!main) throw refused(MEMBER_IMPORT_MESSAGES.noSheet);
  if (main.rows.length === 0) throw refused(MEMBER_IMPORT_MESSAGES.noRows);
  if (main.rows.length === 1) throw refused(MEMBER_IMPORT_MESSAGES.headerOnly);
  const columns = uniqueHeaders(main.rows[0].cells);
  const rows = main.rows
    .slice(1)
    .map((row) => (row.unsaved ? { number: row.number, cells: row.cells, unsaved: row.unsaved } : { number: row.number, cells: row.cells }));
  return { columns, rows, extra };
}

/**
 * The invoice sheet's rows with their cells in INVOICE_COLUMNS' order, found by header, whatever
 * order the old system wrote them in (a column it lacks is blank; one the import does not know is
 * left out). Kept so, the member number is the first cell, as in the other sheets.
 */
function invoiceColumns(header: string[], rows: { number: number; cells: string[] }[]): ReadFile['extra'][string] {
  const positions = INVOICE_COLUMNS.map((column) => {
    const names = [column, ...INVOICE_ALIASES[column]].map(normaliseHeader);
    return header.findIndex((cell) => names.includes(normaliseHeader(cell)));
  });
  return {
    columns: [...INVOICE_COLUMNS],
    rows: rows.map((row) => ({ number: row.number, cells: positions.map((position) => (position < 0 ? '' : (row.cells[position] ?? ''))) })),
  };
}

/** Where each mapped field's cells are: the position of the column that feeds it. */
export function fieldPositions(columns: string[], mapping: Record<string, string | null>): Map<ImportField, number> {
  const index = new Map<ImportField, number>();
  columns.forEach((column, position) => {
    const field = mapping[column];
    if (field) index.set(field as ImportField, position);
  });
  return index;
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
    if (used.length > 1) (errors.mapping ??= []).push(`${FIELD_LABEL[field as ImportField]} ${MEMBER_IMPORT_MESSAGES.mappingTwice}: ${used.join(', ')}`);
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return mapping;
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
  instruments.columns.forEach((column) => {
    column.width = 18;
  });
  const travel = workbook.addWorksheet(TRAVEL_SHEET);
  travel.addRow([...TRAVEL_COLUMNS]);
  travel.getRow(1).font = { name: 'Calibri', bold: true };
  travel.columns.forEach((column) => {
    column.width = 18;
  });
  const invoices = workbook.addWorksheet(INVOICE_SHEET);
  invoices.addRow([...INVOICE_COLUMNS]);
  invoices.getRow(1).font = { name: 'Calibri', bold: true };
  invoices.columns.forEach((column) => {
    column.width = 18;
  });
  invoices.getCell('A1').note = INVOICE_NOTE;
  // Text kept in the cells (no shared-strings part after the sheets), so a streaming reader reads it in one pass.
  return Buffer.from(await workbook.xlsx.writeBuffer({ useSharedStrings: false } as ExcelJS.XlsxWriteOptions));
}

const csvCell = (text: string) => (/[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The template as CSV (UTF-8 with BOM, ';' as a Norwegian Excel expects). */
export function templateCsv(): string {
  return `\uFEFF${[IMPORT_FIELDS.map((field) => field.label), TEMPLATE_EXAMPLE].map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

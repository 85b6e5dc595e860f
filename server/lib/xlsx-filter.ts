/**
 * The autofilter's workbook-level name. A sheet's filter buttons are its <autoFilter> element,
 * but LibreOffice shows them only when the workbook also names the range `_xlnm._FilterDatabase`
 * (hidden, local to the sheet), as Excel, openpyxl and xlsxwriter write it. exceljs's streaming
 * writer has no way to write a name local to a sheet, nor one hidden, so the name is added to
 * xl/workbook.xml as the writer hands that part (a few hundred bytes, written last) to its zip.
 */
import type ExcelJS from 'exceljs';

type Workbook = InstanceType<typeof ExcelJS.stream.xlsx.WorkbookWriter>;
type Zip = { append(source: unknown, data: { name: string }): unknown };

const WORKBOOK_PART = /^\/?xl\/workbook\.xml$/;
const SHEET = /<sheet\b[^>]*?\bsheetId="(\d+)"[^>]*>/g;
const SHEET_NAME = /\bname="([^"]*)"/;

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const xmlDecode = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_, entity: string) => XML_ENTITIES[entity]);
const xmlEncode = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The column's letters: 1 is A, 27 is AA. */
export function columnLetters(column: number): string {
  let letters = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

/** A table's range from A1: `columns` wide, `rows` tall (the header row counted), as 'A1:M3'. */
export const tableRange = (columns: number, rows: number): string => `A1:${columnLetters(Math.max(1, columns))}${Math.max(1, rows)}`;

/**
 * workbook.xml with a hidden `_xlnm._FilterDatabase` for each sheet that has a filter, its
 * localSheetId the sheet's place in <sheets> (from 0). `filters` holds each sheet's range by its
 * sheetId, as the sheet's own <autoFilter ref> has it ('A1:M3').
 */
export function withFilterDatabaseNames(workbookXml: string, filters: ReadonlyMap<number, string>): string {
  const names: string[] = [];
  [...workbookXml.matchAll(SHEET)].forEach((sheet, localSheetId) => {
    const range = filters.get(Number(sheet[1]));
    const name = SHEET_NAME.exec(sheet[0])?.[1];
    if (!range || name === undefined) return;
    const absolute = range
      .split(':')
      .map((cell) => cell.replace(/^([A-Z]+)(\d+)$/, '$$$1$$$2'))
      .join(':');
    const reference = `'${xmlDecode(name).replace(/'/g, "''")}'!${absolute}`;
    names.push(`<definedName name="_xlnm._FilterDatabase" localSheetId="${localSheetId}" hidden="1">${xmlEncode(reference)}</definedName>`);
  });
  if (names.length === 0) return workbookXml;
  if (workbookXml.includes('</definedNames>')) return workbookXml.replace('</definedNames>', `${names.join('')}</definedNames>`);
  // CT_Workbook's order: <definedNames> follows <sheets> (and anything between), before <calcPr>.
  return workbookXml.replace('</sheets>', `</sheets><definedNames>${names.join('')}</definedNames>`);
}

const filtersOf = new WeakMap<Workbook, Map<number, string>>();

/** Makes the streamed workbook name the sheet's filter (its range, as its autoFilter) when it writes xl/workbook.xml at commit. */
export function nameFilter(workbook: Workbook, sheetId: number, range: string): void {
  let filters = filtersOf.get(workbook);
  if (!filters) {
    const zip = (workbook as unknown as { zip?: Zip }).zip;
    if (typeof zip?.append !== 'function') throw new Error('exceljs WorkbookWriter without its zip: the autofilter cannot be named');
    const named = new Map<number, string>();
    const append = zip.append.bind(zip);
    zip.append = (source, data) => append(WORKBOOK_PART.test(data.name) && typeof source === 'string' ? withFilterDatabaseNames(source, named) : source, data);
    filtersOf.set(workbook, named);
    filters = named;
  }
  filters.set(sheetId, range);
}

/**
 * The .xlsx package the exports write: a zip (yazl) of the workbook's parts, each sheet's part
 * streamed into it row by row and compressed as it goes. The sheets' XML is written here
 * directly (inline strings, one shared style per kind of cell), not through a spreadsheet
 * library's object model: for a file of plain typed rows that model cost several times the CPU of
 * the CSV of the same rows (docs/BENCHMARKS.md, 'xlsx against CSV').
 *
 * What a reader gets: a bold, frozen header row; date cells shown dd.mm.yyyy, amounts #,##0.00,
 * every other value a text cell (never a formula); column widths; an autofilter over the table,
 * named `_xlnm._FilterDatabase` in the workbook as Excel writes it (LibreOffice shows the filter
 * buttons only with that name).
 */
import { PassThrough } from 'node:stream';
import yazl from 'yazl';
import './zip-checksums.ts';
import { columnLetter } from './spreadsheet.ts';

/** The styles of a cell (its index in styles.xml's cellXfs). */
export const CELL_STYLE = { plain: 0, header: 1, date: 2, amount: 3 } as const;
export type CellStyle = (typeof CELL_STYLE)[keyof typeof CELL_STYLE];
/** A cell's value as the sheet holds it: text, a number, a calendar day (as UTC midnight), or nothing. */
export type PackageCell = string | number | Date | null;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Fast deflate: the rows' XML is repetitive, so level 1 packs it nearly as small for far less CPU. */
const COMPRESSION = { compress: true, compressionLevel: 1 } as const;

const FONT = '<sz val="11"/><name val="Calibri"/><family val="2"/>';
const STYLES_XML =
  XML_HEAD +
  `<styleSheet xmlns="${MAIN}">` +
  '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd.mm.yyyy"/></numFmts>' +
  `<fonts count="2"><font>${FONT}</font><font><b/>${FONT}</font></fonts>` +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="4">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  // 4 is Excel's built-in '#,##0.00'.
  '<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** A table's range from A1: `columns` wide, `rows` tall (the header row counted), as 'A1:M3'. */
export const tableRange = (columns: number, rows: number): string => `A1:${columnLetter(Math.max(1, columns) - 1)}${Math.max(1, rows)}`;

/** Characters XML 1.0 cannot hold at all (they are dropped), and the four text must escape. */
// eslint-disable-next-line no-control-regex -- these are the characters XML 1.0 forbids
const NOT_XML = /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g;
const ESCAPED = /[&<>"]/g;
// eslint-disable-next-line no-control-regex -- as NOT_XML, with the characters escaped
const NEEDS_WORK = /[&<>"\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/;
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
/** Text as XML holds it; most cells need nothing done, so one test comes first. */
export const xmlText = (text: string): string => (NEEDS_WORK.test(text) ? text.replace(NOT_XML, '').replace(ESCAPED, (character) => ENTITY[character]) : text);

/** Excel's day number of a calendar day (1900 date system; days since 1899-12-30). */
const EPOCH_DAYS = 25569;
const serialDay = (date: Date) => date.getTime() / 86_400_000 + EPOCH_DAYS;
/** Text with a line break or space at an end needs xml:space so a reader keeps it. */
const KEEPS_SPACE = /^\s|\s$|\n/;

/** A cell at `reference` ('C7'): every cell names its place, as Excel writes it (some readers need it). */
function cellXml(reference: string, value: PackageCell, style: CellStyle): string {
  if (value === null) return '';
  const s = style === CELL_STYLE.plain ? '' : ` s="${style}"`;
  if (typeof value === 'number') return `<c r="${reference}"${s}><v>${value}</v></c>`;
  if (value instanceof Date) return `<c r="${reference}"${s}><v>${serialDay(value)}</v></c>`;
  const space = KEEPS_SPACE.test(value) ? ' xml:space="preserve"' : '';
  return `<c r="${reference}"${s} t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`;
}

/** One sheet's part: rows are written in order, then `end` closes it with its autofilter. */
export interface SheetPart {
  /** Adds one row (its cells by column, each with its style). */
  row(cells: readonly PackageCell[], styles: readonly CellStyle[]): void;
  /**
   * Hands the rows added since the last call to the package in one piece (compressing row by
   * row would cost a deflate call per row) and resolves once it has taken them, or the download
   * is gone.
   */
  flush(): Promise<void>;
  end(): void;
}

interface SheetEntry {
  name: string;
  range: string;
}

/** A workbook streamed to `output`: sheets one after another, then `finish`. */
export class XlsxPackage {
  private readonly zip = new yazl.ZipFile();
  private readonly sheets: SheetEntry[] = [];
  private readonly output: PassThrough;

  constructor(output: PassThrough) {
    this.output = output;
    this.zip.outputStream.on('error', (error) => output.destroy(error));
    this.zip.outputStream.pipe(output);
  }

  /** Adds a sheet named `name` with these column widths (in characters); its header row is row 1, bold and frozen. */
  addSheet(name: string, widths: readonly number[]): SheetPart {
    const entry: SheetEntry = { name, range: tableRange(widths.length, 1) };
    this.sheets.push(entry);
    const part = new PassThrough();
    this.zip.addReadStream(part, `xl/worksheets/sheet${this.sheets.length}.xml`, COMPRESSION);
    const letters = widths.map((_, index) => columnLetter(index));
    const cols = widths.map((width, index) => `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`).join('');
    part.write(
      XML_HEAD +
        `<worksheet xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}">` +
        '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
        '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
        `<sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData>`,
    );
    let rows = 0;
    let pending = '';
    const output = this.output;
    return {
      row(cells, styles) {
        rows += 1;
        const number = String(rows);
        let xml = `<row r="${number}">`;
        for (let index = 0; index < cells.length; index += 1) xml += cellXml(letters[index] + number, cells[index], styles[index]);
        pending += `${xml}</row>`;
      },
      flush() {
        part.write(pending);
        pending = '';
        if (!part.writableNeedDrain || output.destroyed) return Promise.resolve();
        return new Promise((resolve) => {
          const done = () => {
            part.off('drain', done);
            output.off('close', done);
            resolve();
          };
          part.on('drain', done);
          output.on('close', done);
        });
      },
      end() {
        entry.range = tableRange(widths.length, rows);
        part.end(`${pending}</sheetData><autoFilter ref="${entry.range}"/></worksheet>`);
        pending = '';
      },
    };
  }

  /** Writes the workbook's own parts and ends the zip; the output ends once the zip has. */
  finish(): void {
    const sheets = this.sheets;
    const sheetList = sheets.map((sheet, index) => `<sheet name="${xmlText(sheet.name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`).join('');
    // A name local to each sheet (localSheetId: its place from 0), hidden, as Excel writes it.
    const filterNames = sheets
      .map((sheet, index) => {
        const absolute = sheet.range.replace(/([A-Z]+)(\d+)/g, '$$$1$$$2');
        const reference = `'${sheet.name.replace(/'/g, "''")}'!${absolute}`;
        return `<definedName name="_xlnm._FilterDatabase" localSheetId="${index}" hidden="1">${xmlText(reference)}</definedName>`;
      })
      .join('');
    const workbook =
      XML_HEAD +
      `<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><bookViews><workbookView/></bookViews>` +
      `<sheets>${sheetList}</sheets><definedNames>${filterNames}</definedNames></workbook>`;
    const sheetRelations = sheets
      .map((_, index) => `<Relationship Id="rId${index + 1}" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`)
      .join('');
    const workbookRelations =
      XML_HEAD +
      `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">${sheetRelations}` +
      `<Relationship Id="rId${sheets.length + 1}" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`;
    const sheetTypes = sheets
      .map(
        (_, index) =>
          `<Override PartName="/xl/worksheets/sheet${index + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
      )
      .join('');
    const contentTypes =
      XML_HEAD +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      `${sheetTypes}</Types>`;
    const packageRelations =
      XML_HEAD +
      `<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">` +
      `<Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
    this.zip.addBuffer(Buffer.from(contentTypes), '[Content_Types].xml', COMPRESSION);
    this.zip.addBuffer(Buffer.from(packageRelations), '_rels/.rels', COMPRESSION);
    this.zip.addBuffer(Buffer.from(workbook), 'xl/workbook.xml', COMPRESSION);
    this.zip.addBuffer(Buffer.from(workbookRelations), 'xl/_rels/workbook.xml.rels', COMPRESSION);
    this.zip.addBuffer(Buffer.from(STYLES_XML), 'xl/styles.xml', COMPRESSION);
    this.zip.end();
  }
}

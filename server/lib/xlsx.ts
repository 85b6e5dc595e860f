/**
 * The .xlsx twin of every CSV export: the same columns and rows, written as a real spreadsheet
 * with typed cells. Dates are date cells shown dd.mm.yyyy, amounts and counts are numbers, and
 * everything else (postal codes and phone numbers included) is a text cell, so 0155 stays 0155
 * and a value that looks like a formula ('=HYPERLINK(…)') is text, never a formula. The header
 * row is bold and frozen, the filter buttons span the table (lib/xlsx-filter.ts), and the column
 * widths fit the header and the first batch of rows.
 *
 * The workbook is streamed (exceljs WorkbookWriter, no shared strings): each batch is written
 * and compressed before the next is read, and the next waits while the client is behind, so an
 * export of any length holds about one batch in memory, as the CSV does.
 */
import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { Type, type TObject } from 'typebox';
import type { FastifyReply } from 'fastify';
import { sendCsv, type CsvColumn } from './csv.ts';
import { loadExcelJS } from './lazy-modules.ts';
import { fittedWidths, sheetValue } from './xlsx-cells.ts';
import { nameFilter, tableRange } from './xlsx-filter.ts';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The query parameter every export route takes: `format=xlsx` for the spreadsheet, CSV otherwise. */
export type ExportFormat = 'csv' | 'xlsx';

const ExportFormatParam = Type.Optional(
  Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], {
    description:
      'csv (standard): filen spesifikasjonen navngir. xlsx: samme rader som regneark (datoer som datoer, beløp som tall, ' +
      'postnummer og telefon som tekst, fet og frosset overskriftsrad), med .xlsx i stedet for .csv i filnavnet',
  }),
);

/** An export route's query: the list's own parameters plus `format`. */
export const withExportFormat = <T extends TObject>(query: T) =>
  Type.Object(
    { ...query.properties, format: ExportFormatParam },
    { additionalProperties: Type.String(), description: (query as { description?: string }).description },
  );

/** The OpenAPI answer of an export route: the CSV or, with format=xlsx, the spreadsheet. */
export const exportResponse = (csvFilename: string) => ({
  200: {
    description: `${csvFilename} (text/csv), eller ${xlsxFilename(csvFilename)} med format=xlsx`,
    content: {
      'text/csv': { schema: { type: 'string' } },
      [XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } },
    },
  },
});

const DATE_FORMAT = 'dd.mm.yyyy';
const AMOUNT_FORMAT = '#,##0.00';
/** LibreOffice shows a font with no name as a serif. */
const FONT = { name: 'Calibri', family: 2, size: 11 } as const;
const HEADER_STYLE: Partial<ExcelJS.Style> = { font: { ...FONT, bold: true } };
const STYLES: Record<'plain' | 'date' | 'amount', Partial<ExcelJS.Style>> = {
  plain: { font: FONT },
  date: { font: FONT, numFmt: DATE_FORMAT },
  amount: { font: FONT, numFmt: AMOUNT_FORMAT },
};
/** A sheet name Excel accepts: at most 31 characters, none of []:*?/\. */
export function sheetNameOf(filename: string): string {
  const base =
    filename
      .replace(/\.[^.]+$/, '')
      .replace(/[[\]:*?/\\]/g, ' ')
      .trim() || 'Ark1';
  return base.slice(0, 31);
}

/** The export's file name with .xlsx instead of .csv. */
export const xlsxFilename = (csvFilename: string): string => csvFilename.replace(/\.csv$/i, '') + '.xlsx';

function drainedOrClosed(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

export interface XlsxWriter<Row> {
  /** Writes one batch of rows and waits while the reader is behind. */
  write(rows: readonly Row[]): Promise<void>;
  /** Writes the end of the workbook; the output stream ends after it. */
  finish(): Promise<void>;
}

type Workbook = InstanceType<typeof ExcelJS.stream.xlsx.WorkbookWriter>;

/**
 * Adds a sheet to a streamed workbook: the header row (bold, frozen), then the rows batch by batch.
 * `sample` fits the column widths (the sheet's column list is written before its first row, so
 * only rows known at the start can count).
 */
function sheetWriter<Row>(
  workbook: Workbook,
  output: PassThrough,
  sheetName: string,
  columns: readonly CsvColumn<Row>[],
  sample: readonly Row[],
): XlsxWriter<Row> {
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }] });
  const widths = fittedWidths(columns, sample);
  sheet.columns = columns.map((column, index) => ({ key: String(index), width: widths[index] }));
  // One style object per kind of cell, shared by every cell of it: exceljs looks a style up by
  // the object's identity, so a shared object is worked out once instead of once per cell.
  const styles = columns.map((column) => STYLES[column.kind ?? 'plain']);
  const header = sheet.addRow(columns.map((column) => column.header));
  header.eachCell((cell) => {
    cell.style = HEADER_STYLE;
  });
  header.commit();
  let rowCount = 1;
  return {
    async write(rows) {
      rowCount += rows.length;
      for (const row of rows) {
        const line = sheet.addRow(columns.map((column) => sheetValue(column, row)));
        for (let index = 0; index < styles.length; index += 1) line.getCell(index + 1).style = styles[index];
        line.commit();
      }
      // The sheet's part is compressed as it is written; wait while the reader is behind.
      if (output.writableNeedDrain && !output.destroyed) await drainedOrClosed(output);
    },
    async finish() {
      // The filter spans the whole table, as Excel sets it; the sheet writes it at its end.
      sheet.autoFilter = tableRange(columns.length, rowCount);
      nameFilter(workbook, sheet.id, tableRange(columns.length, rowCount));
      sheet.commit();
    },
  };
}

const newWorkbook = async (output: PassThrough): Promise<Workbook> => {
  const { stream } = await loadExcelJS();
  return new stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
};

/** A streamed workbook of one sheet written to `output` (see sheetWriter). */
export async function xlsxWriter<Row>(
  output: PassThrough,
  sheetName: string,
  columns: readonly CsvColumn<Row>[],
  sample: readonly Row[],
): Promise<XlsxWriter<Row>> {
  const workbook = await newWorkbook(output);
  const sheet = sheetWriter(workbook, output, sheetName, columns, sample);
  return {
    write: (rows) => sheet.write(rows),
    async finish() {
      await sheet.finish();
      await workbook.commit();
    },
  };
}

/** The download's headers, then the stream; nothing of it is cached on the way. */
function sendSpreadsheet(reply: FastifyReply, filename: string, output: PassThrough): FastifyReply {
  const ascii = filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('cache-control', 'no-store')
    .send(output);
}

/**
 * Sends the rows as an .xlsx download named `filename`; nothing of it is cached on the way.
 * As with the CSV, the first rows are read before anything is sent (a failure then is a plain
 * JSON error), and a failure after the file has begun aborts the connection, so no client takes
 * a broken download for a whole file.
 */
export async function sendXlsx<Row>(
  reply: FastifyReply,
  filename: string,
  columns: readonly CsvColumn<Row>[],
  batches: AsyncIterable<readonly Row[]>,
): Promise<FastifyReply> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  const firstRows = first.done ? [] : first.value;
  const output = new PassThrough();
  const writer = await xlsxWriter(output, sheetNameOf(filename), columns, firstRows);
  const gone = () => output.destroyed || reply.raw.destroyed;
  const writeAll = async () => {
    try {
      await writer.write(firstRows);
      if (!first.done) {
        for (;;) {
          if (gone()) {
            await iterator.return?.(undefined);
            return;
          }
          const next = await iterator.next();
          if (next.done) break;
          await writer.write(next.value);
        }
      }
      await writer.finish();
    } catch (error) {
      reply.log.error({ err: error }, 'xlsx export failed after it began; connection aborted');
      output.destroy();
      reply.raw.destroy();
    }
  };
  void writeAll();
  return sendSpreadsheet(reply, filename, output);
}

/** One sheet of a workbook of several (sendXlsxSheets), its rows of any shape. */
export interface XlsxSheet {
  readonly name: string;
  /** Writes the sheet into the workbook; false when the reader went away on the way. */
  write(workbook: Workbook, output: PassThrough, gone: () => boolean): Promise<boolean>;
}

/** A sheet named `name` (at most 31 characters) with these columns and rows. */
export function xlsxSheet<Row>(name: string, columns: readonly CsvColumn<Row>[], batches: AsyncIterable<readonly Row[]>): XlsxSheet {
  return {
    name,
    async write(workbook, output, gone) {
      const iterator = batches[Symbol.asyncIterator]();
      let next = await iterator.next();
      const sheet = sheetWriter(workbook, output, sheetNameOf(name), columns, next.done ? [] : next.value);
      while (!next.done) {
        await sheet.write(next.value);
        if (gone()) {
          await iterator.return?.(undefined);
          return false;
        }
        next = await iterator.next();
      }
      await sheet.finish();
      return true;
    },
  };
}

/**
 * A workbook of several sheets (a report: its summary, then its rows) as an .xlsx download, each
 * sheet as sendXlsx writes its one. Check what can be refused before calling: once the file has
 * begun, a failure aborts the connection.
 */
export async function sendXlsxSheets(reply: FastifyReply, filename: string, sheets: readonly XlsxSheet[]): Promise<FastifyReply> {
  const output = new PassThrough();
  const workbook = await newWorkbook(output);
  const gone = () => output.destroyed || reply.raw.destroyed;
  const writeAll = async () => {
    try {
      for (const sheet of sheets) {
        if (!(await sheet.write(workbook, output, gone))) return;
      }
      await workbook.commit();
    } catch (error) {
      reply.log.error({ err: error }, 'xlsx report failed after it began; connection aborted');
      output.destroy();
      reply.raw.destroy();
    }
  };
  void writeAll();
  return sendSpreadsheet(reply, filename, output);
}

/** The export in the format the query asks for (`format=xlsx`; CSV otherwise), named after the CSV's file name. */
export function sendExport<Row>(
  reply: FastifyReply,
  format: ExportFormat | undefined,
  csvFilename: string,
  columns: readonly CsvColumn<Row>[],
  batches: AsyncIterable<readonly Row[]>,
): Promise<FastifyReply> {
  return format === 'xlsx' ? sendXlsx(reply, xlsxFilename(csvFilename), columns, batches) : sendCsv(reply, csvFilename, columns, batches);
}

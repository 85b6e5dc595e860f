/**
 * The .xlsx twin of every CSV export: the same columns and rows, written as a real spreadsheet
 * with typed cells. Dates are date cells shown dd.mm.yyyy, amounts and counts are numbers, and
 * everything else (postal codes and phone numbers included) is a text cell, so 0155 stays 0155
 * and a value that looks like a formula ('=HYPERLINK(…)') is text, never a formula. The header
 * row is bold and frozen, the filter buttons span the table (lib/xlsx-package.ts), and the column
 * widths fit the header and the first batch of rows.
 *
 * The workbook is streamed (lib/xlsx-package.ts): each batch is written and compressed before
 * the next is read, and the next waits while the client is behind, so an export of any length
 * holds about one batch in memory, as the CSV does.
 */
import { PassThrough } from 'node:stream';
import { Type, type TObject } from 'typebox';
import type { FastifyReply } from 'fastify';
import { sendCsv, type CsvColumn } from './csv.ts';
import { fittedWidths, sheetValue } from './xlsx-cells.ts';
import { CELL_STYLE, XlsxPackage, type PackageCell } from './xlsx-package.ts';

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

export interface XlsxWriter<Row> {
  /** Writes one batch of rows and waits while the reader is behind. */
  write(rows: readonly Row[]): Promise<void>;
  /** Writes the end of the workbook; the output stream ends after it. */
  finish(): Promise<void>;
}

const STYLE_OF_KIND = { plain: CELL_STYLE.plain, date: CELL_STYLE.date, amount: CELL_STYLE.amount } as const;

/**
 * Adds a sheet to a streamed workbook: the header row (bold, frozen), then the rows batch by batch.
 * `sample` fits the column widths (the sheet's column list is written before its first row, so
 * only rows known at the start can count).
 */
function sheetWriter<Row>(workbook: XlsxPackage, sheetName: string, columns: readonly CsvColumn<Row>[], sample: readonly Row[]): XlsxWriter<Row> {
  const part = workbook.addSheet(sheetName, fittedWidths(columns, sample));
  part.row(
    columns.map((column) => column.header),
    columns.map(() => CELL_STYLE.header),
  );
  const styles = columns.map((column) => STYLE_OF_KIND[column.kind ?? 'plain']);
  return {
    async write(rows) {
      // One array of cells for every row: the part has written them before the next is read.
      const cells = new Array<PackageCell>(columns.length);
      for (const row of rows) {
        for (let index = 0; index < columns.length; index += 1) cells[index] = sheetValue(columns[index], row);
        part.row(cells, styles);
      }
      // The batch is compressed as it is handed over; wait while the reader is behind.
      await part.flush();
    },
    async finish() {
      part.end();
    },
  };
}

/** A streamed workbook of one sheet written to `output` (see sheetWriter). */
export async function xlsxWriter<Row>(
  output: PassThrough,
  sheetName: string,
  columns: readonly CsvColumn<Row>[],
  sample: readonly Row[],
): Promise<XlsxWriter<Row>> {
  const workbook = new XlsxPackage(output);
  const sheet = sheetWriter(workbook, sheetName, columns, sample);
  return {
    write: (rows) => sheet.write(rows),
    async finish() {
      await sheet.finish();
      workbook.finish();
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
  write(workbook: XlsxPackage, gone: () => boolean): Promise<boolean>;
}

/** A sheet named `name` (at most 31 characters) with these columns and rows. */
export function xlsxSheet<Row>(name: string, columns: readonly CsvColumn<Row>[], batches: AsyncIterable<readonly Row[]>): XlsxSheet {
  return {
    name,
    async write(workbook, gone) {
      const iterator = batches[Symbol.asyncIterator]();
      let next = await iterator.next();
      const sheet = sheetWriter(workbook, sheetNameOf(name), columns, next.done ? [] : next.value);
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
  const workbook = new XlsxPackage(output);
  const gone = () => output.destroyed || reply.raw.destroyed;
  const writeAll = async () => {
    try {
      for (const sheet of sheets) {
        if (!(await sheet.write(workbook, gone))) return;
      }
      workbook.finish();
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

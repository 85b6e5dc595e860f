/**
 * CSV that Excel in Norway opens as it is: UTF-8 with BOM, `;` between fields, CRLF line ends,
 * quoting where a field holds `;`, `"` or a line break. A text cell that a spreadsheet would run
 * as a formula gets a leading apostrophe. Rows are written batch by batch as the reader pulls,
 * so an export of any length holds one batch in memory.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export type CsvCell = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvCell;
  /**
   * What the column holds, for the .xlsx twin (lib/xlsx.ts): 'date' cells are dates (from the
   * value's DD-MM-YYYY or YYYY-MM-DD), 'amount' cells numbers in kroner. Without it, numbers
   * stay numbers and everything else is text. The CSV ignores it.
   */
  kind?: 'date' | 'amount';
  /** The .xlsx cell's value when it differs from the CSV text (an amount as a number). */
  cell?: (row: Row) => CsvCell;
}

const BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[;"\r\n]/;

export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nei';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly CsvCell[]): string => cells.map(csvCell).join(SEPARATOR) + LINE_END;

/** The BOM and header line first, then one chunk of text per batch of rows. */
export async function* csvChunks<Row>(columns: readonly CsvColumn<Row>[], batches: AsyncIterable<readonly Row[]>): AsyncGenerator<string> {
  yield BOM + csvLine(columns.map((column) => column.header));
  for await (const rows of batches) {
    if (rows.length === 0) continue;
    yield rows.map((row) => csvLine(columns.map((column) => column.value(row)))).join('');
  }
}

/**
 * Sends the CSV as a download named `filename`; nothing of it is cached on the way.
 * The first rows are read before anything is sent, so an export that fails at once answers a
 * plain JSON error. Once the file has begun, a failure aborts the connection: a download that
 * ends without the closing chunk is one no client takes for a whole file.
 */
export async function sendCsv<Row>(
  reply: FastifyReply,
  filename: string,
  columns: readonly CsvColumn<Row>[],
  batches: AsyncIterable<readonly Row[]>,
): Promise<FastifyReply> {
  const chunks = csvChunks(columns, batches);
  const header = await chunks.next();
  const firstRows = await chunks.next();
  async function* whole(): AsyncGenerator<string> {
    if (!header.done) yield header.value;
    if (firstRows.done) return;
    yield firstRows.value;
    try {
      yield* chunks;
    } catch (error) {
      reply.log.error({ err: error }, 'CSV export failed after it began; connection aborted');
      reply.raw.destroy();
    }
  }
  const ascii = filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`)
    .header('cache-control', 'no-store')
    .send(Readable.from(whole(), { objectMode: false }));
}

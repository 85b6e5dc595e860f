/**
 * A small workbook of one sheet written whole into memory (an import's error report), by the
 * same writer as the exports, so it looks and filters as they do.
 */
import { PassThrough } from 'node:stream';
import type { CsvColumn } from './csv.ts';
import { xlsxWriter } from './xlsx.ts';

export async function xlsxBuffer<Row>(sheetName: string, columns: readonly CsvColumn<Row>[], rows: readonly Row[]): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  const writer = await xlsxWriter(output, sheetName, columns, rows);
  await writer.write(rows);
  await writer.finish();
  await ended;
  return Buffer.concat(chunks);
}

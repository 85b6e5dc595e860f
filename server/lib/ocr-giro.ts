/**
 * The bank's OCR giro file (Nets, now Mastercard Payment Services): the fixed-width file a
 * Norwegian bank delivers with the KID payments made to an account. Read here into plain data,
 * checked line by line, and written back (for fixtures, tests and benchmarks).
 *
 * Every line is 80 characters, starts 'NY', a 2-digit service code (00 on the transmission's
 * start and end, 09 for OCR giro), a 2-digit transaction or assignment type and a 2-digit record
 * type. Positions below are the system specification's, counted from 1:
 *
 *   10 start of transmission  9–16 data sender (Nets' id), 17–23 transmission number, 24–31 data recipient
 *   20 start of assignment    9–17 agreement id, 18–24 assignment number, 25–35 the payee's account
 *   30 amount item 1          9–15 transaction number, 16–21 Nets date DDMMYY, 22–23 centre id,
 *                             24–25 day code, 26 partial settlement number, 27–31 its serial number,
 *                             32 sign ('-' or '0'), 33–49 amount in øre, 50–74 KID right-aligned
 *   31 amount item 2          9–15 transaction number, 16–25 form number, 26–34 agreement id or
 *                             archive reference, 42–47 bank date, 48–58 the payer's account
 *   32 amount item 3          9–15 transaction number, 16–55 free text (transaction types 20 and 21 only)
 *   88 end of assignment      9–16 transactions, 17–24 records (its start and end included),
 *                             25–41 sum in øre, 42–47 Nets date, 48–53 earliest, 54–59 latest date
 *   89 end of transmission    9–16 transactions, 17–24 records (all lines), 25–41 sum, 42–47 Nets date
 *
 * The end records' sums add the amount field as written: a reversal (transaction type 18 or 20)
 * is added, not deducted, as the specification says. Fillers are not read: the public test data
 * has digits in a filler, and nothing we use is in one.
 *
 * The codes and the data read in are in ocr-giro-format.ts, reading a line in ocr-giro-reader.ts
 * (its fields in ocr-giro-fields.ts), writing in ocr-giro-writer.ts.
 */
import { Turns } from './turns.ts';
import type { OcrGiroFile } from './ocr-giro-format.ts';
import { OcrGiroReader } from './ocr-giro-reader.ts';

export {
  formatKroner,
  NETS_ID,
  OCR_LINE_LENGTH,
  OCR_REVERSAL_TYPES,
  OCR_TRANSACTION_TYPES,
  OcrGiroError,
  type OcrGiroAssignment,
  type OcrGiroFile,
  type OcrGiroTransaction,
} from './ocr-giro-format.ts';
export { writeOcrGiro, type OcrGiroAssignmentInput, type OcrGiroInput, type OcrGiroTransactionInput } from './ocr-giro-writer.ts';

/**
 * The file's text. Banks deliver ISO-8859-1; a file saved again by another program may be UTF-8
 * (with or without a BOM). Bytes that are valid UTF-8 are read as UTF-8, others as ISO-8859-1;
 * a file of digits and letters A–Z reads the same either way.
 */
function decode(buffer: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    text = buffer.toString('latin1');
  }
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** The lines, CRLF or LF; empty lines at the end (a final line ending, trailing blank lines) are dropped. */
function splitLines(buffer: Buffer): string[] {
  const lines = decode(buffer).split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  return lines;
}

/** Reads an OCR giro file, or throws an OcrGiroError naming the line that is wrong. */
export function parseOcrGiro(buffer: Buffer): OcrGiroFile {
  const lines = splitLines(buffer);
  const reader = new OcrGiroReader();
  for (let i = 0; i < lines.length; i += 1) reader.read(lines[i], i + 1);
  return reader.finish(lines.length);
}

/** The same, giving other requests their turn during a long file (see lib/turns.ts). */
export async function parseOcrGiroInTurns(buffer: Buffer, turns: Turns = new Turns()): Promise<OcrGiroFile> {
  const lines = splitLines(buffer);
  const reader = new OcrGiroReader();
  for (let i = 0; i < lines.length; i += 1) {
    reader.read(lines[i], i + 1);
    if (turns.due()) await turns.give();
  }
  return reader.finish(lines.length);
}

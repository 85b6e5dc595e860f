/**
 * Invoice PDFs: an office without Tripletex sends every renewal invoice as a mail with its PDF,
 * so the renewal of 100 000 members makes 100 000 of them. Measured: the time per invoice PDF
 * (fonts opened once per process, server/lib/pdf.ts), interleaved with a reference in the same
 * run: a pdfkit document that only opens the same three DejaVu fonts from their files, as pdfkit
 * does by default for every document, and writes a line in each. Beside the times, the figures
 * load cannot change: the bytes of an invoice PDF and the ratio of the two times.
 */
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { invoicePdf, type InvoiceSheet } from '../server/domain/billing/invoice-pdf.ts';
import type { Config } from '../server/config.ts';
import { FONT_DIR, FONT_FILES } from '../server/lib/pdf.ts';

const CONFIG = { organisationName: 'Musikernes fellesorganisasjon', billing: { bankAccount: '15031234562' } } as Pick<Config, 'organisationName' | 'billing'>;

export interface InvoicePdfResult {
  documents: number;
  msPerInvoice: number;
  msPerReference: number;
  bytesPerInvoice: number;
}

function sheet(i: number): InvoiceSheet {
  return {
    number: 100_000 + i,
    invoice_date: '2027-01-02',
    due_date: '2027-01-16',
    kid: '000123450001237',
    total: 245_000,
    member_name: i % 2 ? 'Čáhppes Áŋŋel-Østli' : 'Kari Nordmann',
    member_number: 12_345 + i,
    previous_number: null,
    address: ['Storgata 1', '0155 Oslo'],
    lines: [
      { description: 'Medlemskap 2027', period_from: '2027-01-01', period_to: '2027-12-31', amount: 120_000 },
      { description: 'Reiseforsikring Europa 2027', period_from: '2027-01-01', period_to: '2027-12-31', amount: 85_000 },
      { description: 'Instrumentforsikring 2027', period_from: '2027-01-01', period_to: '2027-12-31', amount: 40_000 },
    ],
  };
}

/** pdfkit's default: each font read and opened from its file for the document. */
async function referencePdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const file of Object.values(FONT_FILES)) doc.font(path.join(FONT_DIR, file)).text('Faktura 100001 – Kari Nordmann');
  doc.end();
  return done;
}

export async function measureInvoicePdfs(documents = 200): Promise<InvoicePdfResult> {
  // One of each first: the modules load and the fonts are opened once.
  await invoicePdf(sheet(0), CONFIG);
  await referencePdf();
  let ours = 0;
  let reference = 0;
  let bytes = 0;
  for (let i = 1; i <= documents; i++) {
    let start = performance.now();
    bytes += (await invoicePdf(sheet(i), CONFIG)).length;
    ours += performance.now() - start;
    start = performance.now();
    await referencePdf();
    reference += performance.now() - start;
  }
  return { documents, msPerInvoice: ours / documents, msPerReference: reference / documents, bytesPerInvoice: Math.round(bytes / documents) };
}

export function invoicePdfLines(result: InvoicePdfResult): string[] {
  const ratio = result.msPerInvoice / result.msPerReference;
  return [
    '## Invoice PDFs',
    '',
    `${result.documents} invoice PDFs (three lines each, as a renewal invoice), each interleaved with the reference: a pdfkit document that opens the same three fonts from their files, as pdfkit does for every document by default. Goal: a whole invoice costs less than the reference (ratio < 1).`,
    '',
    '| invoice PDF | reference | ratio | bytes per invoice | within goal |',
    '|---|---|---|---|---|',
    `| ${result.msPerInvoice.toFixed(1)} ms | ${result.msPerReference.toFixed(1)} ms | ${ratio.toFixed(2)} | ${result.bytesPerInvoice.toLocaleString('en-US')} | ${ratio < 1 ? 'yes' : 'no'} |`,
    '',
  ];
}

/** The background jobs at scale: the renewal, a bank's OCR file, the reminders, a send to a group and the invoices' PDFs. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPglite } from '../server/db/pglite.ts';
import { prepare } from './member-list.ts';
import { withScratchPostgres } from './shared.ts';
import { measureRenewal, renewalLines, type RenewalResult } from './renewal.ts';
import { measurePaymentFile, paymentFileLines, type PaymentFileResult } from './payment-file.ts';
import { measureReminders, remindersLines, type RemindersResult } from './reminders.ts';
import { measureOutreach, outreachLines, type OutreachResult } from './outreach.ts';
import { invoicePdfLines, measureInvoicePdfs } from './invoice-pdf.ts';
import { members, pgUrl } from './run-settings.ts';

/**
 * The renewal run (issue 35): preview and run at BENCH_RENEWAL_MEMBERS (default BENCH_MEMBERS)
 * members, on the embedded database in a data directory on disk and on PostgreSQL.
 */
export async function renewalSection(lines: string[]) {
  const size = Number(process.env.BENCH_RENEWAL_MEMBERS ?? members);
  const results: RenewalResult[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-renewal-'));
  const lite = await openPglite({ dataDir });
  try {
    await prepare(lite, size);
    results.push(await measureRenewal(lite, 'PGlite', size));
  } finally {
    await lite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (pgUrl !== 'none') {
    results.push(
      await withScratchPostgres(pgUrl, 'portal_bench_renewal', async (db) => {
        await prepare(db, size);
        return measureRenewal(db, 'PostgreSQL', size);
      }),
    );
  }
  for (const result of results) console.log(`Renewal on ${result.where}: ${JSON.stringify(result)}`);
  lines.push(...renewalLines(results));
}

/**
 * A bank's OCR file (issue 35): BENCH_OCR_PAYMENTS payments (default 20 000) read in and booked,
 * on the embedded database in a data directory on disk and on PostgreSQL.
 */
export async function paymentFileSection(lines: string[]) {
  const size = Number(process.env.BENCH_OCR_PAYMENTS ?? 20_000);
  const results: PaymentFileResult[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-ocr-'));
  const lite = await openPglite({ dataDir });
  try {
    await prepare(lite, Math.ceil(size * 1.3));
    results.push(await measurePaymentFile(lite, 'PGlite', size));
  } finally {
    await lite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (pgUrl !== 'none') {
    results.push(
      await withScratchPostgres(pgUrl, 'portal_bench_ocr', async (db) => {
        await prepare(db, Math.ceil(size * 1.3));
        return measurePaymentFile(db, 'PostgreSQL', size);
      }),
    );
  }
  for (const result of results) console.log(`OCR file on ${result.where}: ${JSON.stringify(result)}`);
  lines.push(...paymentFileLines(results));
}

/**
 * The reminder job (issue 35): BENCH_REMINDER_INVOICES invoices (default BENCH_MEMBERS) whose first
 * reminder's day has come, on the embedded database in a data directory on disk and on PostgreSQL.
 */
export async function remindersSection(lines: string[]) {
  const size = Number(process.env.BENCH_REMINDER_INVOICES ?? members);
  const results: RemindersResult[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-reminders-'));
  const lite = await openPglite({ dataDir });
  try {
    await prepare(lite, Math.ceil(size * 1.3));
    results.push(await measureReminders(lite, 'PGlite', size));
  } finally {
    await lite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (pgUrl !== 'none') {
    results.push(
      await withScratchPostgres(pgUrl, 'portal_bench_reminders', async (db) => {
        await prepare(db, Math.ceil(size * 1.3));
        return measureReminders(db, 'PostgreSQL', size);
      }),
    );
  }
  for (const result of results) console.log(`Reminders on ${result.where}: ${JSON.stringify(result)}`);
  lines.push(...remindersLines(results));
}

/**
 * Sends to a group (issue 38): a group's count, queueing a send to every member, the member list
 * while it is delivered and one delivery run's pace, on the embedded database and on PostgreSQL.
 */
export async function outreachSection(lines: string[]) {
  const results: OutreachResult[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-outreach-'));
  const lite = await openPglite({ dataDir });
  try {
    await prepare(lite, members);
    results.push(await measureOutreach(lite, 'PGlite', members));
  } finally {
    await lite.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (pgUrl !== 'none') {
    results.push(
      await withScratchPostgres(pgUrl, 'portal_bench_outreach', async (db) => {
        await prepare(db, members);
        return measureOutreach(db, 'PostgreSQL', members);
      }),
    );
  }
  for (const result of results) console.log(`Outreach on ${result.where}: ${JSON.stringify(result)}`);
  lines.push(...outreachLines(results));
}

/** Invoice PDFs (issue 35): the time per PDF against pdfkit opening the fonts per document. */
export async function invoicePdfSection(lines: string[]) {
  const result = await measureInvoicePdfs();
  console.log(`Invoice PDFs: ${JSON.stringify(result)}`);
  lines.push(...invoicePdfLines(result));
}

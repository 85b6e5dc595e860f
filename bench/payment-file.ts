/**
 * An OCR file of the bank's at the budget's size (issue 35: 20 000 payments matched in ≤ 30 s):
 * invoices for that many members, a file paying most of them in full, some in part and some with
 * a KID of no invoice, read in and booked by the payment-file job as the server does it. Beside
 * the time, a figure load cannot change: the database statements per payment.
 */
import type { Database } from '../server/db/database.ts';
import type { JobSender } from '../server/domain/messages/outbox.ts';
import { bookPaymentFile, readPaymentFile } from '../server/domain/billing/payment-files.ts';
import { makeKid } from '../server/lib/kid.ts';
import { writeOcrGiro } from '../server/lib/ocr-giro.ts';
import { todayInOslo } from '../server/domain/shared/oslo-date.ts';
import { counting } from './renewal.ts';
import { timed } from './shared.ts';

export interface PaymentFileResult {
  where: string;
  payments: number;
  readSeconds: number;
  bookSeconds: number;
  booked: number;
  statementsPerPayment: number;
}

const BANK_ACCOUNT = '15031234562';
const TOTAL_ORE = 129_050;
/** The job runs by hand here: what the upload queues is not sent anywhere. */
const NO_QUEUE: JobSender = { send: async () => 'bench', sendMany: async () => {} };

/**
 * One sent invoice for each of the first `count` members with a member number (the caller seeds
 * them), due `dueDaysAgo` days ago (by default in two weeks, as a new invoice is).
 */
export async function invoicesFor(db: Database, count: number, dueDaysAgo = -14): Promise<{ id?: number; kid: string }[]> {
  const members = await db.query<{ id: number; remote_id: number }>(
    'SELECT id, remote_id FROM accounts WHERE remote_id IS NOT NULL AND role_id IN (1, 2) ORDER BY id LIMIT $1',
    [count],
  );
  const [{ next }] = await db.query<{ next: number }>('SELECT coalesce(max(number), 0)::int + 1 AS next FROM invoices');
  const rows = members.map((member, index) => ({
    number: next + index,
    member_id: member.id,
    member_number: member.remote_id,
    kid: makeKid(member.remote_id, next + index),
  }));
  const today = todayInOslo();
  for (let start = 0; start < rows.length; start += 5_000) {
    await db.query(
      `INSERT INTO invoices (number, member_id, member_number, year, kind, total_ore, invoice_date, due_date, kid, channel, state, sent_at)
       SELECT r.number, r.member_id, r.member_number, extract(year FROM $2::date)::int, 'renewal', $3,
              $2::date - $4::int - 14, $2::date - $4::int, r.kid, 'EMAIL', 'sent', now()
         FROM jsonb_to_recordset($1::jsonb) AS r(number int, member_id int, member_number int, kid text)`,
      [JSON.stringify(rows.slice(start, start + 5_000)), today, TOTAL_ORE, dueDaysAgo],
    );
  }
  return rows;
}

/** Measures on `db`, seeded by the caller with at least `payments` members who have a member number. */
export async function measurePaymentFile(db: Database, where: string, payments: number): Promise<PaymentFileResult> {
  const invoices = await invoicesFor(db, payments);
  const today = todayInOslo();
  // Nine in ten pay in full, one in twenty in part, one in twenty with a KID of no invoice.
  const transactions = invoices.map((invoice, index) => {
    if (index % 20 === 7) return { date: today, kid: makeKid(9_999, 9_000_000 + index), amountOre: TOTAL_ORE };
    return { date: today, kid: invoice.kid, amountOre: index % 20 === 3 ? 50_000 : TOTAL_ORE };
  });
  const file = Buffer.from(
    writeOcrGiro({
      transmissionNumber: String(Date.now() % 10_000_000).padStart(7, '0'),
      dataRecipient: '00123456',
      date: today,
      assignments: [{ assignmentNumber: '0000001', agreementId: '000123456', account: BANK_ACCOUNT, transactions }],
    }),
    'latin1',
  );
  const [{ id: staffId }] = await db.query<{ id: number }>('SELECT id FROM accounts ORDER BY id LIMIT 1');
  const [read, readSeconds] = await timed(() => readPaymentFile(db, NO_QUEUE, { name: 'bench.ocr', buffer: file }, staffId, BANK_ACCOUNT));
  const counted = counting(db);
  const [, bookSeconds] = await timed(() => bookPaymentFile(counted.db, read.id));
  const [{ booked }] = await db.query<{ booked: number }>(
    'SELECT count(*)::int AS booked FROM payment_file_items WHERE file_id = $1 AND payment_id IS NOT NULL',
    [read.id],
  );
  return { where, payments: transactions.length, readSeconds, bookSeconds, booked, statementsPerPayment: counted.count() / transactions.length };
}

/** The section's lines for bench/results.md. */
export function paymentFileLines(results: PaymentFileResult[]): string[] {
  const lines = [
    '## An OCR file from the bank',
    '',
    'Budget: an OCR file of 20 000 payments matched and booked in ≤ 30 s. After each step of the booking job the requests waiting go first: on PGlite those in flight, for at most half as long as the step took (none run here, so it goes straight on); on PostgreSQL a pause half as long as the step, so its time is one and a half times the work.',
    '',
    '| database | payments | read in | booked in | payments booked | statements per payment |',
    '|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    lines.push(
      `| ${r.where} | ${r.payments} | ${r.readSeconds.toFixed(1)} s | ${r.bookSeconds.toFixed(1)} s | ${r.booked} | ${r.statementsPerPayment.toFixed(3)} |`,
    );
  }
  lines.push('');
  for (const r of results) {
    const scaled = ((r.readSeconds + r.bookSeconds) * 20_000) / Math.max(1, r.payments);
    lines.push(`${r.where}: 20 000 payments at this pace take ${scaled.toFixed(0)} s (budget 30 s: ${scaled <= 30 ? 'within budget' : 'OVER BUDGET'}).`, '');
  }
  return lines;
}

/**
 * The reminder job at the register's size (issue 35: over 100 000 invoices, set-based, ≤ 30 s):
 * every invoice sent and its first reminder's day come, so each gets its reminder by e-mail (and
 * SMS where the member has a mobile). Beside the time, a figure load cannot change: the database
 * statements per reminder.
 */
import type { Database } from '../server/db/database.ts';
import { loadConfig } from '../server/config.ts';
import { createServices } from '../server/plugins/services.ts';
import { runReminders } from '../server/domain/billing/reminders.ts';
import { MAIL_QUEUE, MESSAGE_QUEUE, SMS_QUEUE } from '../server/jobs/outbox.ts';
import { invoicesFor } from './payment-file.ts';
import { counting } from './renewal.ts';
import { timed } from './shared.ts';

export interface RemindersResult {
  where: string;
  invoices: number;
  seconds: number;
  sent: number;
  statementsPerReminder: number;
}

/** Measures on `db`, seeded by the caller with at least `invoices` members who have a member number. */
export async function measureReminders(db: Database, where: string, invoices: number): Promise<RemindersResult> {
  await invoicesFor(db, invoices, 20);
  const config = loadConfig({ STATIC_DIR: '/nonexistent', PUBLIC_URL: 'http://bench.local' });
  // The job's messages are queued, not sent: no worker runs here.
  const services = createServices(config, db);
  await services.jobs.start({ [MAIL_QUEUE]: MESSAGE_QUEUE, [SMS_QUEUE]: MESSAGE_QUEUE });
  try {
    const counted = counting(db);
    const [result, seconds] = await timed(() => runReminders(counted.db, services.outbox, config));
    return { where, invoices, seconds, sent: result.sent, statementsPerReminder: counted.count() / Math.max(1, result.sent) };
  } finally {
    await services.jobs.stop(1_000);
  }
}

/** The section's lines for bench/results.md. */
export function remindersLines(results: RemindersResult[]): string[] {
  const lines = [
    '## The reminder job',
    '',
    'Budget: the reminder job over 100 000 invoices (all due a first reminder) in ≤ 30 s, set-based. On PGlite the requests in flight go first after each batch (none run here).',
    '',
    '| database | invoices | reminders sent | time | statements per reminder |',
    '|---|---|---|---|---|',
  ];
  for (const r of results) lines.push(`| ${r.where} | ${r.invoices} | ${r.sent} | ${r.seconds.toFixed(1)} s | ${r.statementsPerReminder.toFixed(3)} |`);
  lines.push('');
  for (const r of results) {
    const scaled = (r.seconds * 100_000) / Math.max(1, r.invoices);
    lines.push(`${r.where}: 100 000 reminders at this pace take ${scaled.toFixed(0)} s (budget 30 s: ${scaled <= 30 ? 'within budget' : 'OVER BUDGET'}).`, '');
  }
  return lines;
}

/** Starts the queue with every queue, worker and schedule the portal has. */
import type { Services } from './services.ts';
import type { PgliteDatabase } from '../db/pglite.ts';
import { MAIL_QUEUE, MESSAGE_QUEUE, SMS_QUEUE } from './outbox.ts';
import { mailWorker, smsWorker } from './deliver.ts';
import { invoiceAttachment } from '../domain/billing/invoice-mail.ts';
import { claimAttachment } from '../domain/claims/claim-mail.ts';
import { documentReader } from '../domain/claims/claim-zip.ts';
import { REMINDER_QUEUE, runReminders } from '../domain/billing/reminders.ts';
import { PAYMENT_FILE_QUEUE, bookPaymentFile } from '../domain/billing/payment-files.ts';
import { RENEWAL_QUEUE, resumeRenewals, runRenewal } from '../domain/billing/renewal.ts';
import { CLEANUP_QUEUE, cleanUp, foldInvoiceTotals, foldListCountDeltas } from './cleanup.ts';
import { analyzeChangedTables } from '../db/analyze-changed.ts';
import { BACKUP_QUEUE, backupDatabase } from './backup.ts';
import { TRIPLETEX_QUEUE, runTripletexSync } from '../domain/payments/tripletex-sync.ts';
import { tripletexClientFor } from '../adapters/tripletex.ts';
import { runTripletexLedger } from '../domain/billing/tripletex-ledger.ts';
import { LEDGER_QUEUE, queueLedger, type LedgerJob } from '../domain/billing/tripletex-queue.ts';
import { VIPPS_FOLLOW_UP_QUEUE, vippsFollowUp } from './vipps.ts';
import { startAgreementJobs } from './vipps-agreements.ts';
import { RETENTION_QUEUE, applyRetention } from './retention.ts';
import { MEMBER_IMPORT_QUEUE, runImport } from '../domain/members/member-import-commit.ts';
import { MEMBER_IMPORT_WELCOME_QUEUE, sendWelcomeMails } from '../domain/members/member-import-welcome.ts';
import { MEMBER_IMPORT_UNDO_QUEUE, resumeUndos, runUndo, takeBackInterruptedImports } from '../domain/members/member-import-undo.ts';
import { OUTREACH_DUE_QUEUE, OUTREACH_QUEUE, restartStalledOutreaches, startDueOutreaches, type OutreachJob } from '../domain/outreach/outreach-send.ts';
import { deliverOutreach } from '../domain/outreach/outreach-delivery.ts';
import { VALUATION_REMINDER_QUEUE, runValuationReminders } from '../domain/insurance/valuation-reminders.ts';
import { removeLeftoverFiles } from '../domain/documents/files.ts';

/** The read-back's schedule: every N minutes within the hour, or every N hours at minute 11. */
export const statusCron = (minutes: number): string => (minutes < 60 ? `*/${minutes} * * * *` : minutes === 60 ? '11 * * * *' : `11 */${minutes / 60} * * *`);

export async function startJobs(services: Services): Promise<void> {
  const { jobs, db, config } = services;
  await jobs.start({
    [MAIL_QUEUE]: { ...MESSAGE_QUEUE, retryLimit: config.messageRetries },
    [SMS_QUEUE]: { ...MESSAGE_QUEUE, retryLimit: config.messageRetries },
    [CLEANUP_QUEUE]: { retryLimit: 1, expireInSeconds: 300, deleteAfterSeconds: 24 * 60 * 60 },
    // A run skips what it has done (one reminder per level), so a retry or a second run sends nothing twice.
    [REMINDER_QUEUE]: { retryLimit: 1, expireInSeconds: 15 * 60, deleteAfterSeconds: 24 * 60 * 60 },
    // A step booked is marked in its own transaction, so a run again after a killed worker goes on where it stopped.
    [PAYMENT_FILE_QUEUE]: { retryLimit: 3, expireInSeconds: 15 * 60, deleteAfterSeconds: 7 * 24 * 60 * 60 },
    // Each step's invoices are committed with the run's count, and one renewal invoice per member and
    // year is the database's: a retry, a second start or a second server goes on where it stopped.
    [RENEWAL_QUEUE]: { retryLimit: 3, expireInSeconds: 30 * 60, deleteAfterSeconds: 7 * 24 * 60 * 60 },
    [BACKUP_QUEUE]: { retryLimit: 1, expireInSeconds: 30 * 60, deleteAfterSeconds: 7 * 24 * 60 * 60 },
    // A run is never retried by the queue: staff start a new one, which skips what is already synced.
    [TRIPLETEX_QUEUE]: { retryLimit: 0, expireInSeconds: 15 * 60, deleteAfterSeconds: 7 * 24 * 60 * 60 },
    // A run does what our tables say is still to do (nothing twice); it queues itself again when
    // another run holds the lease or Tripletex asked us to wait, so the queue never retries it.
    [LEDGER_QUEUE]: { retryLimit: 0, expireInSeconds: 30 * 60, deleteAfterSeconds: 7 * 24 * 60 * 60 },
    [VIPPS_FOLLOW_UP_QUEUE]: { retryLimit: 0, expireInSeconds: 300, deleteAfterSeconds: 24 * 60 * 60 },
    [RETENTION_QUEUE]: { retryLimit: 2, expireInSeconds: 15 * 60, deleteAfterSeconds: 7 * 24 * 60 * 60 },
    // A commit killed half-way left nothing (PostgreSQL: one transaction; PGlite: its steps are taken
    // back below, before any request); the queue runs it again once it expires.
    [MEMBER_IMPORT_QUEUE]: { retryLimit: 2, expireInSeconds: 15 * 60, deleteAfterSeconds: 7 * 24 * 60 * 60 },
    // Each step of an undo moves the import's mark in its own transaction, so a retry, a second run or
    // the run queued again at start goes on after the last step written and reverses nothing twice.
    [MEMBER_IMPORT_UNDO_QUEUE]: { retryLimit: 3, retryDelay: 30, expireInSeconds: 30 * 60, deleteAfterSeconds: 7 * 24 * 60 * 60 },
    [MEMBER_IMPORT_WELCOME_QUEUE]: { retryLimit: 3, retryDelay: 30, expireInSeconds: 10 * 60, deleteAfterSeconds: 24 * 60 * 60 },
    // A run marks each recipient with their message in the transaction that queues it, so a retry
    // after a killed worker (back within two minutes) goes on with those still pending and sends nobody twice.
    [OUTREACH_QUEUE]: { retryLimit: 5, retryDelay: 30, expireInSeconds: 2 * 60, deleteAfterSeconds: 7 * 24 * 60 * 60 },
    [OUTREACH_DUE_QUEUE]: { retryLimit: 1, expireInSeconds: 5 * 60, deleteAfterSeconds: 24 * 60 * 60 },
    // Each reminder is claimed with its mail in one transaction, so a retry or a second run sends none twice.
    [VALUATION_REMINDER_QUEUE]: { retryLimit: 2, expireInSeconds: 15 * 60, deleteAfterSeconds: 7 * 24 * 60 * 60 },
  });
  const readDocument = documentReader(services.documents);
  const { metrics } = services;
  const count = metrics ? metrics.message.bind(metrics) : undefined;
  await jobs.work(
    MAIL_QUEUE,
    mailWorker(
      db,
      services.mail,
      {
        invoice: (invoiceId) => invoiceAttachment(db, config, invoiceId),
        claim: (claimId) => claimAttachment(db, config, claimId, readDocument),
      },
      count,
    ),
  );
  await jobs.work(SMS_QUEUE, smsWorker(db, services.sms, count));
  await jobs.work(
    CLEANUP_QUEUE,
    async () => {
      await cleanUp(db);
      await foldListCountDeltas(db);
      await foldInvoiceTotals(db);
      // Stored document files no row names (a store that did not answer, an upload cut short, a cascade).
      await removeLeftoverFiles(db, services.documents);
      // PGlite has no autovacuum to keep its statistics (and the plans made on them) up with the tables.
      if (db.kind === 'pglite') await analyzeChangedTables(db);
    },
    5,
  );
  await jobs.schedule(CLEANUP_QUEUE, '17 * * * *');
  const tripletex = tripletexClientFor(config.tripletex);
  await jobs.work(
    REMINDER_QUEUE,
    async () => {
      // With Tripletex as the ledger the reminders run after a read-back of the invoices' status (the ledger job runs them).
      if (tripletex) await queueLedger(jobs, { readBack: true, reminders: true });
      else await runReminders(db, services.outbox, config);
    },
    5,
  );
  await jobs.schedule(REMINDER_QUEUE, '23 * * * *');
  await jobs.work<{ fileId: number }>(PAYMENT_FILE_QUEUE, async ({ fileId }) => {
    await bookPaymentFile(db, fileId);
    // The file's payments on Tripletex's invoices are registered there too.
    if (tripletex) await queueLedger(jobs);
  });
  await jobs.work<{ year: number }>(RENEWAL_QUEUE, async ({ year }) => {
    await runRenewal(db, { outbox: services.outbox, billing: config.billing }, year);
  });
  await resumeRenewals(db, jobs);
  await jobs.work<{ runId: number }>(TRIPLETEX_QUEUE, async ({ runId }) => {
    await runTripletexSync(db, tripletex, runId);
    // 'Synkroniser ordre' also sends the invoices not yet sent by Tripletex.
    if (tripletex) await queueLedger(jobs);
  });
  if (tripletex && config.tripletex) {
    const ledger = { paymentTypeId: config.tripletex.paymentTypeId };
    await jobs.work<LedgerJob>(LEDGER_QUEUE, async (data) => {
      const result = await runTripletexLedger(db, tripletex, ledger, { readBack: data.readBack === true });
      if (result.state === 'busy') return void (await queueLedger(jobs, data, undefined, 2));
      if (result.state === 'rate_limited') return void (await queueLedger(jobs, data, undefined, Math.ceil((result.retryAfterMs ?? 60_000) / 1000)));
      // Never to an invoice Tripletex says is paid: the reminders wait for a read-back that went through.
      if (data.reminders && result.readBack) await runReminders(db, services.outbox, config);
    });
    await jobs.schedule(LEDGER_QUEUE, statusCron(config.tripletex.statusMinutes), { readBack: true });
  } else {
    await jobs.unschedule(LEDGER_QUEUE);
  }
  await takeBackInterruptedImports(db);
  await jobs.work<{ importId: number }>(MEMBER_IMPORT_QUEUE, async ({ importId }) => {
    await runImport(db, jobs, importId);
  });
  await jobs.work<{ importId: number }>(MEMBER_IMPORT_UNDO_QUEUE, async ({ importId }) => {
    await runUndo(db, importId);
  });
  await resumeUndos(db, jobs);
  await jobs.work<{ importId: number; afterId: number }>(
    MEMBER_IMPORT_WELCOME_QUEUE,
    async (data) => {
      await sendWelcomeMails(db, jobs, services.outbox, config.publicUrl, config.importWelcomePerMinute, data);
    },
    5,
  );
  const delivery = {
    jobs,
    outbox: services.outbox,
    publicUrl: config.publicUrl,
    keys: services.keys,
    mailsPerMinute: config.outreachMailsPerMinute,
    smsPerMinute: config.outreachSmsPerMinute,
  };
  await jobs.work<OutreachJob>(OUTREACH_QUEUE, (data) => deliverOutreach(db, delivery, data));
  await jobs.work(
    OUTREACH_DUE_QUEUE,
    async () => {
      await startDueOutreaches(db, jobs);
      await restartStalledOutreaches(db, jobs);
    },
    5,
  );
  await jobs.schedule(OUTREACH_DUE_QUEUE, '* * * * *');
  if (services.vipps) {
    await jobs.work(VIPPS_FOLLOW_UP_QUEUE, vippsFollowUp(services), 5);
    await jobs.schedule(VIPPS_FOLLOW_UP_QUEUE, '*/2 * * * *');
  } else {
    await jobs.unschedule(VIPPS_FOLLOW_UP_QUEUE);
  }
  await startAgreementJobs(services);

  await jobs.work(
    RETENTION_QUEUE,
    async () => {
      await applyRetention(db, config.retention);
    },
    5,
  );
  await jobs.schedule(RETENTION_QUEUE, '43 3 * * *');

  // In the morning, when a member reads the mail the day it comes.
  await jobs.work(
    VALUATION_REMINDER_QUEUE,
    async () => {
      await runValuationReminders(db, services.outbox, config.publicUrl);
    },
    5,
  );
  await jobs.schedule(VALUATION_REMINDER_QUEUE, '7 9 * * *');

  // Only the embedded database needs our backups; a PostgreSQL server has its own.
  const interval = config.backup.intervalHours;
  if (db.kind === 'pglite' && interval > 0) {
    await jobs.work(
      BACKUP_QUEUE,
      async () => {
        await backupDatabase(db as PgliteDatabase, config.backup.dir, config.backup.keep);
      },
      5,
    );
    await jobs.schedule(BACKUP_QUEUE, `0 */${interval} * * *`);
  } else {
    await jobs.unschedule(BACKUP_QUEUE);
  }
}

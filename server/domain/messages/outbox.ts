/**
 * What the request side needs to hand a message or a job to the queue: the queue (only its
 * `send`), and which transport the message log will name (the configured one) for mail and for
 * SMS. Declared here, below `jobs/`, so the domain never imports the job queue's layer;
 * `jobs/queue.ts`'s `JobQueue` is what fills `jobs`.
 */
import type { MailTransport } from '../../adapters/mail.ts';
import type { SmsTransport } from '../../adapters/sms.ts';
import type { Queryable } from '../../db/database.ts';

/**
 * How long a job may run (expireInSeconds), and how often its worker must say it is alive
 * (heartbeatSeconds): without a word for that long, the job goes back to the queue.
 */
export interface JobTiming {
  expireInSeconds?: number;
  heartbeatSeconds?: number;
}

/** The part of the job queue a domain function uses: queue a job, in `tx` when given. */
export interface JobSender {
  send(name: string, data: object, tx?: Queryable, startAfterSeconds?: number): Promise<string>;
  /** Queues many jobs in one statement, in `tx` when given; `options` override the queue's for these jobs. */
  sendMany(name: string, data: readonly object[], tx?: Queryable, options?: JobTiming): Promise<void>;
}

export interface Outbox {
  jobs: JobSender;
  mail: MailTransport['delivery'];
  sms: SmsTransport['delivery'];
  /** The portal's sender (MAIL_FROM_NAME, MAIL_FROM_EMAIL): every mail's unless its template names another. */
  from: { name: string; email: string };
}

/**
 * The job data: the logged message's id and nothing else. The queue keeps its jobs for days, so
 * no address, name or secret goes in; the worker reads them from the message log (and the body as
 * sent, when it has a secret, from message_secrets).
 */
export interface MessageJob {
  messageId: number;
}

/**
 * A job for many logged messages at once: what a run queues (the reminders, the renewal's
 * invoices), one job per MESSAGE_BATCH messages instead of one each. Its worker sends them one
 * after the other and, when any failed, fails the job, so the queue's retry tries again only those
 * still queued.
 */
export interface MessageBatchJob {
  messageIds: number[];
}

export const MESSAGE_BATCH = 50;

/**
 * A batch's messages are sent one after the other, so its job may run far longer than one
 * message's (up to 15 minutes); its worker says it is alive every 15 seconds, so the job of a
 * worker killed mid-batch goes back to the queue after half a minute, as a single message's does.
 */
export const MESSAGE_BATCH_TIMING: JobTiming = { expireInSeconds: 15 * 60, heartbeatSeconds: 30 };

/** The jobs for logged messages, in `tx`: one per message for a single one, else one per MESSAGE_BATCH. */
export async function queueMessages(outbox: Outbox, queue: string, ids: readonly number[], tx: Queryable): Promise<void> {
  if (ids.length === 0) return;
  if (ids.length === 1) {
    await outbox.jobs.send(queue, { messageId: ids[0] } satisfies MessageJob, tx);
    return;
  }
  const batches: MessageBatchJob[] = [];
  for (let start = 0; start < ids.length; start += MESSAGE_BATCH) batches.push({ messageIds: ids.slice(start, start + MESSAGE_BATCH) });
  await outbox.jobs.sendMany(queue, batches, tx, MESSAGE_BATCH_TIMING);
}

export const MAIL_QUEUE = 'mail';
export const SMS_QUEUE = 'sms';

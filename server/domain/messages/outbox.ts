/**
 * What the request side needs to hand a message or a job to the queue: the queue (only its
 * `send`), and which transport the message log will name (the configured one) for mail and for
 * SMS. Declared here, below `jobs/`, so the domain never imports the job queue's layer;
 * `jobs/queue.ts`'s `JobQueue` is what fills `jobs`.
 */
import type { MailTransport } from '../../adapters/mail.ts';
import type { SmsTransport } from '../../adapters/sms.ts';
import type { Queryable } from '../../db/database.ts';

/** The part of the job queue a domain function uses: queue a job, in `tx` when given. */
export interface JobSender {
  send(name: string, data: object, tx?: Queryable, startAfterSeconds?: number): Promise<string>;
  /** Queues many jobs in one statement, in `tx` when given. */
  sendMany(name: string, data: readonly object[], tx?: Queryable): Promise<void>;
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

export const MAIL_QUEUE = 'mail';
export const SMS_QUEUE = 'sms';

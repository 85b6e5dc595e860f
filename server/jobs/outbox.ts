/**
 * What the request side needs to hand a message to the queue: the queue, and which transport
 * the message log will name (the configured one) for mail and for SMS.
 */
import type { MailTransport } from '../adapters/mail.ts';
import type { SmsTransport } from '../adapters/sms.ts';
import type { JobQueue, QueueSettings } from './queue.ts';

export interface Outbox {
  jobs: JobQueue;
  mail: MailTransport['delivery'];
  sms: SmsTransport['delivery'];
  /** The portal's sender (MAIL_FROM_NAME, MAIL_FROM_EMAIL): every mail's unless its template names another. */
  from: { name: string; email: string };
}

/** The job data: the logged message, plus the real body when the logged copy had a secret removed. */
export interface MessageJob {
  messageId: number;
  body?: string;
}

export const MAIL_QUEUE = 'mail';
export const SMS_QUEUE = 'sms';

/**
 * By default five attempts (MESSAGE_RETRIES) over about a minute with backoff; a job whose
 * worker died comes back after 30 s. Finished jobs (which may hold a reset link) are deleted
 * after an hour, when the link has expired anyway.
 */
export const MESSAGE_QUEUE: QueueSettings = {
  retryLimit: 4,
  retryDelay: 2,
  retryBackoff: true,
  retryDelayMax: 60,
  expireInSeconds: 30,
  deleteAfterSeconds: 60 * 60,
};

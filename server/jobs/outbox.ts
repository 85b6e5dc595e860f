/**
 * The message queues' settings. The outbox itself (what the request side hands messages to) is
 * declared in `domain/messages/outbox.ts`, re-exported here for the workers and the tests.
 */
import type { QueueSettings } from './queue.ts';

export { MAIL_QUEUE, MESSAGE_BATCH, SMS_QUEUE, type JobSender, type MessageBatchJob, type MessageJob, type Outbox } from '../domain/messages/outbox.ts';

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

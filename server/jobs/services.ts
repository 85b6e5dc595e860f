/**
 * The services object: declared here, below `plugins/`, so the queue's workers (start.ts,
 * vipps.ts) take it without importing a plugin. `plugins/services.ts` builds it
 * (`createServices`) and hands it to the routes as `app.services`.
 */
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { MailTransport } from '../adapters/mail.ts';
import type { SmsTransport } from '../adapters/sms.ts';
import type { ContentSource } from '../adapters/content.ts';
import type { PaymentGateway, RecurringGateway } from '../adapters/vipps.ts';
import type { IndexCheck } from '../db/index-check.ts';
import type { Keys } from '../lib/secret-key.ts';
import type { SessionCache } from '../lib/session-cache.ts';
import type { TokenOwner } from '../lib/tokens.ts';
import type { AccessLogWriter } from '../domain/accounts/access-log.ts';
import type { Outbox } from '../domain/messages/outbox.ts';
import type { DocumentStore } from '../domain/documents/store.ts';
import type { JobQueue } from './queue.ts';
import type { Metrics } from '../lib/metrics.ts';

/** What routes reach through `app.services`: settings, the database, the adapters and the job queue. */
export interface Services {
  config: Config;
  db: Database;
  /** Used by the queue's workers; requests queue messages through `outbox`. */
  mail: MailTransport;
  sms: SmsTransport;
  content: ContentSource;
  /** Vipps ePayment, the embedded test checkout, or null (production without VIPPS_* settings). */
  vipps: PaymentGateway | null;
  /** Vipps Recurring (agreements and charges), the test checkout's stand-in, or null, as `vipps`. */
  recurring: RecurringGateway | null;
  jobs: JobQueue;
  outbox: Outbox;
  /** The index check made at start-up; null when none was made (tests). */
  indexCheck: IndexCheck | null;
  /** The server's own key (two-factor secrets, device cookies). */
  keys: Keys;
  /** The access log's batch writer (domain/accounts/access-log.ts); flushed when the app closes. */
  accessLog: AccessLogWriter;
  /** Recently used tokens' accounts, on a database that announces their changes (PostgreSQL); else null. */
  sessions: SessionCache<TokenOwner> | null;
  /** The instruments' documents' bytes: files in DATA_DIR/documents, or S3 with S3_URL. */
  documents: DocumentStore;
  /** The Prometheus metrics (GET /metrics) when METRICS_TOKEN is set; else null and nothing is measured. */
  metrics: Metrics | null;
}

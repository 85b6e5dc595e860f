import fp from 'fastify-plugin';
import type { Services } from '../jobs/services.ts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { mailTransportFor } from '../adapters/mail.ts';
import { smsTransportFor } from '../adapters/sms.ts';
import { contentSourceFor } from '../adapters/content.ts';
import { outboxDir } from '../adapters/outbox-files.ts';
import { epaymentClient, recurringClient, type PaymentGateway, type RecurringGateway } from '../adapters/vipps.ts';
import { testAgreements } from '../adapters/vipps-test-agreements.ts';
import { testCheckout } from '../adapters/vipps-test-checkout.ts';
import { JobQueue } from '../jobs/queue.ts';
import { keysFor } from '../lib/secret-key.ts';
import { AccessLogWriter } from '../domain/accounts/access-log.ts';
import { SessionCache } from '../lib/session-cache.ts';
import { documentStoreFor } from '../domain/documents/store.ts';
import { Metrics } from '../lib/metrics.ts';

export type { Services } from '../jobs/services.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

async function services(app: FastifyInstance, options: { services: Services }) {
  app.decorate('services', options.services);
  app.addHook('onClose', async () => {
    await options.services.accessLog.flush();
  });
}

export default fp(services, { name: 'services' });

/**
 * The services a configuration asks for: real clients where configured, embedded defaults
 * otherwise. The job queue is made here and started by whoever runs the app (jobs/start.ts).
 */
export function createServices(config: Config, db: Database, overrides: Partial<Omit<Services, 'config' | 'db' | 'outbox'>> = {}): Services {
  const mail = overrides.mail ?? mailTransportFor(config.smtpUrl, outboxDir(config.dataDir));
  const sms = overrides.sms ?? smsTransportFor(config.sms, outboxDir(config.dataDir));
  const metrics = overrides.metrics !== undefined ? overrides.metrics : config.metricsToken ? new Metrics() : null;
  const jobs = overrides.jobs ?? new JobQueue(db, metrics);
  const vipps = overrides.vipps !== undefined ? overrides.vipps : vippsGatewayFor(config, db);
  return {
    config,
    db,
    mail,
    sms,
    content: overrides.content ?? contentSourceFor(config, db),
    vipps,
    recurring: overrides.recurring !== undefined ? overrides.recurring : recurringGatewayFor(config, db, vipps),
    jobs,
    outbox: { jobs, mail: mail.delivery, sms: sms.delivery, from: config.mailFrom },
    indexCheck: overrides.indexCheck ?? null,
    keys: overrides.keys ?? keysFor(config),
    accessLog: overrides.accessLog ?? new AccessLogWriter(db),
    sessions: overrides.sessions !== undefined ? overrides.sessions : db.sessionChanges ? new SessionCache(db.sessionChanges) : null,
    documents: overrides.documents ?? documentStoreFor(config),
    metrics,
  };
}

function vippsGatewayFor(config: Config, db: Database): PaymentGateway | null {
  if (config.vipps) return epaymentClient(config.vipps);
  return config.vippsTestCheckout ? testCheckout(db) : null;
}

/** The Recurring API with Vipps settings; the test checkout's agreements when the test checkout serves ePayment. */
function recurringGatewayFor(config: Config, db: Database, vipps: PaymentGateway | null): RecurringGateway | null {
  if (config.vipps) return recurringClient(config.vipps);
  return vipps?.kind === 'test-checkout' ? testAgreements(db) : null;
}

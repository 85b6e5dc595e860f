import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { mailTransportFor, type MailTransport } from '../adapters/mail.ts';
import { smsTransportFor, type SmsTransport } from '../adapters/sms.ts';
import { contentSourceFor, type ContentSource } from '../adapters/content.ts';

/** What routes reach through `app.services`: settings, the database and the adapters. */
export interface Services {
  config: Config;
  db: Database;
  mail: MailTransport;
  sms: SmsTransport;
  content: ContentSource;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

async function services(app: FastifyInstance, options: { services: Services }) {
  app.decorate('services', options.services);
}

export default fp(services, { name: 'services' });

/** The services a configuration asks for: real clients where configured, embedded defaults otherwise. */
export function createServices(config: Config, db: Database, overrides: Partial<Omit<Services, 'config' | 'db'>> = {}): Services {
  return {
    config,
    db,
    mail: overrides.mail ?? mailTransportFor(config.smtpUrl),
    sms: overrides.sms ?? smsTransportFor(config.sms),
    content: overrides.content ?? contentSourceFor(config, db),
  };
}

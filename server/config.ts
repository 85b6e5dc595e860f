/**
 * Every setting of the server, read from the environment once and validated.
 * Nothing else in server/ reads process.env, but for server/config-values.ts: the rules used
 * here, and the settings the supervisor (server/main.ts) reads before the server starts.
 * A section's rules are in a file of its own beside this one: config-read.ts (one setting),
 * config-network.ts, config-messages.ts, config-payments.ts, config-storage.ts, config-secrets.ts.
 */
import path from 'node:path';
import { ConfigError, flag, integer, supervisorSettings, type Env, type SupervisorSettings } from './config-values.ts';
import { email, restBase, text, url } from './config-read.ts';
import { trustProxy } from './config-network.ts';
import { countryCodes, smsGateway, type SmsGatewayConfig } from './config-messages.ts';
import { billing, tripletex, vippsSettings, type BillingConfig, type TripletexConfig, type VippsConfig } from './config-payments.ts';
import { s3Storage, type S3Config } from './config-storage.ts';
import { cardSigningKeys, metricsToken, secretKey, type CardSigningKey } from './config-secrets.ts';

export { ConfigError };
export type { BillingConfig, CardSigningKey, S3Config, SmsGatewayConfig, TripletexConfig, VippsConfig };

export interface Config extends SupervisorSettings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  demoData: boolean;
  publicUrl: string;
  /** Proxies in front: a hop count (0 = none) or the proxies' addresses. */
  trustProxy: number | string[];
  logLevel: string;
  staticDir: string;
  smtpUrl: string | null;
  mailFrom: { name: string; email: string };
  sms: SmsGatewayConfig | null;
  /** NODE_ENV=production: no test checkout. */
  production: boolean;
  vipps: VippsConfig | null;
  /** The embedded test checkout: only without Vipps settings and outside production. */
  vippsTestCheckout: boolean;
  contentUrl: string | null;
  /** rest_base of the content site's coupons post type. */
  contentCouponsPath: string;
  contentTimeoutMs: number;
  supportEmail: string;
  supportPhone: string;
  loginAttemptsPerMinute: number;
  loginAttemptsPerIpPerMinute: number;
  loginFailuresPerAccountPerHour: number;
  loginSuccessesPerIpPerMinute: number;
  /** Country calling codes the member card may be sent to by SMS (47: Norwegian mobiles only). */
  smsCountryCodes: string[];
  smsCardsPerHour: number;
  /** Embedded database only: where automatic and `npm run backup` copies go, how many are kept, how often (0: off), and whether a stop makes one. */
  backup: { dir: string; keep: number; intervalHours: number; atShutdown: boolean };
  /** How many times a failed mail or SMS is tried again (with growing pauses) before it is marked failed. */
  messageRetries: number;
  /** The accounting sync; null when Tripletex is not set up. */
  tripletex: TripletexConfig | null;
  /** Staff must use two-factor sign-in (STAFF_2FA_REQUIRED; on by default with NODE_ENV=production). */
  staffTwoFactorRequired: boolean;
  /** Encrypts two-factor secrets and signs device cookies; null: a key file in DATA_DIR is used. */
  secretKey: string | null;
  /** The longest wait between guesses at one account once it has had its hour's failures. */
  loginSlowdownMaxSeconds: number;
  /** CARD_SIGNING_KEY: Ed25519 keys for the card's and certificates' QR tokens (the first signs); empty: keys kept in the database. */
  cardSigningKeys: CardSigningKey[];
  /** The organisation's name on the member card and the certificates. */
  organisationName: string;
  /** Named on the insurance certificates. */
  insurerName: string;
  travelPolicyNumber: string;
  instrumentPolicyNumber: string;
  /** The insurer's claims address (INSURER_CLAIMS_EMAIL): a claim's packet is mailed there. */
  insurerClaimsEmail: string;
  /** How long personal data is kept before the retention job removes it (jobs/retention.ts). */
  retention: RetentionConfig;
  /** Welcome mails of a member import sent per minute (the pace the mail server accepts). */
  importWelcomePerMinute: number;
  /** A send to a group ('Utsendelser'): e-mails and SMS queued per minute (the pace the mail server and SMS gateway accept). */
  outreachMailsPerMinute: number;
  outreachSmsPerMinute: number;
  /** Below this much free space in DATA_DIR (bytes) the embedded database takes no writes; 0 turns the check off. */
  diskFreeMinBytes: number;
  /** The membership year's money: the account KID payments go to and the defaults of the days staff may change. */
  billing: BillingConfig;
  /** Where the instruments' documents are kept: S3 with S3_URL; null: files in DATA_DIR/documents. */
  s3: S3Config | null;
  /** METRICS_TOKEN: the bearer token Prometheus sends to GET /metrics; null: no /metrics (404). */
  metricsToken: string | null;
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const publicUrl = url(env, 'PUBLIC_URL', ['http:', 'https:']) ?? `http://localhost:${port}`;
  const dataDir = path.resolve(text(env, 'DATA_DIR', './data'));
  const production = env.NODE_ENV?.trim() === 'production';
  const vipps = vippsSettings(env);
  return {
    port,
    host: text(env, 'HOST', '127.0.0.1'),
    dataDir,
    databaseUrl: url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']),
    demoData: flag(env, 'DEMO_DATA', true),
    publicUrl: publicUrl.replace(/\/+$/, ''),
    trustProxy: trustProxy(env),
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    staticDir: path.resolve(text(env, 'STATIC_DIR', './dist')),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: {
      name: text(env, 'MAIL_FROM_NAME', 'Musikerportalen'),
      email: email(env, 'MAIL_FROM_EMAIL', 'post@example.no'),
    },
    sms: smsGateway(env),
    production,
    vipps,
    vippsTestCheckout: vipps === null && !production,
    contentUrl: url(env, 'CONTENT_URL', ['http:', 'https:']),
    contentCouponsPath: restBase(env, 'CONTENT_COUPONS_PATH', 'coupons'),
    contentTimeoutMs: integer(env, 'CONTENT_TIMEOUT_MS', 5000, 100, 60000),
    supportEmail: email(env, 'SUPPORT_EMAIL', 'post@example.no'),
    supportPhone: text(env, 'SUPPORT_PHONE', '22 00 00 00'),
    loginAttemptsPerMinute: integer(env, 'LOGIN_ATTEMPTS_PER_MINUTE', 5, 1, 1000),
    loginAttemptsPerIpPerMinute: integer(env, 'LOGIN_ATTEMPTS_PER_IP_PER_MINUTE', 30, 1, 100000),
    loginFailuresPerAccountPerHour: integer(env, 'LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR', 100, 1, 100000),
    loginSuccessesPerIpPerMinute: integer(env, 'LOGIN_SUCCESSES_PER_IP_PER_MINUTE', 600, 1, 100000),
    smsCountryCodes: countryCodes(env, 'SMS_COUNTRY_CODES', '47'),
    smsCardsPerHour: integer(env, 'SMS_CARDS_PER_HOUR', 100, 1, 100000),
    backup: {
      dir: path.resolve(text(env, 'BACKUP_DIR', path.join(path.dirname(dataDir), 'backups'))),
      keep: integer(env, 'BACKUP_KEEP', 14, 1, 1000),
      intervalHours: integer(env, 'BACKUP_INTERVAL_HOURS', 6, 0, 24),
      atShutdown: flag(env, 'BACKUP_AT_SHUTDOWN', true),
    },
    messageRetries: integer(env, 'MESSAGE_RETRIES', 4, 0, 20),
    tripletex: tripletex(env),
    staffTwoFactorRequired: flag(env, 'STAFF_2FA_REQUIRED', production),
    secretKey: secretKey(env),
    loginSlowdownMaxSeconds: integer(env, 'LOGIN_SLOWDOWN_MAX_SECONDS', 60, 1, 3600),
    cardSigningKeys: cardSigningKeys(env),
    organisationName: text(env, 'ORGANISATION_NAME', 'Musikerportalen'),
    insurerName: text(env, 'INSURER_NAME', 'Demo Forsikring ASA'),
    travelPolicyNumber: text(env, 'TRAVEL_POLICY_NUMBER', 'REISE-2026-0001'),
    instrumentPolicyNumber: text(env, 'INSTRUMENT_POLICY_NUMBER', 'INSTR-2026-0001'),
    insurerClaimsEmail: email(env, 'INSURER_CLAIMS_EMAIL', 'skade@example.no'),
    retention: {
      accessLogMonths: integer(env, 'ACCESS_LOG_MONTHS', 12, 1, 120),
      rejectedApplicationMonths: integer(env, 'RETENTION_REJECTED_MONTHS', 6, 1, 120),
      unfinishedRegistrationDays: integer(env, 'RETENTION_UNFINISHED_DAYS', 30, 1, 3650),
      messageBodyMonths: integer(env, 'RETENTION_MESSAGE_MONTHS', 24, 1, 240),
      // Bokføringsloven: the accounts are kept at least five years.
      erasedBookkeepingYears: integer(env, 'RETENTION_ERASED_YEARS', 5, 5, 30),
    },
    importWelcomePerMinute: integer(env, 'IMPORT_WELCOME_PER_MINUTE', 60, 1, 10000),
    outreachMailsPerMinute: integer(env, 'OUTREACH_MAILS_PER_MINUTE', 120, 1, 10000),
    outreachSmsPerMinute: integer(env, 'OUTREACH_SMS_PER_MINUTE', 60, 1, 10000),
    diskFreeMinBytes: integer(env, 'DISK_FREE_MIN_MB', 200, 0, 1_000_000) * 1024 * 1024,
    billing: billing(env),
    s3: s3Storage(env),
    metricsToken: metricsToken(env),
    // Read by server/main.ts before the server starts; checked here too, so a bad value stops the server with its message.
    ...supervisorSettings(env),
  };
}

export interface RetentionConfig {
  accessLogMonths: number;
  rejectedApplicationMonths: number;
  unfinishedRegistrationDays: number;
  messageBodyMonths: number;
  erasedBookkeepingYears: number;
}

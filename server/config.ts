/**
 * Every setting of the server, read from the environment once and validated.
 * Nothing else in server/ reads process.env, but for server/config-values.ts: the rules used
 * here, and the settings the supervisor (server/main.ts) reads before the server starts.
 */
import path from 'node:path';
import { isIP } from 'node:net';
import { createPrivateKey } from 'node:crypto';
import { EMAIL_PATTERN } from './schemas/rules.ts';
import { isValidAccountNumber } from './lib/kid.ts';
import { ConfigError, flag, integer, supervisorSettings, type Env, type SupervisorSettings } from './config-values.ts';

export { ConfigError };

export interface SmsGatewayConfig {
  url: string;
  username: string;
  password: string;
  source: string;
  platformId: string;
  platformPartnerId: string;
}

export interface TripletexConfig {
  /** The API's base, ending in /v2. */
  url: string;
  consumerToken: string;
  employeeToken: string;
  timeoutMs: number;
  /** TRIPLETEX_STATUS_MINUTES: how often the invoices' status is read back (default 60). */
  statusMinutes: number;
  /** TRIPLETEX_PAYMENT_TYPE_ID: the payment type the portal's payments are registered with; null: the first bank type Tripletex lists. */
  paymentTypeId: number | null;
  /** TRIPLETEX_INVOICE_URL: staff's link to an invoice in Tripletex, `{id}` replaced by its id; null: no link. */
  invoiceUrl: string | null;
}

/** Vipps MobilePay ePayment (quick checkout). */
export interface VippsConfig {
  /** https://apitest.vipps.no (test) or https://api.vipps.no (production). */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  subscriptionKey: string;
  merchantSerialNumber: string;
  /** The secret Vipps gave when our webhook was registered. */
  webhookSecret: string;
  timeoutMs: number;
}

/** S3-compatible object storage for the instruments' documents (domain/documents/store.ts). */
export interface S3Config {
  /** The server's address; buckets are addressed by path (S3_URL/bucket/key). */
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

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
  /** Embedded database only: where automatic and `npm run backup` copies go, how many are kept, how often (0: off). */
  backup: { dir: string; keep: number; intervalHours: number };
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

export interface BillingConfig {
  /** BANK_ACCOUNT: 11 digits, MOD11-checked; printed on every invoice and checked against an OCR file's assignment account. */
  bankAccount: string;
  /** Defaults for the settings staff change under Innstillinger (days). */
  invoiceDueDays: number;
  reminder1Days: number;
  reminder2Days: number;
  lapseDays: number;
  /** Whether Tripletex is the ledger (TRIPLETEX_* set): without it the portal mails each invoice itself. */
  tripletex: boolean;
}

export interface CardSigningKey {
  /** The key id the token carries, 1–255. */
  id: number;
  /** PKCS#8 DER, base64. */
  privateKey: string;
}

function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function optional(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = optional(env, name);
  if (raw === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, 'er ikke en gyldig adresse (URL)');
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `må begynne med ${protocols.map((p) => `${p}//`).join(' eller ')}`);
  }
  return raw;
}

function email(env: Env, name: string, fallback: string): string {
  const value = text(env, name, fallback);
  if (!EMAIL_PATTERN.test(value)) throw new ConfigError(name, 'er ikke en gyldig e-postadresse');
  return value;
}

function restBase(env: Env, name: string, fallback: string): string {
  const value = text(env, name, fallback).replace(/^\/+|\/+$/g, '');
  if (!/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/.test(value)) throw new ConfigError(name, `«${value}» er ikke en gyldig sti`);
  return value;
}

const PROXY_TRUE_REFUSED =
  '«true» ville stole på X-Forwarded-For fra hvem som helst, så en klient kunne velge sin egen IP-adresse og komme rundt ' +
  'grensene per IP. Oppgi antall proxyer foran serveren (for eksempel 1) eller proxyenes adresser (for eksempel 10.0.0.5,10.0.1.0/24).';

function proxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

function trustProxy(env: Env): number | string[] {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || raw.toLowerCase() === 'false') return 0;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) throw new ConfigError('TRUST_PROXY', 'må være et antall proxyer mellom 0 og 10 eller en liste med adresser');
    return hops;
  }
  if (raw.toLowerCase() === 'true') throw new ConfigError('TRUST_PROXY', PROXY_TRUE_REFUSED);
  const entries = raw.split(',').map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.find((entry) => !proxyAddress(entry));
  if (bad !== undefined) throw new ConfigError('TRUST_PROXY', `«${bad}» er verken et antall proxyer eller en IP-adresse (med eller uten /nettmaske)`);
  return entries;
}

function countryCodes(env: Env, name: string, fallback: string): string[] {
  const codes = text(env, name, fallback).split(',').map((code) => code.trim().replace(/^\+/, '')).filter(Boolean);
  const bad = codes.find((code) => !/^[1-9]\d{0,2}$/.test(code));
  if (bad !== undefined) throw new ConfigError(name, `«${bad}» er ikke en landskode (for eksempel 47 eller 46)`);
  if (codes.length === 0) throw new ConfigError(name, 'må ha minst én landskode');
  return codes;
}

function smsGateway(env: Env): SmsGatewayConfig | null {
  const gatewayUrl = url(env, 'SMS_URL', ['http:', 'https:']);
  if (gatewayUrl === null) return null;
  const required = (name: string) => {
    const value = optional(env, name);
    if (value === null) throw new ConfigError(name, 'må settes når SMS_URL er satt');
    return value;
  };
  const source = text(env, 'SMS_SOURCE', 'Musikere');
  if (!/^[A-Za-z][A-Za-z0-9 ]{1,10}$/.test(source)) {
    throw new ConfigError('SMS_SOURCE', 'må være 2–11 tegn og begynne med en bokstav');
  }
  return {
    url: gatewayUrl,
    username: required('SMS_USERNAME'),
    password: required('SMS_PASSWORD'),
    source,
    platformId: required('SMS_PLATFORM_ID'),
    platformPartnerId: required('SMS_PLATFORM_PARTNER_ID'),
  };
}

function tripletex(env: Env): TripletexConfig | null {
  const consumerToken = optional(env, 'TRIPLETEX_CONSUMER_TOKEN');
  const employeeToken = optional(env, 'TRIPLETEX_EMPLOYEE_TOKEN');
  if (consumerToken === null && employeeToken === null) return null;
  if (consumerToken === null) throw new ConfigError('TRIPLETEX_CONSUMER_TOKEN', 'må settes når TRIPLETEX_EMPLOYEE_TOKEN er satt');
  if (employeeToken === null) throw new ConfigError('TRIPLETEX_EMPLOYEE_TOKEN', 'må settes når TRIPLETEX_CONSUMER_TOKEN er satt');
  const base = url(env, 'TRIPLETEX_URL', ['http:', 'https:']) ?? 'https://tripletex.no/v2';
  return {
    url: base.replace(/\/+$/, ''),
    consumerToken,
    employeeToken,
    timeoutMs: integer(env, 'TRIPLETEX_TIMEOUT_MS', 15000, 100, 120000),
    statusMinutes: statusMinutes(env),
    paymentTypeId: optional(env, 'TRIPLETEX_PAYMENT_TYPE_ID') === null ? null : integer(env, 'TRIPLETEX_PAYMENT_TYPE_ID', 0, 1, 2 ** 31 - 1),
    invoiceUrl: invoiceUrl(env),
  };
}

/** Minutes between read-backs: a divisor of 60 (every N minutes) or whole hours dividing a day. */
function statusMinutes(env: Env): number {
  const minutes = integer(env, 'TRIPLETEX_STATUS_MINUTES', 60, 5, 1440);
  if (minutes < 60 ? 60 % minutes !== 0 : minutes % 60 !== 0 || 24 % (minutes / 60) !== 0) {
    throw new ConfigError('TRIPLETEX_STATUS_MINUTES', 'må gå opp i en time (5, 10, 15, 20, 30 eller 60) eller være hele timer som går opp i et døgn (120, 180, 240, 360, 480, 720, 1440)');
  }
  return minutes;
}

function invoiceUrl(env: Env): string | null {
  const raw = url(env, 'TRIPLETEX_INVOICE_URL', ['https:', 'http:']);
  if (raw !== null && !raw.includes('{id}')) throw new ConfigError('TRIPLETEX_INVOICE_URL', 'må inneholde {id}, der fakturaens id i Tripletex settes inn');
  return raw;
}

const VIPPS_HOSTS = { test: 'https://apitest.vipps.no', production: 'https://api.vipps.no' } as const;

function vippsSettings(env: Env): VippsConfig | null {
  const names = ['VIPPS_CLIENT_ID', 'VIPPS_CLIENT_SECRET', 'VIPPS_SUBSCRIPTION_KEY', 'VIPPS_MERCHANT_SERIAL_NUMBER', 'VIPPS_WEBHOOK_SECRET'];
  if (names.every((name) => optional(env, name) === null)) return null;
  const required = (name: string) => {
    const value = optional(env, name);
    if (value === null) throw new ConfigError(name, `må settes sammen med ${names.filter((other) => other !== name).join(', ')}`);
    return value;
  };
  const host = text(env, 'VIPPS_ENVIRONMENT', 'test').toLowerCase();
  const explicit = url(env, 'VIPPS_API_URL', ['http:', 'https:']);
  if (!explicit && host !== 'test' && host !== 'production') throw new ConfigError('VIPPS_ENVIRONMENT', 'må være test eller production');
  const merchantSerialNumber = required('VIPPS_MERCHANT_SERIAL_NUMBER');
  if (!/^\d{4,10}$/.test(merchantSerialNumber)) throw new ConfigError('VIPPS_MERCHANT_SERIAL_NUMBER', 'må være et salgsstednummer (bare sifre)');
  return {
    apiUrl: (explicit ?? VIPPS_HOSTS[host as keyof typeof VIPPS_HOSTS]).replace(/\/+$/, ''),
    clientId: required('VIPPS_CLIENT_ID'),
    clientSecret: required('VIPPS_CLIENT_SECRET'),
    subscriptionKey: required('VIPPS_SUBSCRIPTION_KEY'),
    merchantSerialNumber,
    webhookSecret: required('VIPPS_WEBHOOK_SECRET'),
    timeoutMs: integer(env, 'VIPPS_TIMEOUT_MS', 10000, 100, 60000),
  };
}

function s3Storage(env: Env): S3Config | null {
  const names = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
  const endpoint = url(env, 'S3_URL', ['http:', 'https:']);
  if (endpoint === null) {
    const stray = [...names, 'S3_REGION'].find((name) => optional(env, name) !== null);
    if (stray) throw new ConfigError('S3_URL', `må settes når ${stray} er satt (uten S3_URL lagres dokumentene i DATA_DIR/documents)`);
    return null;
  }
  const required = (name: string) => {
    const value = optional(env, name);
    if (value === null) throw new ConfigError(name, 'må settes når S3_URL er satt');
    return value;
  };
  const bucket = required('S3_BUCKET');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..')) {
    throw new ConfigError('S3_BUCKET', `«${bucket}» er ikke et gyldig navn på en bøtte (3–63 tegn: små bokstaver, sifre, punktum og bindestrek)`);
  }
  const region = text(env, 'S3_REGION', 'us-east-1');
  if (!/^[a-z0-9-]{2,40}$/.test(region)) throw new ConfigError('S3_REGION', `«${region}» er ikke en region (for eksempel us-east-1 eller eu-north-1)`);
  return {
    url: endpoint.replace(/\/+$/, ''),
    bucket,
    accessKeyId: required('S3_ACCESS_KEY_ID'),
    secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
    region,
  };
}

function secretKey(env: Env): string | null {
  const value = optional(env, 'SECRET_KEY');
  if (value !== null && value.length < 32) throw new ConfigError('SECRET_KEY', 'må være minst 32 tegn (for eksempel fra openssl rand -base64 32)');
  return value;
}

/** A bearer token (RFC 6750's characters), long enough not to be guessed. */
function metricsToken(env: Env): string | null {
  const value = optional(env, 'METRICS_TOKEN');
  if (value === null) return null;
  if (!/^[A-Za-z0-9._~+/=-]+$/.test(value)) throw new ConfigError('METRICS_TOKEN', 'kan bare ha bokstaver a–z, sifre og tegnene . _ ~ + / = - (for eksempel fra openssl rand -hex 32)');
  if (value.length < 24) throw new ConfigError('METRICS_TOKEN', 'må være minst 24 tegn (for eksempel fra openssl rand -hex 32)');
  return value;
}

function billing(env: Env): BillingConfig {
  const bankAccount = text(env, 'BANK_ACCOUNT', '15031234562').replace(/[\s.]/g, '');
  if (!isValidAccountNumber(bankAccount)) {
    throw new ConfigError('BANK_ACCOUNT', 'må være et kontonummer med 11 sifre og riktig kontrollsiffer (MOD11)');
  }
  const reminder1Days = integer(env, 'REMINDER_1_DAYS', 14, 1, 365);
  const reminder2Days = integer(env, 'REMINDER_2_DAYS', 28, 1, 365);
  const lapseDays = integer(env, 'LAPSE_DAYS', 60, 1, 730);
  if (reminder2Days <= reminder1Days) throw new ConfigError('REMINDER_2_DAYS', 'må være flere dager enn REMINDER_1_DAYS');
  if (lapseDays <= reminder2Days) throw new ConfigError('LAPSE_DAYS', 'må være flere dager enn REMINDER_2_DAYS');
  return {
    bankAccount,
    invoiceDueDays: integer(env, 'INVOICE_DUE_DAYS', 14, 1, 120),
    reminder1Days,
    reminder2Days,
    lapseDays,
    tripletex: tripletex(env) !== null,
  };
}

/** `id:base64` entries (PKCS#8 DER of an Ed25519 private key), comma separated; the first signs, all verify. */
function cardSigningKeys(env: Env): CardSigningKey[] {
  const raw = optional(env, 'CARD_SIGNING_KEY');
  if (raw === null) return [];
  const keys = raw.split(',').map((entry) => entry.trim()).filter(Boolean).map((entry) => {
    const match = /^(\d{1,3}):([A-Za-z0-9+/_-]+={0,2})$/.exec(entry);
    if (!match || Number(match[1]) < 1 || Number(match[1]) > 255) {
      throw new ConfigError('CARD_SIGNING_KEY', 'må være nøkkel-id (1–255), kolon og en Ed25519-nøkkel i PKCS#8 (base64), for eksempel 1:MC4CAQAwBQYDK2VwBCIEI…');
    }
    try {
      const key = createPrivateKey({ key: Buffer.from(match[2], 'base64'), format: 'der', type: 'pkcs8' });
      if (key.asymmetricKeyType !== 'ed25519') throw new Error('not ed25519');
    } catch {
      throw new ConfigError('CARD_SIGNING_KEY', `nøkkel ${match[1]} er ikke en Ed25519-nøkkel i PKCS#8 (base64)`);
    }
    return { id: Number(match[1]), privateKey: match[2] };
  });
  if (new Set(keys.map((key) => key.id)).size !== keys.length) throw new ConfigError('CARD_SIGNING_KEY', 'samme nøkkel-id står to ganger');
  return keys;
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

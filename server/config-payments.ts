/** The money's settings: Tripletex, Vipps and the membership year's billing. */
import { isValidAccountNumber } from './lib/kid.ts';
import { ConfigError, integer, type Env } from './config-values.ts';
import { optional, text, url } from './config-read.ts';

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

export function tripletex(env: Env): TripletexConfig | null {
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
    throw new ConfigError(
      'TRIPLETEX_STATUS_MINUTES',
      'må gå opp i en time (5, 10, 15, 20, 30 eller 60) eller være hele timer som går opp i et døgn (120, 180, 240, 360, 480, 720, 1440)',
    );
  }
  return minutes;
}

function invoiceUrl(env: Env): string | null {
  const raw = url(env, 'TRIPLETEX_INVOICE_URL', ['https:', 'http:']);
  if (raw !== null && !raw.includes('{id}')) throw new ConfigError('TRIPLETEX_INVOICE_URL', 'må inneholde {id}, der fakturaens id i Tripletex settes inn');
  return raw;
}

const VIPPS_HOSTS = { test: 'https://apitest.vipps.no', production: 'https://api.vipps.no' } as const;

export function vippsSettings(env: Env): VippsConfig | null {
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

export function billing(env: Env): BillingConfig {
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

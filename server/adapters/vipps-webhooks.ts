/** Webhook deliveries, signed as Vipps signs them (ePayment's and the Recurring API's events alike). */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface WebhookDelivery {
  method: string;
  /** The path and query the delivery was posted to, as received. */
  pathAndQuery: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const headerOf = (headers: WebhookDelivery['headers'], name: string): string => {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
};

const contentHash = (body: string) => createHash('sha256').update(body, 'utf8').digest('base64');

const signature = (secret: string, method: string, pathAndQuery: string, date: string, host: string, hash: string) =>
  createHmac('sha256', secret).update(`${method}\n${pathAndQuery}\n${date};${host};${hash}`, 'utf8').digest('base64');

/** The headers Vipps sends with a delivery of `body` to `host` + `pathAndQuery`. */
export function signWebhook(secret: string, host: string, pathAndQuery: string, body: string, date = new Date()): Record<string, string> {
  const hash = contentHash(body);
  const xMsDate = date.toUTCString();
  return {
    host,
    'content-type': 'application/json',
    'x-ms-date': xMsDate,
    'x-ms-content-sha256': hash,
    authorization: `HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=${signature(secret, 'POST', pathAndQuery, xMsDate, host, hash)}`,
  };
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** True when the delivery carries Vipps' signature over exactly this body. */
export function verifyWebhook(secret: string, delivery: WebhookDelivery): boolean {
  const hash = headerOf(delivery.headers, 'x-ms-content-sha256');
  const date = headerOf(delivery.headers, 'x-ms-date');
  const host = headerOf(delivery.headers, 'host');
  const match = /^HMAC-SHA256 SignedHeaders=x-ms-date;host;x-ms-content-sha256&Signature=(.+)$/.exec(headerOf(delivery.headers, 'authorization'));
  if (!match || !hash || !date || !host) return false;
  if (!sameText(hash, contentHash(delivery.body))) return false;
  return sameText(match[1], signature(secret, delivery.method.toUpperCase(), delivery.pathAndQuery, date, host, hash));
}

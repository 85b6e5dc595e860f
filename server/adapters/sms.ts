/**
 * SMS adapter: LINK Mobility's HTTP gateway when SMS_URL is set; otherwise the message is
 * written to the outbox directory, like mail without SMTP.
 */
import type { SmsGatewayConfig } from '../config.ts';
import { toE164 } from '../lib/phone.ts';
import { writeOutboxFile } from './outbox-files.ts';

export interface OutgoingSms {
  /** A Norwegian number (8 digits, spaces allowed) or an international one starting with +. */
  to: string;
  text: string;
}

export interface SmsTransport {
  /** How the message log records a message this transport handled. */
  readonly delivery: 'sms_gateway' | 'outbox';
  send(sms: OutgoingSms): Promise<void>;
}

export class SmsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsError';
  }
}

export function outboxSmsTransport(dir: string): SmsTransport {
  return {
    delivery: 'outbox',
    async send(sms) {
      await writeOutboxFile(dir, { channel: 'sms', to: sms.to, text: sms.text });
    },
  };
}

/** LINK Mobility answers this result code when it has accepted the message. */
const QUEUED = 1005;
const TIMEOUT_MS = 10_000;

export function linkMobilityTransport(gateway: SmsGatewayConfig): SmsTransport {
  const endpoint = `${gateway.url.replace(/\/+$/, '')}/sms/send`;
  const authorization = `Basic ${Buffer.from(`${gateway.username}:${gateway.password}`).toString('base64')}`;
  return {
    delivery: 'sms_gateway',
    async send(sms) {
      const destination = toE164(sms.to);
      if (!destination) throw new SmsError(`Ugyldig telefonnummer: ${sms.to}`);
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            source: gateway.source,
            destination,
            userData: sms.text,
            platformId: gateway.platformId,
            platformPartnerId: gateway.platformPartnerId,
            ignoreResponse: false,
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (cause) {
        throw new SmsError(`SMS-tjenesten svarte ikke: ${cause instanceof Error ? cause.message : String(cause)}`);
      }
      const body = (await response.json().catch(() => null)) as { resultCode?: number; description?: string } | null;
      if (response.status !== 200 || body?.resultCode !== QUEUED) {
        const description = body?.description ?? response.statusText;
        throw new SmsError(`SMS-tjenesten avviste meldingen (HTTP ${response.status}, ${body?.resultCode ?? '-'}): ${description}`);
      }
    },
  };
}

export const smsTransportFor = (gateway: SmsGatewayConfig | null, outboxDir: string): SmsTransport =>
  gateway ? linkMobilityTransport(gateway) : outboxSmsTransport(outboxDir);

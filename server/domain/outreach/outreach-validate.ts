/**
 * What a send must hold before it can be saved (and again before it is sent): Norwegian messages
 * by field, as the rest of the API answers 422.
 *
 * The placeholders are the ones every template knows (the member's name). A link to one of the
 * portal's own token routes (a password link, an e-mail check, an unsubscribe link) is refused:
 * a send goes to many members, and such a link in it would hand one person's token to all of them,
 * or teach members to follow portal links from bulk mail (the lesson of the template takeover).
 */
import { htmlToText } from '../../lib/html.ts';
import { RULE_MESSAGES } from '../../schemas/rules.ts';
import { smsParts } from './sms-parts.ts';
import type { OutreachChannel } from './outreach-model.ts';
import type { OutreachKind } from './consent-kinds.ts';
import { stopText } from './outreach-content.ts';

export const OUTREACH_PLACEHOLDERS = ['first_name', 'last_name'] as const;
export const OUTREACH_LIMITS = { subject: 200, body: 100_000, smsParts: 6 } as const;

/** The paths of the portal's pages and API routes that take a token. */
const TOKEN_PATHS = ['/password/change', '/verify/', '/unsubscribe/', '/api/unsubscribe/', '/profile/reset-password', '/api/user/password'];
const TOKEN_PARAMS = ['token', 'enrol', 'code'];

export const OUTREACH_MESSAGES = {
  segment: 'Velg et utvalg som finnes',
  subjectLength: `Emnet kan være høyst ${OUTREACH_LIMITS.subject} tegn`,
  bodyLength: 'Teksten kan være høyst 100 000 tegn',
  smsParts: (parts: number) => `SMS-en blir ${parts} deler med stopp-teksten; høyst ${OUTREACH_LIMITS.smsParts} er tillatt`,
  placeholder: (names: string[]) => `Ukjent flettefelt: ${names.map((name) => `{${name}}`).join(', ')}`,
  sendAtPast: 'Tidspunktet har allerede vært. Velg et senere tidspunkt, eller send nå.',
  sendAtInvalid: 'Ugyldig tidspunkt',
  tokenLink: 'Lenker til portalens engangslenker (passord, bekreftelse, avmelding) kan ikke stå i en utsendelse.',
} as const;

export interface DraftFields {
  segment_id: number;
  kind: OutreachKind;
  channel: OutreachChannel;
  subject: string;
  body: string;
  sms_text: string | null;
  send_at: string | null;
}

const hasEmail = (channel: OutreachChannel) => channel !== 'sms';
const hasSms = (channel: OutreachChannel) => channel !== 'email';

function unknownPlaceholders(text: string): string[] {
  const used = [...text.matchAll(/\{\s*([A-Za-z_]\w*)\s*\}/g)].map((match) => match[1]);
  return [...new Set(used.filter((name) => !(OUTREACH_PLACEHOLDERS as readonly string[]).includes(name)))];
}

/** Every address the text links to: the HTML's href attributes and any address written out. */
function addressesIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) found.push(match[1] ?? match[2] ?? match[3]);
  for (const match of text.matchAll(/\bhttps?:\/\/[^\s"'<>]+/gi)) found.push(match[0]);
  return found.map((address) => address.replace(/&amp;/g, '&'));
}

/** Whether a link goes to one of the portal's token routes (relative links are the portal's own). */
export function linksToTokenRoute(text: string, publicUrl: string): boolean {
  const portal = new URL(publicUrl);
  return addressesIn(text).some((address) => {
    let url: URL;
    try {
      url = new URL(address.trim(), portal);
    } catch {
      return false;
    }
    if (url.host.toLowerCase() !== portal.host.toLowerCase()) return false;
    const path = decodeURIComponent(url.pathname).toLowerCase();
    return TOKEN_PATHS.some((prefix) => path.startsWith(prefix)) || TOKEN_PARAMS.some((name) => url.searchParams.has(name));
  });
}

/** The problems with a draft, by field (empty when it is fine). `now` is when it is checked. */
export function draftErrors(fields: DraftFields, publicUrl: string, now = new Date()): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (hasEmail(fields.channel)) {
    if (fields.subject.trim() === '') add('subject', RULE_MESSAGES.fillIn);
    else if (fields.subject.length > OUTREACH_LIMITS.subject) add('subject', OUTREACH_MESSAGES.subjectLength);
    if (htmlToText(fields.body).trim() === '') add('body', RULE_MESSAGES.fillIn);
    else if (fields.body.length > OUTREACH_LIMITS.body) add('body', OUTREACH_MESSAGES.bodyLength);
  }
  if (hasSms(fields.channel)) {
    const text = fields.sms_text ?? '';
    if (text.trim() === '') add('sms_text', RULE_MESSAGES.fillIn);
    else {
      // Counted with the stop text an optional kind ends with (its link as long as any real one).
      const { parts } = smsParts(text + stopText(fields.kind, publicUrl, '1234567.2.1234567.abcdefghijklmnopqrstuv'));
      if (parts > OUTREACH_LIMITS.smsParts) add('sms_text', OUTREACH_MESSAGES.smsParts(parts));
    }
  }
  const texts = { subject: fields.subject, body: fields.body, sms_text: fields.sms_text ?? '' };
  for (const [field, text] of Object.entries(texts)) {
    const unknown = unknownPlaceholders(text);
    if (unknown.length > 0) add(field, OUTREACH_MESSAGES.placeholder(unknown));
    if (linksToTokenRoute(text, publicUrl)) add(field, OUTREACH_MESSAGES.tokenLink);
  }
  if (fields.send_at !== null) {
    const at = new Date(fields.send_at);
    if (Number.isNaN(at.getTime())) add('send_at', OUTREACH_MESSAGES.sendAtInvalid);
    else if (at.getTime() < now.getTime()) add('send_at', OUTREACH_MESSAGES.sendAtPast);
  }
  return errors;
}

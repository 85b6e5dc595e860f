/**
 * A send's message as one person gets it: the placeholders filled in (escaped in the HTML), and
 * for the optional kinds the way out: a visible link at the bottom of the mail and the one-click
 * address the List-Unsubscribe header carries (RFC 8058), or a short stop text at the end of an
 * SMS. Mails of the required kind say instead why the member gets them regardless.
 */
import type { Keys } from '../../lib/secret-key.ts';
import { escapeHtml } from '../../lib/html.ts';
import { renderMailHtml } from '../../lib/mail-html.ts';
import { fillTemplate } from '../messages/messages.ts';
import type { OutreachKind } from './consent-kinds.ts';
import { unsubscribeApiUrl, unsubscribePageUrl, unsubscribeToken } from './unsubscribe-token.ts';

export interface ContentPerson {
  /** The member the unsubscribe link is for. */
  id: number;
  first_name: string;
  last_name: string;
}

export interface ContentContext {
  publicUrl: string;
  keys: Keys;
  /** The kind's name as members know it. */
  kindLabel: string;
}

export interface OutreachText {
  id: number;
  kind: OutreachKind;
  subject: string;
  body: string;
  sms_text: string | null;
}

export const REQUIRED_FOOTER = 'Dette er nødvendig informasjon om medlemskapet ditt, og sendes til alle medlemmer.';
export const UNSUBSCRIBE_WORDS = 'Meld deg av';

/** An SMS's last line for an optional kind ('' for the required one). */
export const stopText = (kind: OutreachKind, publicUrl: string, token: string): string =>
  kind === 'required' ? '' : `\nStopp: ${unsubscribePageUrl(publicUrl, token)}`;

const tokenFor = (outreach: OutreachText, person: ContentPerson, keys: Keys): string | null =>
  outreach.kind === 'required' ? null : unsubscribeToken(keys, { memberId: person.id, kind: outreach.kind, outreachId: outreach.id });

const names = (person: ContentPerson) => ({ first_name: person.first_name, last_name: person.last_name });

function footer(kind: OutreachKind, context: ContentContext, token: string | null): string {
  const style = 'color:#555555';
  if (token === null) return `<hr><p style="${style}">${escapeHtml(REQUIRED_FOOTER)}</p>`;
  const href = escapeHtml(unsubscribePageUrl(context.publicUrl, token));
  return (
    `<hr><p style="${style}">Du får denne e-posten fordi du har sagt ja til «${escapeHtml(context.kindLabel)}». ` +
    `<a href="${href}">${UNSUBSCRIBE_WORDS}</a></p>`
  );
}

export interface RenderedMail {
  subject: string;
  html: string;
  /** The one-click address (List-Unsubscribe), null for the required kind. */
  listUnsubscribe: string | null;
}

export function outreachMail(outreach: OutreachText, person: ContentPerson, context: ContentContext): RenderedMail {
  const values = names(person);
  const token = tokenFor(outreach, person, context.keys);
  // The body is sanitised with the values in it; the footer, the server's own, comes after.
  const body = renderMailHtml(outreach.body, (html) => fillTemplate(html, values, true), null);
  return {
    subject: fillTemplate(outreach.subject, values, false),
    html: body + footer(outreach.kind, context, token),
    listUnsubscribe: token === null ? null : unsubscribeApiUrl(context.publicUrl, token),
  };
}

export function outreachSms(outreach: OutreachText, person: ContentPerson, context: ContentContext): string {
  const token = tokenFor(outreach, person, context.keys);
  return fillTemplate(outreach.sms_text ?? '', names(person), false) + (token === null ? '' : stopText(outreach.kind, context.publicUrl, token));
}

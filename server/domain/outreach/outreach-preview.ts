/**
 * Before sending: the send as one member would get it, with how many it reaches and how many are
 * left out by reason, and a test sent to the signed-in staff user's own address (and phone).
 */
import type { Database, Queryable } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/http-errors.ts';
import type { Keys } from '../../lib/secret-key.ts';
import { norwegianMobile } from '../../lib/phone.ts';
import type { OutreachPreview } from '../../schemas/outreach.ts';
import type { Outbox } from '../messages/outbox.ts';
import { sendMail } from '../messages/messages.ts';
import { sendSms } from '../messages/sms.ts';
import { kindLabels } from './consent-kinds.ts';
import { countAudience, firstRecipient } from './outreach-audience.ts';
import { outreachMail, outreachSms, type ContentPerson } from './outreach-content.ts';
import { groupFilter, outreachRecord, type OutreachRecord } from './outreach-model.ts';

export interface OutreachContext {
  publicUrl: string;
  keys: Keys;
}

const PLACEHOLDER_PERSON: ContentPerson = { id: 0, first_name: '{first_name}', last_name: '{last_name}' };

async function member(db: Queryable, id: number): Promise<ContentPerson | null> {
  const [row] = await db.query<ContentPerson>('SELECT id, first_name, last_name FROM accounts WHERE id = $1 AND role_id IN (1, 2) AND erased_at IS NULL', [id]);
  return row ?? null;
}

/** The mail and SMS of the send for one person, as they would get them. */
export async function rendered(db: Queryable, outreach: OutreachRecord, person: ContentPerson, context: OutreachContext) {
  const kindLabel = (await kindLabels(db))[outreach.kind];
  const content = { ...context, kindLabel };
  return {
    mail: outreach.channel === 'sms' ? null : outreachMail(outreach, person, content),
    sms: outreach.channel === 'email' ? null : outreachSms(outreach, person, content),
  };
}

/** The send filled in for the member (default: its first recipient by name); 404 for no such member. */
export async function previewOutreach(db: Queryable, id: number, memberId: number | undefined, context: OutreachContext): Promise<OutreachPreview> {
  const outreach = await outreachRecord(db, id);
  const filter = await groupFilter(db, outreach);
  const { recipients, excluded } = await countAudience(db, outreach, filter);
  const chosen = memberId ?? (await firstRecipient(db, outreach, filter));
  const person = chosen === null ? null : await member(db, chosen);
  if (memberId !== undefined && person === null) throw notFound();
  const { mail, sms } = await rendered(db, outreach, person ?? PLACEHOLDER_PERSON, context);
  return {
    member: person ? { id: person.id, name: `${person.first_name} ${person.last_name}` } : null,
    subject: mail?.subject ?? outreach.subject,
    body: mail?.html ?? '',
    sms_text: sms,
    recipients,
    excluded,
  };
}

export const TEST_MESSAGES = {
  noPhone: 'Du har ikke et norsk mobilnummer å sende test-SMS til. Legg det inn på din egen profil.',
  sent: (to: string[]) => `Testen er sendt til ${to.join(' og ')}.`,
} as const;

/**
 * Sends the send once to the signed-in staff user, with their own name and '[Test] ' before the
 * subject: by mail, and by SMS too when the channel has SMS and they have a mobile number. Logged
 * like every message, not as part of the send (its report counts members only).
 */
export async function sendOutreachTest(db: Database, outbox: Outbox, id: number, staffId: number, context: OutreachContext): Promise<{ message: string }> {
  const outreach = await outreachRecord(db, id);
  const [staff] = await db.query<ContentPerson & { email: string; phone: string | null }>(
    'SELECT id, first_name, last_name, email, phone FROM accounts WHERE id = $1',
    [staffId],
  );
  const phone = norwegianMobile(staff.phone);
  if (outreach.channel === 'sms' && phone === null) throw new HttpError(422, { message: TEST_MESSAGES.noPhone, errors: { phone: [TEST_MESSAGES.noPhone] } });
  const { mail, sms } = await rendered(db, outreach, staff, context);
  const to: string[] = [];
  await db.transaction(async (tx) => {
    if (mail) {
      await sendMail(tx, outbox, {
        to: staff.email,
        subject: `[Test] ${mail.subject}`,
        html: mail.html,
        fromName: null,
        fromEmail: null,
        memberId: null,
        senderId: staffId,
        listUnsubscribe: mail.listUnsubscribe,
      });
      to.push(staff.email);
    }
    if (sms !== null && phone !== null) {
      await sendSms(tx, outbox, { to: phone, text: sms, subject: `[Test] ${outreach.subject || 'SMS'}`, memberId: null, senderId: staffId });
      to.push(phone);
    }
  });
  return { message: TEST_MESSAGES.sent(to) };
}

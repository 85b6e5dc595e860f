/**
 * Whether a member card may go out by SMS, to which number, and with what text. An SMS costs
 * money and carries the organisation's name, so it goes only to accepted members, only to
 * allowed countries (Norwegian mobiles by default), within limits per member, per number and
 * overall; and the member's own name in it is cut short and can never make a link.
 */
import type { Queryable } from '../../db/database.ts';
import type { Config } from '../../config.ts';
import { forbidden, notFound, validationFailed } from '../../lib/http-errors.ts';
import { htmlToText } from '../../lib/html.ts';
import { reserve } from '../../lib/rate-limit.ts';
import { RULE_MESSAGES, SMS_PHONE_MIN_LENGTH } from '../../schemas/rules.ts';
import type { Outbox } from '../messages/outbox.ts';
import { fillTemplate, templateBySlug } from '../messages/messages.ts';
import { sendSms } from '../messages/sms.ts';
import { norwegian } from '../../lib/language.ts';
import { PROOF_TEXTS } from './proof-texts.ts';

const PHONE_REQUIRED = RULE_MESSAGES.smsRequired;
const PHONE_TOO_SHORT = RULE_MESSAGES.smsMin;
const TEXTS = norwegian(PROOF_TEXTS);
const PHONE_NOT_ALLOWED = TEXTS.phoneNorwegianOnly;
const PHONE_NOT_ALLOWED_ABROAD = TEXTS.phoneNotAllowed;
const CODE_MISSING = TEXTS.codeMissing;
const NOT_ACCEPTED = TEXTS.notAccepted;
const CARDS_PER_MEMBER_PER_HOUR = 3;
const CARDS_PER_NUMBER_PER_HOUR = 3;
/** Long enough for nearly every first name, too short to carry a message of its own. */
const NAME_LENGTH_IN_SMS = 20;

export type CardRules = Pick<Config, 'smsCountryCodes' | 'smsCardsPerHour' | 'publicUrl'>;

export interface MemberCardSms {
  to: string;
  text: string;
  subject: string;
}

/** The gateway's form (+ and country code) of a number the rules allow, or null. */
function allowedDestination(phone: string, countryCodes: string[]): string | null {
  const compact = phone.replace(/[\s\-().]/g, '').replace(/^00/, '+');
  const international = /^\d{8}$/.test(compact) ? `+47${compact}` : compact;
  if (!/^\+\d{8,15}$/.test(international)) return null;
  const country = countryCodes.find((code) => international.startsWith(`+${code}`));
  if (country === undefined) return null;
  // Norwegian numbers must be mobile numbers: 8 digits starting with 4 or 9.
  if (country === '47' && !/^\+47[49]\d{7}$/.test(international)) return null;
  return international;
}

/** Letters, spaces, hyphens and apostrophes only (no dots, slashes or digits: no link), cut short. */
function nameForSms(name: string): string {
  const letters = name
    .replace(/[^\p{L}\p{M} '-]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  return [...letters].slice(0, NAME_LENGTH_IN_SMS).join('').trim();
}

function phoneErrors(phone: string, countryCodes: string[]): string[] {
  if (phone === '') return [PHONE_REQUIRED];
  if (phone.replace(/\D/g, '').length < SMS_PHONE_MIN_LENGTH) return [PHONE_TOO_SHORT];
  if (!allowedDestination(phone, countryCodes)) {
    return [countryCodes.length === 1 && countryCodes[0] === '47' ? PHONE_NOT_ALLOWED : PHONE_NOT_ALLOWED_ABROAD];
  }
  return [];
}

export interface CardHolder {
  id: number;
  first_name: string;
  remote_id: number | null;
  campaign_code: string | null;
  accepted: boolean;
}

/** The member (role 1 or 2) with this id and whether staff have accepted them, or null. */
export async function findCardHolder(db: Queryable, memberId: number): Promise<CardHolder | null> {
  const [member] = await db.query<CardHolder>(
    `SELECT a.id, a.first_name, a.remote_id, c.code AS campaign_code,
            (a.role_id = 2 AND a.status = '1' AND EXISTS (
               SELECT 1 FROM subscriptions s
                WHERE s.member_id = a.id AND s.kind = 'membership' AND s.state = 'active' AND s.deleted_at IS NULL)) AS accepted
       FROM accounts a LEFT JOIN campaigns c ON c.id = a.campaign_id
      WHERE a.id = $1 AND a.role_id IN (1, 2)`,
    [memberId],
  );
  return member ?? null;
}

/**
 * Checks every rule, counts the card against the limits and answers the SMS to send;
 * throws the answer for the member when a rule says no.
 */
export async function memberCardSms(db: Queryable, rules: CardRules, memberId: number, rawPhone: string | undefined): Promise<MemberCardSms> {
  const member = await findCardHolder(db, memberId);
  if (!member) throw notFound();
  const phone = rawPhone?.trim() ?? '';
  const phoneProblems = phoneErrors(phone, rules.smsCountryCodes);
  if (phoneProblems.length > 0) throw validationFailed({ phone_number: phoneProblems });
  if (!member.campaign_code) throw validationFailed({ campaign_code: [CODE_MISSING] });
  if (!member.accepted) throw forbidden(NOT_ACCEPTED);

  await reserve(db, `send-card:member:${memberId}`, 60 * 60, CARDS_PER_MEMBER_PER_HOUR);
  await reserve(db, `send-card:number:${allowedDestination(phone, rules.smsCountryCodes)}`, 60 * 60, CARDS_PER_NUMBER_PER_HOUR);
  await reserve(db, 'send-card:all', 60 * 60, rules.smsCardsPerHour);

  const template = await templateBySlug(db, 'member-card');
  const values = {
    first_name: nameForSms(member.first_name),
    member_number: member.remote_id === null ? 'under behandling' : String(member.remote_id),
    campaign_code: member.campaign_code,
  };
  // The digital card (with its QR code) is one tap away: the link opens the member's own card on Min side.
  const text = `${fillTemplate(htmlToText(template.content), values, false)}\nMedlemskortet med QR-kode: ${rules.publicUrl}/profile/card`;
  return { to: phone.replace(/[\s-]/g, ''), text, subject: template.title };
}

/** Queues the member card by SMS when the rules above allow it; answers the message log's id. */
export async function sendMemberCard(
  db: Queryable,
  outbox: Outbox,
  rules: CardRules,
  card: { memberId: number; phone: string | undefined; senderId: number },
): Promise<number> {
  const sms = await memberCardSms(db, rules, card.memberId, card.phone);
  return sendSms(db, outbox, { ...sms, memberId: card.memberId, senderId: card.senderId });
}

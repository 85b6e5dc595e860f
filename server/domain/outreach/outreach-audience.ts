/**
 * Who a send reaches: the group's members now, each either a recipient on a channel or left out
 * for the first reason that applies: erased, blocked, without the kind's consent, or without an
 * address for the send's channel (no e-mail, or the import's stand-in address; no Norwegian
 * mobile number for SMS; neither for e-mail with SMS). The same conditions are checked again for
 * each recipient when their message is made (outreach-delivery.ts).
 */
import type { Queryable } from '../../db/database.ts';
import { SqlParams } from '../../lib/sql.ts';
import type { Excluded } from '../../schemas/outreach.ts';
import type { SegmentFilter } from '../../schemas/segments.ts';
import { NO_EMAIL_DOMAIN } from '../members/member-import-model.ts';
import type { OutreachKind } from './consent-kinds.ts';
import type { OutreachChannel } from './outreach-model.ts';
import { membersOf } from './segment-filter.ts';

/** An address mail can go to: not empty and not the stand-in the import gives members without one. */
export const EMAIL_OK = `(a.email LIKE '%_@_%' AND lower(a.email) NOT LIKE '%@${NO_EMAIL_DOMAIN}')`;
/** A Norwegian mobile number as lib/phone.ts `norwegianMobile` takes it (spaces, dashes, dots and brackets ignored). */
export const PHONE_OK = `(regexp_replace(coalesce(a.phone, ''), '[[:space:]().-]', '', 'g') ~ '^([+]47|0047)?[49][0-9]{7}$')`;

/** Whether the member (a) has the kind's consent now; the required kind needs none. */
export const consentOf = (kind: OutreachKind): string => (kind === 'required' ? 'TRUE' : kind === 'newsletter_2' ? 'a.newsletter_2' : 'a.newsletter_3');

/** The channel a member's message goes by, NULL when they have no address for the send's. */
function channelOf(channel: OutreachChannel): string {
  if (channel === 'email') return `CASE WHEN ${EMAIL_OK} THEN 'email' END`;
  if (channel === 'sms') return `CASE WHEN ${PHONE_OK} THEN 'sms' END`;
  return `CASE WHEN ${EMAIL_OK} THEN 'email' WHEN ${PHONE_OK} THEN 'sms' END`;
}

/** Why the member may not get the message now, NULL when they may (given the channel chosen). */
export const exclusionOf = (kind: OutreachKind, channel: string): string => `CASE
  WHEN a.erased_at IS NOT NULL THEN 'erased'
  WHEN a.blocked_access THEN 'blocked'
  WHEN NOT (${consentOf(kind)}) THEN 'no_consent'
  WHEN (${channel}) IS NULL THEN 'no_address' END`;

export interface Audience {
  kind: OutreachKind;
  channel: OutreachChannel;
}

/** Every member the group's filter matches (the erased too), with the reason left out or their channel. */
function classified(audience: Audience, filter: SegmentFilter, params: SqlParams): string {
  const channel = channelOf(audience.channel);
  return `SELECT a.id AS member_id, a.first_name, a.last_name, ${channel} AS channel, ${exclusionOf(audience.kind, channel)} AS excluded
    ${membersOf(filter, params, { erased: true })}`;
}

export interface AudienceCount {
  recipients: number;
  excluded: Excluded;
}

export async function countAudience(db: Queryable, audience: Audience, filter: SegmentFilter): Promise<AudienceCount> {
  const params = new SqlParams();
  const [row] = await db.query<AudienceCount['excluded'] & { recipients: number }>(
    `SELECT count(*) FILTER (WHERE excluded IS NULL)::int AS recipients,
            count(*) FILTER (WHERE excluded = 'erased')::int AS erased,
            count(*) FILTER (WHERE excluded = 'blocked')::int AS blocked,
            count(*) FILTER (WHERE excluded = 'no_consent')::int AS no_consent,
            count(*) FILTER (WHERE excluded = 'no_address')::int AS no_address
       FROM (${classified(audience, filter, params)}) c`,
    params.values,
  );
  const { recipients, ...excluded } = row;
  return { recipients, excluded };
}

/** The first recipient by name (the preview's default), or null when there is none. */
export async function firstRecipient(db: Queryable, audience: Audience, filter: SegmentFilter): Promise<number | null> {
  const params = new SqlParams();
  const [row] = await db.query<{ member_id: number }>(
    `SELECT member_id FROM (${classified(audience, filter, params)}) c WHERE excluded IS NULL
      ORDER BY last_name, first_name, member_id LIMIT 1`,
    params.values,
  );
  return row?.member_id ?? null;
}

/**
 * Writes the send's recipients in one statement, each with the channel their message goes by;
 * answers how many. Run in the transaction that starts the send.
 */
export async function materialiseRecipients(tx: Queryable, outreachId: number, audience: Audience, filter: SegmentFilter): Promise<number> {
  const params = new SqlParams();
  const id = params.add(outreachId);
  const [{ count }] = await tx.query<{ count: number }>(
    `WITH added AS (
       INSERT INTO outreach_recipients (outreach_id, member_id, channel)
       SELECT ${id}::int, member_id, channel FROM (${classified(audience, filter, params)}) c WHERE excluded IS NULL
       RETURNING 1)
     SELECT count(*)::int AS count FROM added`,
    params.values,
  );
  return count;
}

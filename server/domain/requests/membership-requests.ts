/**
 * What accepting, rejecting and reopening a membership application does (see
 * subscription-requests.ts, which has locked the subscription row and changed its state), the
 * declined list and one application as its page shows it.
 *
 * Accepting makes the applicant a member (role 2) with the next member number, starts the
 * membership and mails the welcome template; rejecting gives the account status '2' with the
 * reason, time and staff user, and mails the reason when asked; reopening makes it pending
 * again. Each writes the member's change history; the mails go through the message log. The
 * member number is taken from the sequence only here, after the lock is won, so a refused
 * second accept uses none.
 */
import type { Queryable } from '../../db/database.ts';
import type { DeclinedMembership, MembershipRequest } from '../../schemas/pending-requests.ts';
import { searchCondition } from '../members/member-list.ts';
import { sendRejectionMail, sendTemplate } from '../messages/messages.ts';
import { norwegianDate, todayInOslo } from '../shared/oslo-date.ts';
import { personJson } from '../shared/person-json.ts';
import type { PendingQueue } from './pending-requests.ts';
import type { RequestContext, RequestEffects } from './request-machine.ts';
import { nextMemberNumber } from '../members/member-numbers.ts';
import { invoiceRestOfYear } from '../billing/first-invoice.ts';

interface Applicant {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role_id: number;
  remote_id: number | null;
  status: string;
  membership_start_date: string | null;
  reason_for_rejection: string | null;
}

async function lockApplicant(tx: Queryable, memberId: number): Promise<Applicant> {
  const [applicant] = await tx.query<Applicant>(
    `SELECT id, email, first_name, last_name, role_id, remote_id, status,
            to_char(membership_start_date, 'YYYY-MM-DD') AS membership_start_date, reason_for_rejection
       FROM accounts WHERE id = $1 FOR UPDATE`,
    [memberId],
  );
  if (!applicant) throw new Error(`Søknad uten konto: ${memberId}`);
  return applicant;
}

type Changes = Partial<Record<keyof Applicant, unknown>>;

/** Sets the account's fields and writes what changed to its change history. */
async function changeApplicant(tx: Queryable, applicant: Applicant, staffId: number, values: Changes, extraSql = ''): Promise<void> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [field, value] of Object.entries(values)) {
    const old = applicant[field as keyof Applicant] ?? null;
    if (old !== value) changes[field] = [old, value];
  }
  const fields = Object.keys(values);
  const sets = fields.map((field, index) => `"${field}" = $${index + 2}`);
  await tx.query(`UPDATE accounts SET ${[...sets, extraSql].filter(Boolean).join(', ')}, updated_at = now() WHERE id = $1`, [
    applicant.id,
    ...Object.values(values),
  ]);
  if (Object.keys(changes).length > 0) {
    await tx.query('INSERT INTO member_changes (member_id, changed_by, changes) VALUES ($1, $2, $3)', [applicant.id, staffId, JSON.stringify(changes)]);
  }
}

async function accept({ tx, outbox, staffId, row, billing }: RequestContext): Promise<void> {
  const applicant = await lockApplicant(tx, row.member_id);
  const remoteId = applicant.remote_id ?? (await nextMemberNumber(tx));
  const start = applicant.membership_start_date ?? todayInOslo();
  await changeApplicant(
    tx,
    applicant,
    staffId,
    {
      role_id: 2,
      remote_id: remoteId,
      status: '1',
      membership_start_date: start,
      reason_for_rejection: null,
    },
    `validated_at = now(), validated_by = ${Number(staffId)}, rejected_at = NULL, rejected_by = NULL`,
  );
  await tx.query('UPDATE subscriptions SET subscription_start = coalesce(subscription_start, $2::date) WHERE id = $1', [row.id, start]);
  await sendTemplate(tx, outbox, 'welcome', applicant, {
    values: { member_number: String(remoteId) },
    senderId: staffId,
  });
  // The first invoice: the rest of the year, with the campaign's benefit and any active cover
  // (mailed after the welcome, so the welcome is the first mail the new member reads).
  await invoiceRestOfYear(tx, { memberId: applicant.id, membershipSubscriptionId: row.id, actorId: staffId, today: todayInOslo(), billing, outbox });
}

async function reject({ tx, outbox, staffId, row, reason, sendEmail }: RequestContext & { reason: string; sendEmail: boolean }): Promise<void> {
  const applicant = await lockApplicant(tx, row.member_id);
  await changeApplicant(tx, applicant, staffId, { status: '2', reason_for_rejection: reason }, `rejected_at = now(), rejected_by = ${Number(staffId)}`);
  if (sendEmail) await sendRejectionMail(tx, outbox, 'membership', applicant, reason, staffId);
}

async function reopen({ tx, staffId, row }: RequestContext): Promise<void> {
  const applicant = await lockApplicant(tx, row.member_id);
  await changeApplicant(tx, applicant, staffId, { status: '1', reason_for_rejection: null }, 'rejected_at = NULL, rejected_by = NULL');
}

export const membershipEffects: RequestEffects = { accept, reject, reopen };

/**
 * The rejection mail of a request, from the message log: the e-mail to the applicant logged by
 * the rejecting staff user in the same minute as the rejection (the reject writes both at once).
 */
const REJECTION_MAIL = `LEFT JOIN LATERAL (
    SELECT ml.id, ml.sent_at, ml.status FROM message_log ml
     WHERE ml.member_id = s.member_id AND ml.channel = 'email' AND s.rejected_at IS NOT NULL
       AND ml.sender_id IS NOT DISTINCT FROM s.rejected_by
       AND ml.sent_at >= s.rejected_at AND ml.sent_at < s.rejected_at + interval '1 minute'
     ORDER BY ml.id DESC LIMIT 1) mail ON TRUE`;

/**
 * The campaign, the probable duplicate and who rejected are read by scalar look-ups rather than
 * joins: the page's rows are few, and a join of seven tables costs the planner more than the rows
 * cost to read (in PGlite's WebAssembly, some 20 ms per page).
 */
const DUPLICATE = `(SELECT json_build_object(
  'id', d.id, 'remote_id', d.remote_id, 'first_name', d.first_name, 'last_name', d.last_name)
  FROM accounts d WHERE d.id = a.possible_duplicate_of)`;

const REQUEST_COLUMNS = `s.id, s.member_id, json_build_object(
    'id', a.id, 'remote_id', a.remote_id, 'first_name', a.first_name, 'last_name', a.last_name, 'email', a.email,
    'phone', a.phone, 'address', a.address, 'postal_code', a.postal_code, 'postal_area', a.postal_area,
    'artist_name', a.artist_name) AS member,
  s.created_at, a.status AS member_status, (SELECT c.code FROM campaigns c WHERE c.id = a.campaign_id) AS campaign_code,
  ${DUPLICATE} AS possible_duplicate,
  s.reason_for_rejection, s.rejected_at, (SELECT ${personJson('rb')} FROM accounts rb WHERE rb.id = s.rejected_by) AS rejected_by,
  mail.sent_at AS mail_sent_at, mail.status AS mail_status`;

const REQUEST_FROM = `FROM subscriptions s JOIN accounts a ON a.id = s.member_id
  ${REJECTION_MAIL}`;

/** 'Avvist' when the member's status is '2' (rejected), as the declined page's STATUS column. */
export const declinedStatus = (memberStatus: string): string => (memberStatus === '2' ? 'Avvist' : '');

/** The declined membership applications, newest rejection first. */
export const declinedMemberships: PendingQueue<DeclinedMembership> = {
  list: {
    filters: { name: searchCondition },
    search: 'name',
    sorts: {
      id: 's.id',
      created_at: 's.created_at',
      rejected_at: 's.rejected_at',
      name: "lower(a.first_name || ' ' || a.last_name)",
      phone: 'a.phone',
      artist_name: 'a.artist_name',
    },
    defaultSort: '-rejected_at',
    tieBreaker: 's.id',
    counter: 'declined-memberships',
  },
  // The page's subscriptions are found on the two tables alone; the campaign, the duplicate, who
  // rejected and the rejection mail are then read for those rows only (and for the export's batches).
  from: `FROM subscriptions s JOIN accounts a ON a.id = s.member_id
         WHERE s.kind = 'membership' AND s.state = 'rejected' AND s.deleted_at IS NULL AND a.role_id IN (1, 2) AND a.erased_at IS NULL`,
  keyFirst: { key: 's.id', table: REQUEST_FROM.replace(/^FROM /, '') },
  key: 's.id',
  columns: REQUEST_COLUMNS,
  filename: 'avviste-medlemskap.csv',
  csv: [
    { header: 'Fornavn', value: (row) => row.member.first_name },
    { header: 'Etternavn', value: (row) => row.member.last_name },
    { header: 'E-post', value: (row) => row.member.email },
    { header: 'Mobil', value: (row) => row.member.phone },
    { header: 'Artist/band', value: (row) => row.member.artist_name },
    { header: 'Kampanje', value: (row) => row.campaign_code },
    { header: 'Søkt', value: (row) => norwegianDate(row.created_at), kind: 'date' },
    { header: 'Status', value: (row) => declinedStatus(row.member_status) },
    { header: 'Avvist', value: (row) => norwegianDate(row.rejected_at), kind: 'date' },
    { header: 'Sendt', value: (row) => norwegianDate(row.mail_sent_at), kind: 'date' },
    { header: 'Utført av', value: (row) => (row.rejected_by ? `${row.rejected_by.first_name} ${row.rejected_by.last_name}` : '') },
  ],
};

/** One membership application in any state, as the declined request's page shows it; null when there is none. */
export async function membershipRequest(db: Queryable, id: number): Promise<MembershipRequest | null> {
  const [row] = await db.query<MembershipRequest>(
    `SELECT ${REQUEST_COLUMNS}, s.state, s.validated_at
       ${REQUEST_FROM}
      WHERE s.id = $1 AND s.kind = 'membership' AND s.deleted_at IS NULL AND a.role_id IN (1, 2)`,
    [id],
  );
  return row ?? null;
}

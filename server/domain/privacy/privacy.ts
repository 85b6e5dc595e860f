/**
 * A member's rights over their data: everything the portal holds about them (the export), the
 * erasure of their personal data, and the record of their newsletter consents.
 *
 * Erasure keeps the account row under its id and member number with every personal field
 * empty, and what the accounts must keep (subscriptions with products, amounts, dates and
 * accounting references; invoices, payments and credits under the member number; Vipps payments
 * without the payer). The retention job deletes those
 * rows RETENTION_ERASED_YEARS after the erasure. The member number is never given again: numbers
 * come from a sequence, and the row keeps it for as long as it exists.
 */
import type { Database, Queryable } from '../../db/database.ts';
import { notFound, validationFailed } from '../../lib/http-errors.ts';
import { SUBSCRIPTION_SELECT, withStatus } from '../insurance/subscriptions.ts';
import { accessLogOf } from '../accounts/access-log.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { eraseFromImports } from '../members/member-import-erasure.ts';
import { eraseMemberDocuments } from '../documents/documents.ts';
import { claimsOf, invoicesOf } from './export-records.ts';

export type ConsentSource = 'sign-up' | 'min-side' | 'staff' | 'unsubscribe';
const CONSENTS = ['newsletter_2', 'newsletter_3'] as const;

/**
 * Records the newsletter consents among `changes` (field → [old, new]) with where they were made,
 * and for an unsubscribe link the send whose message carried it (`outreachId`; a send since
 * deleted is recorded as none).
 */
export async function recordConsentChanges(
  tx: Queryable,
  memberId: number,
  changes: Record<string, [unknown, unknown]>,
  source: ConsentSource,
  changedBy: number | null,
  outreachId: number | null = null,
): Promise<void> {
  for (const consent of CONSENTS) {
    const change = changes[consent];
    if (!change || change[0] === change[1]) continue;
    await tx.query(
      `INSERT INTO consent_changes (member_id, consent, given, source, changed_by, outreach_id)
       VALUES ($1, $2, $3, $4, $5, (SELECT id FROM outreaches WHERE id = $6))`,
      [memberId, consent, change[1] === true, source, changedBy, outreachId],
    );
  }
}

export const WRONG_NUMBER = 'Medlemsnummeret stemmer ikke med medlemmet. Skriv inn medlemsnummeret for å bekrefte.';

/** The personal fields emptied by erasure (and null in the answer afterwards). */
export const PERSONAL_FIELDS = [
  'email',
  'first_name',
  'last_name',
  'phone',
  'address',
  'postal_code',
  'postal_area',
  'birthdate',
  'artist_name',
  'invoice_method',
  'invoice_email',
  'invoice_name',
  'invoice_phone',
  'invoice_address',
  'invoice_postal_code',
  'invoice_postal_area',
  'reason_for_rejection',
] as const;

/**
 * Erases the member's personal data when `typed` is their member number (or, for an applicant
 * without one, their id); otherwise 422. Answers false for no such member.
 */
export async function eraseMember(db: Database, memberId: number, typed: string | number, staffId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [member] = await tx.query<{ id: number; remote_id: number | null; email: string | null; phone: string | null; erased_at: Date | null }>(
      'SELECT id, remote_id, email, phone, erased_at FROM accounts WHERE id = $1 AND role_id IN (1, 2) FOR UPDATE',
      [memberId],
    );
    if (!member) return false;
    const expected = String(member.remote_id ?? member.id);
    if (String(typed).trim() !== expected) throw validationFailed({ member_number: [WRONG_NUMBER] }, { message: WRONG_NUMBER });
    if (member.erased_at) return true;
    const today = todayInOslo();
    const email = member.email?.toLowerCase() ?? null;
    const phone = member.phone ?? null;

    // Their rows in the imported files (found by what they are and were: before the account and its history go).
    await eraseFromImports(tx, memberId);
    // Their claims go whole: what happened, where, the note and the snapshot of the register name
    // them, and nothing of a claim is bookkeeping. First, so the documents the claims hold may go too.
    await tx.query('DELETE FROM claims WHERE member_id = $1', [memberId]);
    // Whatever was sent to them or names them outside the account row; a mail not yet sent takes
    // its secret with it (message_secrets), and its job, which names only the message, finds nothing.
    await tx.query(
      `DELETE FROM message_log
        WHERE member_id = $1 OR ($2::text IS NOT NULL AND lower(email_to) = $2) OR ($3::text IS NOT NULL AND email_to = $3)`,
      [memberId, email, phone],
    );
    await tx.query('DELETE FROM access_tokens WHERE account_id = $1', [memberId]);
    // The login goes with the person: two-factor keys, recovery codes and open sign-in challenges.
    await tx.query('DELETE FROM sign_in_challenges WHERE account_id = $1', [memberId]);
    await tx.query('DELETE FROM two_factor_recovery_codes WHERE account_id = $1', [memberId]);
    await tx.query('DELETE FROM two_factor WHERE account_id = $1', [memberId]);
    if (email) await tx.query('DELETE FROM password_resets WHERE lower(email) = $1', [email]);
    await tx.query(
      `DELETE FROM rate_limits WHERE ($1::text IS NOT NULL AND position($1 in lower(key)) > 0)
                               OR ($2::text IS NOT NULL AND position($2 in key) > 0)`,
      [email, phone],
    );
    await tx.query('DELETE FROM consent_changes WHERE member_id = $1', [memberId]);
    await tx.query(
      `UPDATE vipps_test_payments SET payer = NULL
        WHERE reference IN (SELECT reference FROM vipps_registrations WHERE member_id = $1)`,
      [memberId],
    );
    await tx.query(
      `UPDATE vipps_test_agreements SET payer = NULL
        WHERE id IN (SELECT vipps_agreement_id FROM vipps_registrations WHERE member_id = $1)`,
      [memberId],
    );
    await tx.query('UPDATE vipps_registrations SET payer = NULL, error = NULL WHERE member_id = $1', [memberId]);

    // Receipts, appraisals and photos go whole (their stored files after the commit: privacy-actions.ts).
    await eraseMemberDocuments(tx, memberId);
    // Instruments keep type, make, model, value and dates; not serial numbers or free text.
    // A request still waiting is closed: no one is left to answer.
    await tx.query(
      `UPDATE instruments SET serial_number = NULL, requested_change = NULL, reason_for_rejection = NULL,
              state = CASE WHEN state = 'requested' THEN 'rejected' ELSE state END, updated_at = now()
        WHERE member_id = $1`,
      [memberId],
    );
    await tx.query(
      `UPDATE instrument_iterations SET snapshot = snapshot - 'serial_number' - 'requested_change' - 'reason_for_rejection'
        WHERE instrument_id IN (SELECT id FROM instruments WHERE member_id = $1)`,
      [memberId],
    );
    // Subscriptions stay for the accounts: waiting ones are cancelled, running ones end today.
    await tx.query(
      `UPDATE subscriptions
          SET reason_for_rejection = NULL, accepted_cover = NULL,
              state = CASE state WHEN 'pending' THEN 'cancelled' WHEN 'active' THEN 'ended' ELSE state END,
              cancelled_at = CASE WHEN state = 'pending' THEN now() ELSE cancelled_at END,
              cancelled_by = CASE WHEN state = 'pending' THEN $2 ELSE cancelled_by END,
              subscription_end = CASE WHEN state = 'active'
                                      THEN greatest(coalesce(subscription_start, $3::date), least(coalesce(subscription_end, $3::date), $3::date))
                                      ELSE subscription_end END,
              updated_at = now()
        WHERE member_id = $1`,
      [memberId, staffId, today],
    );
    await tx.query(
      `UPDATE subscription_iterations SET snapshot = snapshot - 'reason_for_rejection'
        WHERE subscription_id IN (SELECT id FROM subscriptions WHERE member_id = $1)`,
      [memberId],
    );
    // Invoices, payments and credits stay under the member number for the bookkeeping; the free
    // text staff wrote beside them (a payment's note, why reminders wait) may name the person.
    await tx.query(`UPDATE invoice_payments SET note = NULL WHERE note IS NOT NULL AND invoice_id IN (SELECT id FROM invoices WHERE member_id = $1)`, [
      memberId,
    ]);
    await tx.query('UPDATE invoices SET reminders_paused_reason = NULL WHERE member_id = $1 AND reminders_paused_reason IS NOT NULL', [memberId]);
    await tx.query('UPDATE accounts SET possible_duplicate_of = NULL WHERE possible_duplicate_of = $1', [memberId]);
    await tx.query(
      `UPDATE accounts
          SET ${PERSONAL_FIELDS.map((field) => `${field} = NULL`).join(', ')},
              password_hash = NULL, gender = 3, primary_instrument_type = 1, newsletter_2 = false, newsletter_3 = false,
              possible_duplicate_of = NULL, blocked_access = true, erased_at = now(), updated_at = now()
        WHERE id = $1`,
      [memberId],
    );
    // The change history keeps who erased and when, not what was there.
    await tx.query('DELETE FROM member_changes WHERE member_id = $1', [memberId]);
    await tx.query(
      `INSERT INTO member_changes (member_id, changed_by, changes)
       VALUES ($1, $2, jsonb_build_object('erased_at', jsonb_build_array(NULL, now())))`,
      [memberId, staffId],
    );
    return true;
  });
}

export interface MemberExport {
  exported_at: string;
  member: Record<string, unknown>;
  subscriptions: Record<string, unknown>[];
  instruments: Record<string, unknown>[];
  messages: Record<string, unknown>[];
  consents: Record<string, unknown>[];
  change_history: Record<string, unknown>[];
  access_log: Record<string, unknown>[];
  /** The instruments' receipts, appraisals and photos (their files are in the zip beside it, `file` names each). */
  documents: (Record<string, unknown> & { id: number; file: string; storage_key?: string })[];
  /** Invoices with their lines and payments (øre). */
  invoices: Record<string, unknown>[];
  /** Claims ('Skademelding') with their history. */
  claims: Record<string, unknown>[];
}

/** Everything the portal holds about the member, or null for no such member. */
export async function memberExportData(db: Queryable, memberId: number): Promise<MemberExport | null> {
  const [member] = await db.query<Record<string, unknown>>(
    `SELECT a.id, a.remote_id AS member_number, a.role_id, a.email, a.first_name, a.last_name, a.phone, a.address,
            a.postal_code, a.postal_area, a.birthdate, a.gender, a.artist_name, a.primary_instrument_type,
            ic.title AS primary_instrument, a.invoice_method, a.invoice_email, a.invoice_name, a.invoice_phone,
            a.invoice_address, a.invoice_postal_code, a.invoice_postal_area, a.newsletter_1, a.newsletter_2,
            a.newsletter_3, a.status, a.blocked_access, a.registration_completed, a.is_previous_member,
            c.code AS campaign_code, a.reason_for_rejection, a.rejected_at, a.validated_at, a.membership_start_date,
            a.locale, a.created_at, a.updated_at, a.erased_at
       FROM accounts a
       LEFT JOIN campaigns c ON c.id = a.campaign_id
       LEFT JOIN instrument_categories ic ON ic.id = a.primary_instrument_type
      WHERE a.id = $1 AND a.role_id IN (1, 2)`,
    [memberId],
  );
  if (!member) return null;
  const subscriptionRows = await db.query<Parameters<typeof withStatus>[0]>(
    `${SUBSCRIPTION_SELECT} WHERE s.member_id = $1 AND s.deleted_at IS NULL ORDER BY s.id`,
    [memberId],
  );
  const lines = await db.query<{ subscription_id: number } & Record<string, unknown>>(
    `SELECT l.subscription_id, l.id, p.name AS product, l.quantity, l.value, l.subscription_start, l.subscription_end, l.instrument_id
       FROM subscription_lines l JOIN products p ON p.id = l.product_id JOIN subscriptions s ON s.id = l.subscription_id
      WHERE s.member_id = $1 ORDER BY l.id`,
    [memberId],
  );
  const subscriptions = subscriptionRows.map((row) => ({
    ...withStatus(row),
    subscription_lines: lines.filter((line) => line.subscription_id === row.id).map(({ subscription_id: _s, ...line }) => line),
  }));
  const instruments = await db.query<{ id: number } & Record<string, unknown>>(
    `SELECT i.id, c.title AS type, i.make, i.model, i.serial_number, i.value, i.insurance_start, i.insurance_end, i.state,
            i.requested_change, i.reason_for_rejection, i.created_at, i.updated_at, i.deleted_at
       FROM instruments i JOIN instrument_categories c ON c.id = i.instrument_category
      WHERE i.member_id = $1 ORDER BY i.id`,
    [memberId],
  );
  const history = await db.query<{ instrument_id: number; created_at: Date; snapshot: unknown }>(
    `SELECT it.instrument_id, it.created_at, it.snapshot
       FROM instrument_iterations it JOIN instruments i ON i.id = it.instrument_id
      WHERE i.member_id = $1 ORDER BY it.id`,
    [memberId],
  );
  const messages = await db.query(
    `SELECT sent_at, channel, subject, email_to AS sent_to, content, status
       FROM message_log WHERE member_id = $1 ORDER BY sent_at, id`,
    [memberId],
  );
  const consents = await db.query(`SELECT consent, given, source, changed_at FROM consent_changes WHERE member_id = $1 ORDER BY changed_at, id`, [memberId]);
  const documents = await db.query<MemberExport['documents'][number]>(
    `SELECT d.id, d.instrument_id, i.make || ' ' || i.model AS instrument, d.kind, d.valued_on, d.value, d.file_name,
            d.content_type, d.size, d.created_at, 'dokumenter/' || d.id || '-' || d.file_name AS file, d.storage_key
       FROM documents d JOIN instruments i ON i.id = d.instrument_id
      WHERE d.member_id = $1 ORDER BY d.id`,
    [memberId],
  );
  const changeHistory = await db.query(
    `SELECT changed_at, changes, (changed_by = member_id) AS by_member FROM member_changes WHERE member_id = $1 ORDER BY changed_at, id`,
    [memberId],
  );
  return {
    exported_at: new Date().toISOString(),
    member,
    subscriptions,
    instruments: instruments.map((instrument) => ({
      ...instrument,
      history: history.filter((h) => h.instrument_id === instrument.id).map(({ created_at, snapshot }) => ({ created_at, snapshot })),
    })),
    messages,
    consents,
    change_history: changeHistory,
    access_log: await accessLogOf(db, memberId),
    documents,
    invoices: await invoicesOf(db, memberId),
    claims: await claimsOf(db, memberId),
  };
}

export const assertFound = <T>(value: T | null): T => {
  if (value === null) throw notFound();
  return value;
};

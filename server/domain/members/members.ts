/** Reading and changing one member: the member record with its subscriptions, and field rules. */
import type { Queryable } from '../../db/database.ts';
import type { Member, MemberPatch } from '../../schemas/member.ts';
import { validationFailed } from '../../lib/http-errors.ts';
import { MEMBER_SUBSCRIPTIONS_JOIN, pickMemberSubscriptions, splitSubscriptionRows } from '../insurance/subscriptions.ts';
import { FORM_RULES, invoiceEmailErrors, isPickerDate, requiredErrors, RULE_MESSAGES, type FormRule } from '../../schemas/rules.ts';
import { EMAIL_TAKEN, isEmailTaken } from '../accounts/account-email.ts';
import { personJson } from '../shared/person-json.ts';

/** Fields a member may change on their own record (the fields the member forms show). */
export const MEMBER_WRITABLE: readonly (keyof MemberPatch)[] = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'postal_code',
  'postal_area',
  'birthdate',
  'gender',
  'artist_name',
  'primary_instrument_type',
  'invoice_method',
  'invoice_email',
  'invoice_name',
  'invoice_phone',
  'invoice_address',
  'invoice_postal_code',
  'invoice_postal_area',
  'newsletter_2',
  'newsletter_3',
  'registration_completed',
];

/** Staff may change everything a member may, and the administrative fields. */
export const STAFF_WRITABLE: readonly (keyof MemberPatch)[] = [...MEMBER_WRITABLE, 'remote_id', 'role_id', 'status', 'blocked_access', 'membership_start_date'];

/** Keeps only the fields the caller may write; the rest are dropped without a word. */
export function pickWritable(patch: MemberPatch, allowed: readonly (keyof MemberPatch)[]): MemberPatch {
  const picked: Record<string, unknown> = {};
  for (const field of allowed) {
    if (patch[field] !== undefined) picked[field] = patch[field];
  }
  return picked as MemberPatch;
}

/** An applicant is still in sign-up: step one's and step two's required fields, with their message. */
const APPLICANT_RULE: FormRule = {
  required: [...new Set([...FORM_RULES.registration.required, ...FORM_RULES.registrationStepTwo.required])],
  message: FORM_RULES.registrationStepTwo.message,
};

/**
 * Staff's member edit keeps the server's own required message for a blank field, which its
 * API clients have always read (the staff form shows its own message before it sends).
 */
const STAFF_RULE: FormRule = { required: FORM_RULES.memberEdit.required, message: RULE_MESSAGES.fillIn };

/** The form a PATCH comes from: staff's member edit, an applicant's sign-up or the member's profile. */
export const patchRule = (staff: boolean, member: Pick<Member, 'registration_completed'>): FormRule =>
  staff ? STAFF_RULE : member.registration_completed === 1 ? FORM_RULES.profile : APPLICANT_RULE;

/**
 * Refuses a patch that breaks its form's rules: a required field blanked, invoicing by e-mail
 * without a valid address, a birth date outside the date picker's years. Fields the patch leaves
 * out are not checked.
 */
export function assertPatchFollowsForm(patch: MemberPatch, rule: FormRule): void {
  const values: Record<string, unknown> = { ...patch };
  const errors = requiredErrors(rule, values, true);
  if ('invoice_method' in values && 'invoice_email' in values) Object.assign(errors, invoiceEmailErrors(values, rule.message));
  if (patch.birthdate && !isPickerDate(patch.birthdate)) errors.birthdate = [RULE_MESSAGES.date];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/** Phone numbers are kept without spaces so search and duplicate checks compare like with like. */
/**
 * A phone number as the portal stores it: without spaces, dashes, dots or brackets, and a Norwegian
 * number ('+47 943 29 103', '0047…') as its 8 digits, as Vipps's numbers and the lists use them.
 */
export function normalisePhone(phone: string): string {
  const compact = phone.trim().replace(/[\s\-().]/g, '');
  const norwegian = /^(?:\+47|0047)(\d{8})$/.exec(compact);
  return norwegian ? norwegian[1] : compact;
}

const MEMBER_COLUMNS = `
  a.id, a.remote_id, a.role_id, a.email, a.first_name, a.last_name, a.phone, a.address, a.postal_code,
  a.postal_area, a.birthdate, a.gender, a.artist_name, a.primary_instrument_type, a.invoice_method,
  a.invoice_email, a.invoice_name, a.invoice_phone, a.invoice_address, a.invoice_postal_code,
  a.invoice_postal_area, a.newsletter_1, a.newsletter_2, a.newsletter_3, a.status, a.blocked_access,
  a.registration_completed, a.is_previous_member, c.code AS campaign_code, a.possible_duplicate_of,
  a.reason_for_rejection, a.rejected_at, ${personJson('rb')} AS rejected_by, a.validated_at,
  ${personJson('vb')} AS validated_by, a.membership_start_date, a.created_at, a.updated_at, a.erased_at`;

type MemberRow = Omit<Member, 'subscription_membership' | 'subscription_instrument_insurance' | 'subscription_travel_insurance' | 'membership_end_date'>;

// Built once: a prepared statement is found by its text, and a text made anew on each call is hashed anew.
const MEMBER_SQL = `SELECT ${MEMBER_COLUMNS}, ${MEMBER_SUBSCRIPTIONS_JOIN.columns}
       FROM accounts a
       LEFT JOIN campaigns c ON c.id = a.campaign_id
       LEFT JOIN accounts rb ON rb.id = a.rejected_by
       LEFT JOIN accounts vb ON vb.id = a.validated_by
       ${MEMBER_SUBSCRIPTIONS_JOIN.join}
      WHERE a.id = $1 AND a.role_id IN (1, 2)
      ORDER BY ${MEMBER_SUBSCRIPTIONS_JOIN.orderBy}`;

/** The member (role 1 or 2) with its subscriptions, or null. */
export async function loadMember(db: Queryable, id: number): Promise<Member | null> {
  const rows = await db.query<Record<string, unknown>>(MEMBER_SQL, [id], { prepare: true });
  if (rows.length === 0) return null;
  const { rest: row, subscriptions: subscriptionRows } = splitSubscriptionRows<MemberRow>(rows);
  const subscriptions = await pickMemberSubscriptions(db, subscriptionRows);
  return {
    ...row,
    membership_end_date: subscriptions.membership?.subscription_end ?? null,
    subscription_membership: subscriptions.membership,
    subscription_instrument_insurance: subscriptions.instrument,
    subscription_travel_insurance: subscriptions.travel,
  };
}

/** Refuses an e-mail another account already has. */
async function assertEmailFree(db: Queryable, email: string, exceptId: number | null): Promise<void> {
  if (await isEmailTaken(db, email, exceptId)) throw validationFailed({ email: [EMAIL_TAKEN] });
}

async function assertRemoteIdFree(db: Queryable, remoteId: number, exceptId: number): Promise<void> {
  const [taken] = await db.query('SELECT 1 FROM accounts WHERE remote_id = $1 AND id <> $2', [remoteId, exceptId]);
  if (taken) throw validationFailed({ remote_id: ['Medlemsnummeret er allerede i bruk.'] });
}

/**
 * Applies a patch the caller may make and records each changed field (old → new) with who
 * changed it. Answers the changed fields.
 */
export async function updateMember(db: Queryable, memberId: number, patch: MemberPatch, changedBy: number): Promise<Record<string, [unknown, unknown]>> {
  const values: Record<string, unknown> = { ...patch };
  if (typeof values.phone === 'string') values.phone = normalisePhone(values.phone);
  if (values.invoice_email === '') values.invoice_email = null;
  if (typeof values.email === 'string') {
    values.email = values.email.trim();
    await assertEmailFree(db, values.email as string, memberId);
  }
  if (typeof values.remote_id === 'number') await assertRemoteIdFree(db, values.remote_id, memberId);

  const fields = Object.keys(values);
  if (fields.length === 0) return {};
  const [current] = await db.query<Record<string, unknown>>(`SELECT ${fields.map((f) => `"${f}"`).join(', ')} FROM accounts WHERE id = $1 FOR UPDATE`, [
    memberId,
  ]);
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of fields) {
    if (current[field] !== values[field]) changes[field] = [current[field] ?? null, values[field] ?? null];
  }
  const changed = Object.keys(changes);
  if (changed.length === 0) return {};
  const sets = changed.map((field, index) => `"${field}" = $${index + 2}`);
  await db.query(`UPDATE accounts SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, [memberId, ...changed.map((field) => values[field])]);
  await db.query('INSERT INTO member_changes (member_id, changed_by, changes) VALUES ($1, $2, $3)', [memberId, changedBy, JSON.stringify(changes)]);
  return changes;
}

/**
 * Sign-up: step one makes an applicant with a pending membership; step two is finished through
 * the member PATCH once the fields below are filled in.
 */
import type { Queryable } from '../../db/database.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { validationFailed } from '../../lib/http-errors.ts';
import { normalisePhone } from './members.ts';
import { FORM_RULES, invoiceEmailErrors, requiredErrors } from '../../schemas/rules.ts';

export interface Applicant {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  is_previous_member: boolean;
  password: string;
  campaignId: number | null;
}

export interface DuplicateProbe {
  phone: string | null;
  first_name: string;
  last_name: string;
  birthdate: string | null;
}

/**
 * The oldest member who is probably the same person: the same phone number (spaces ignored),
 * or the same name and birth date. Staff decide; sign-up is not refused for it.
 */
export async function findProbableDuplicate(db: Queryable, probe: DuplicateProbe): Promise<number | null> {
  const phone = probe.phone ? normalisePhone(probe.phone) : '';
  const [row] = await db.query<{ id: number }>(
    `SELECT id FROM accounts
      WHERE role_id IN (1, 2)
        AND (($1 <> '' AND regexp_replace(coalesce(phone, ''), '[[:space:]-]', '', 'g') = $1)
          OR ($4::date IS NOT NULL AND lower(first_name) = lower($2) AND lower(last_name) = lower($3) AND birthdate = $4::date))
      ORDER BY id LIMIT 1`,
    [phone, probe.first_name.trim(), probe.last_name.trim(), probe.birthdate],
  );
  return row?.id ?? null;
}

/** Creates the applicant (role 1, registration not completed) with a pending membership subscription. */
export async function createApplicant(db: Queryable, applicant: Applicant): Promise<{ id: number; possibleDuplicateOf: number | null }> {
  const [membership] = await db.query<{ id: number; price: number }>("SELECT id, price FROM products WHERE kind = 'membership' ORDER BY id LIMIT 1");
  if (!membership) throw new Error('Det finnes ikke noe medlemskapsprodukt (products.kind = membership)');
  const possibleDuplicateOf = await findProbableDuplicate(db, { ...applicant, birthdate: null });
  const [account] = await db.query<{ id: number }>(
    `INSERT INTO accounts (role_id, status, registration_completed, email, password_hash, first_name, last_name, phone,
                           is_previous_member, campaign_id, possible_duplicate_of)
     VALUES (1, '1', 0, $1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      applicant.email.trim(),
      await hashPassword(applicant.password),
      applicant.first_name.trim(),
      applicant.last_name.trim(),
      normalisePhone(applicant.phone),
      applicant.is_previous_member,
      applicant.campaignId,
      possibleDuplicateOf,
    ],
  );
  await db.query("INSERT INTO subscriptions (member_id, product_id, kind, state, value) VALUES ($1, $2, 'membership', 'pending', $3)", [
    account.id,
    membership.id,
    membership.price,
  ]);
  return { id: account.id, possibleDuplicateOf };
}

export interface StepTwoFields {
  address: string | null;
  postal_code: string | null;
  postal_area: string | null;
  phone: string | null;
  gender: number | null;
  invoice_method: string | null;
  invoice_email: string | null;
}

/** What step two must leave filled in before registration counts as completed (empty when all is well). */
export function registrationCompletionErrors(member: StepTwoFields): Record<string, string[]> {
  const rule = FORM_RULES.registrationStepTwo;
  return { ...requiredErrors(rule, { ...member }), ...invoiceEmailErrors({ ...member }, rule.message) };
}

/** Refuses to mark registration completed while step two's fields are missing. */
export function assertRegistrationCompletable(member: StepTwoFields): void {
  const errors = registrationCompletionErrors(member);
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

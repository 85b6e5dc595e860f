/**
 * Staff create a member directly: checked field by field, warned about a member who looks
 * like the same person, then created as a member with a member number and an active membership.
 */
import type { Database, Queryable } from '../../db/database.ts';
import type { Member } from '../../schemas/member.ts';
import type { DuplicateMember, MemberCreate } from '../../schemas/member-admin.ts';
import { HttpError, validationFailed } from '../../lib/http-errors.ts';
import { FORM_RULES, invoiceEmailErrors, isPickerDate, requiredErrors, RULE_MESSAGES } from '../../schemas/rules.ts';
import { loadMember, normalisePhone } from './members.ts';
import { todayInOslo } from '../shared/oslo-date.ts';
import { EMAIL_TAKEN, isEmailConflict, isEmailTaken } from '../accounts/account-email.ts';
import { nextMemberNumber } from './member-numbers.ts';
import { recordConsentChanges } from '../privacy/privacy.ts';

type Errors = Record<string, string[]>;

/** The create form reads errors from `data.error` as well as Laravel's `errors`. */
const createFailed = (errors: Errors): HttpError => validationFailed(errors, { data: { error: errors } });

/**
 * Errors the schema cannot see: blank text (only spaces), the invoice e-mail that EMAIL invoicing
 * needs, a birth date outside the date picker's years, and an e-mail another account has. A blank field reports only that it must be filled in.
 */
async function createErrors(db: Queryable, body: Record<string, unknown>, schemaErrors: Errors): Promise<Errors> {
  const rule = FORM_RULES.memberCreate;
  const errors: Errors = { ...requiredErrors(rule, body), ...invoiceEmailErrors(body, rule.message) };
  if (typeof body.birthdate === 'string' && body.birthdate !== '' && !isPickerDate(body.birthdate)) errors.birthdate = [RULE_MESSAGES.date];
  for (const [field, messages] of Object.entries(schemaErrors)) {
    errors[field] ??= messages;
  }
  if (!errors.email && typeof body.email === 'string') {
    if (await isEmailTaken(db, body.email)) errors.email = [EMAIL_TAKEN];
  }
  return errors;
}

/** Members with the same phone, or the same first and last name and birthdate. */
async function probableDuplicates(db: Queryable, input: MemberCreate): Promise<DuplicateMember[]> {
  return db.query<DuplicateMember>(
    `SELECT id, remote_id, first_name, last_name, email, phone, birthdate
       FROM accounts
      WHERE role_id IN (1, 2)
        AND (phone = $1
             OR ($4::date IS NOT NULL AND lower(first_name) = lower($2) AND lower(last_name) = lower($3) AND birthdate = $4::date))
      ORDER BY id
      LIMIT 10`,
    [normalisePhone(input.phone), input.first_name.trim(), input.last_name.trim(), input.birthdate ?? null],
  );
}

function duplicateWarning(duplicates: DuplicateMember[]): HttpError {
  const names = duplicates.map((d) => `${d.first_name} ${d.last_name}${d.remote_id ? ` (medlemsnummer ${d.remote_id})` : ''}`).join(', ');
  return new HttpError(409, { message: `Det finnes allerede et medlem som ligner: ${names}.`, duplicates });
}

const trimmedOrNull = (value: string | null | undefined): string | null => {
  const text = value?.trim();
  return text ? text : null;
};

/** The account row as it is stored; blank optional fields are stored as null. */
function accountValues(input: MemberCreate) {
  const emailInvoicing = input.invoice_method.trim() === 'EMAIL';
  return {
    role_id: input.role_id ?? 2,
    status: input.status ?? '1',
    first_name: input.first_name.trim(),
    last_name: input.last_name.trim(),
    email: input.email.trim(),
    phone: normalisePhone(input.phone.trim()),
    address: input.address.trim(),
    postal_code: input.postal_code.trim(),
    postal_area: input.postal_area.trim(),
    birthdate: input.birthdate ?? null,
    gender: input.gender,
    artist_name: trimmedOrNull(input.artist_name),
    primary_instrument_type: input.primary_instrument_type ?? 1,
    invoice_method: input.invoice_method.trim(),
    invoice_email: emailInvoicing ? trimmedOrNull(input.invoice_email) : null,
    invoice_name: trimmedOrNull(input.invoice_name),
    invoice_phone: trimmedOrNull(input.invoice_phone),
    invoice_address: trimmedOrNull(input.invoice_address),
    invoice_postal_code: trimmedOrNull(input.invoice_postal_code),
    invoice_postal_area: trimmedOrNull(input.invoice_postal_area),
    newsletter_1: true,
    newsletter_2: input.newsletter_2 ?? false,
    newsletter_3: input.newsletter_3 ?? false,
    membership_start_date: input.membership_start_date ?? todayInOslo(),
    registration_completed: 1,
  };
}

/**
 * Creates the member with the next member number and an active membership, and records the
 * creation in the change history. Answers the new member's id.
 */
async function createMember(tx: Queryable, input: MemberCreate, staffId: number, duplicateOf: number | null): Promise<number> {
  const [product] = await tx.query<{ id: number }>("SELECT id FROM products WHERE kind = 'membership' ORDER BY id LIMIT 1");
  if (!product) throw new Error('Det finnes ikke noe medlemskapsprodukt å knytte medlemmet til');
  const values: Record<string, unknown> = { ...accountValues(input), possible_duplicate_of: duplicateOf };
  const fields = Object.keys(values);
  const [member] = await tx.query<{ id: number; remote_id: number }>(
    `INSERT INTO accounts (remote_id, validated_at, validated_by, ${fields.join(', ')})
     VALUES ($1, now(), $2, ${fields.map((_, i) => `$${i + 3}`).join(', ')})
     RETURNING id, remote_id`,
    [await nextMemberNumber(tx), staffId, ...Object.values(values)],
  );
  await tx.query(
    `INSERT INTO subscriptions (member_id, product_id, kind, state, subscription_start, validated_at, validated_by)
     VALUES ($1, $2, 'membership', 'active', $3, now(), $4)`,
    [member.id, product.id, values.membership_start_date as string, staffId],
  );
  const created: Record<string, [null, unknown]> = { remote_id: [null, member.remote_id] };
  for (const [field, value] of Object.entries(values)) {
    if (value !== null) created[field] = [null, value];
  }
  await tx.query('INSERT INTO member_changes (member_id, changed_by, changes) VALUES ($1, $2, $3)', [member.id, staffId, JSON.stringify(created)]);
  await recordConsentChanges(tx, member.id, created, 'staff', staffId);
  return member.id;
}

/**
 * The staff create form end to end: field errors (`schemaErrors` are the schema's own), the
 * duplicate warning unless confirmed, then the member created and answered as saved.
 */
export async function addMember(db: Database, body: Record<string, unknown>, schemaErrors: Errors, staffId: number): Promise<Member> {
  const errors = await createErrors(db, body, schemaErrors);
  if (Object.keys(errors).length > 0) throw createFailed(errors);
  // With no field errors the body is what the schema describes.
  const input = body as unknown as MemberCreate;
  const duplicates = await probableDuplicates(db, input);
  if (duplicates.length > 0 && input.confirm_duplicate !== true) throw duplicateWarning(duplicates);
  try {
    return await db.transaction(async (tx) => {
      const id = await createMember(tx, input, staffId, duplicates[0]?.id ?? null);
      return (await loadMember(tx, id))!;
    });
  } catch (error) {
    if (isEmailConflict(error)) throw createFailed({ email: [EMAIL_TAKEN] });
    throw error;
  }
}

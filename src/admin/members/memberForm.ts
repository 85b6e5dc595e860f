/**
 * The member form written once for create and edit: its fields, defaults, validation and the
 * payload sent to the server (only the form's fields, empty text as null). The yup schema
 * (memberSchema.ts) loads on the form's first validation (memberResolver.ts), not with the page.
 */
import { FORM_RULES, INVOICE_METHODS } from '../../../server/schemas/rules.ts';
import type { Member } from '../../dataProvider/types.ts';
import '../../i18n/app/members-pages-nb.ts';

export type MemberFormMode = 'create' | 'edit';

export { INVOICE_METHODS };

const TEXT_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'postal_code',
  'postal_area',
  'birthdate',
  'artist_name',
  'invoice_method',
  'invoice_email',
] as const;
const OTHER_FIELDS = ['gender', 'primary_instrument_type', 'newsletter_1', 'newsletter_2', 'newsletter_3'] as const;
const EDIT_ONLY_FIELDS = ['membership_start_date'] as const;
const CREATE_ONLY_FIELDS = ['status', 'role_id'] as const;

export const REQUIRED: Record<MemberFormMode, readonly string[]> = {
  create: FORM_RULES.memberCreate.required,
  edit: FORM_RULES.memberEdit.required,
};

export const REQUIRED_MESSAGE: Record<MemberFormMode, string> = {
  create: 'app.member.required_create',
  edit: 'app.member.required_edit',
};

export const CREATE_DEFAULTS = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  address: '',
  postal_code: '',
  postal_area: '',
  birthdate: null,
  artist_name: '',
  invoice_method: '',
  invoice_email: '',
  gender: 3,
  primary_instrument_type: 1,
  status: '1',
  role_id: 2,
  newsletter_1: true,
  newsletter_2: false,
  newsletter_3: false,
};

type FormValues = Record<string, unknown>;

export function toMemberPayload(values: FormValues, mode: MemberFormMode): Partial<Member> & Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) {
    const value = values[field];
    payload[field] = typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : (value ?? null);
  }
  for (const field of OTHER_FIELDS) payload[field] = values[field];
  payload.newsletter_1 = true;
  if (payload.invoice_method !== 'EMAIL') payload.invoice_email = null;
  const extra = mode === 'edit' ? EDIT_ONLY_FIELDS : CREATE_ONLY_FIELDS;
  for (const field of extra) payload[field] = values[field] ?? null;
  return payload as Partial<Member> & Record<string, unknown>;
}

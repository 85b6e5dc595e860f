/** Schemas of the staff member routes: create a member and read a member's change history. */
import { Type, type Static } from 'typebox';
import { DateOnly, Email, Nullable, PersonRef, Timestamp } from './common.ts';

const Required = (maxLength = 255) => Type.String({ minLength: 1, maxLength });
const Optional = (maxLength = 255) => Type.Optional(Nullable(Type.String({ maxLength })));

/** The staff create form; `confirm_duplicate` creates the member even if one like it exists. */
export const MemberCreate = Type.Object({
  first_name: Required(100),
  last_name: Required(100),
  address: Required(),
  postal_area: Required(100),
  postal_code: Required(10),
  phone: Required(30),
  email: Email,
  gender: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)]),
  invoice_method: Required(30),
  birthdate: Type.Optional(Nullable(DateOnly)),
  artist_name: Optional(),
  primary_instrument_type: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Checked as an e-mail only when invoicing by e-mail; otherwise it is not kept. */
  invoice_email: Optional(254),
  invoice_name: Optional(),
  invoice_phone: Optional(30),
  invoice_address: Optional(),
  invoice_postal_code: Optional(10),
  invoice_postal_area: Optional(100),
  newsletter_1: Type.Optional(Type.Boolean()),
  newsletter_2: Type.Optional(Type.Boolean()),
  newsletter_3: Type.Optional(Type.Boolean()),
  status: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('2')])),
  role_id: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  membership_start_date: Type.Optional(Nullable(DateOnly)),
  confirm_duplicate: Type.Optional(Type.Boolean()),
});
export type MemberCreate = Static<typeof MemberCreate>;

export const DuplicateMember = Type.Object({
  id: Type.Integer(),
  remote_id: Nullable(Type.Integer()),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  birthdate: Nullable(DateOnly),
});
export type DuplicateMember = Static<typeof DuplicateMember>;

export const FieldChange = Type.Object({
  field: Type.String(),
  old: Type.Unknown(),
  new: Type.Unknown(),
});

export const MemberChange = Type.Object({
  id: Type.Integer(),
  changed_at: Timestamp,
  changed_by: Nullable(PersonRef),
  changes: Type.Array(FieldChange),
});
export type MemberChange = Static<typeof MemberChange>;

import { Type, type Static } from 'typebox';
import { DateOnly, Email, Nullable, PersonRef, Timestamp } from './common.ts';

const Text = (maxLength = 255) => Type.String({ maxLength });

export const ProductRef = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  price: Type.Integer(),
  remote_id: Nullable(Type.String()),
});
export type ProductRef = Static<typeof ProductRef>;

/** pending 0, active 1, rejected 2, cancelled 3, ended 4 (the numeric status the apps read). */
export const SubscriptionState = Type.Union([
  Type.Literal('pending'),
  Type.Literal('active'),
  Type.Literal('rejected'),
  Type.Literal('cancelled'),
  Type.Literal('ended'),
]);
export type SubscriptionState = Static<typeof SubscriptionState>;

export const SubscriptionLine = Type.Object({
  id: Type.Integer(),
  product: ProductRef,
  quantity: Type.Integer(),
  value: Type.Integer(),
  subscription_start: Nullable(DateOnly),
  subscription_end: Nullable(DateOnly),
  updated_at: Timestamp,
  validated_by_user: Nullable(PersonRef),
});
export type SubscriptionLine = Static<typeof SubscriptionLine>;

/** The cover in force while a change of it waits for staff (kept so a rejection restores it). */
export const AcceptedCover = Type.Object({
  product_id: Type.Integer(),
  subscription_start: Nullable(DateOnly),
  subscription_end: Nullable(DateOnly),
});
export type AcceptedCover = Static<typeof AcceptedCover>;

export const Subscription = Type.Object({
  id: Type.Integer(),
  member_id: Type.Integer(),
  product_id: Type.Integer(),
  product: ProductRef,
  state: SubscriptionState,
  status: Type.Integer(),
  value: Nullable(Type.Integer()),
  subscription_start: Nullable(DateOnly),
  subscription_end: Nullable(DateOnly),
  invoiced_for: Nullable(DateOnly),
  reason_for_rejection: Nullable(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
  validated_by_user: Nullable(PersonRef),
  rejected_by_user: Nullable(PersonRef),
  /** In the subscription list: the cover in force behind a pending change, null when there is none. */
  accepted_cover: Type.Optional(Nullable(AcceptedCover)),
});
export type Subscription = Static<typeof Subscription>;

/** An insured instrument as the summaries name it: type, maker and model. */
export const InsuredInstrument = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  make: Type.String(),
  model: Type.String(),
  value: Type.Integer(),
  insurance_start: DateOnly,
  insurance_end: Nullable(DateOnly),
});
export type InsuredInstrument = Static<typeof InsuredInstrument>;

export const InstrumentSubscription = Type.Intersect([
  Subscription,
  Type.Object({ subscription_lines: Type.Array(SubscriptionLine), instruments: Type.Optional(Type.Array(InsuredInstrument)) }),
]);
export type InstrumentSubscription = Static<typeof InstrumentSubscription>;

/** The member fields every reader sees. */
const memberProperties = {
  id: Type.Integer(),
  remote_id: Nullable(Type.Integer()),
  role_id: Type.Integer(),
  email: Nullable(Type.String()),
  first_name: Nullable(Type.String()),
  last_name: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  address: Nullable(Type.String()),
  postal_code: Nullable(Type.String()),
  postal_area: Nullable(Type.String()),
  birthdate: Nullable(DateOnly),
  gender: Type.Integer(),
  artist_name: Nullable(Type.String()),
  primary_instrument_type: Type.Integer(),
  invoice_method: Nullable(Type.String()),
  invoice_email: Nullable(Type.String()),
  invoice_name: Nullable(Type.String()),
  invoice_phone: Nullable(Type.String()),
  invoice_address: Nullable(Type.String()),
  invoice_postal_code: Nullable(Type.String()),
  invoice_postal_area: Nullable(Type.String()),
  newsletter_1: Type.Boolean(),
  newsletter_2: Type.Boolean(),
  newsletter_3: Type.Boolean(),
  status: Type.String(),
  blocked_access: Type.Boolean(),
  registration_completed: Type.Integer(),
  is_previous_member: Type.Boolean(),
  campaign_code: Nullable(Type.String()),
  possible_duplicate_of: Nullable(Type.Integer()),
  reason_for_rejection: Nullable(Type.String()),
  rejected_at: Nullable(Timestamp),
  rejected_by: Nullable(PersonRef),
  validated_at: Nullable(Timestamp),
  validated_by: Nullable(PersonRef),
  membership_start_date: Nullable(DateOnly),
  membership_end_date: Nullable(DateOnly),
  created_at: Timestamp,
  updated_at: Timestamp,
  /** Set when staff erased the member's personal data; every personal field is then null. */
  erased_at: Nullable(Timestamp),
};

export const Member = Type.Object({
  ...memberProperties,
  subscription_membership: Nullable(Subscription),
  subscription_instrument_insurance: Nullable(InstrumentSubscription),
  subscription_travel_insurance: Nullable(Subscription),
});
export type Member = Static<typeof Member>;

/** A few of the member fields, with exactly the schemas the member record uses. */
export function memberFields<K extends keyof typeof memberProperties>(...keys: K[]): Pick<typeof memberProperties, K> {
  return Object.fromEntries(keys.map((key) => [key, memberProperties[key]])) as Pick<typeof memberProperties, K>;
}

export const MemberListItem = Type.Object({
  ...memberFields(
    'id',
    'remote_id',
    'role_id',
    'first_name',
    'last_name',
    'email',
    'phone',
    'address',
    'postal_code',
    'postal_area',
    'birthdate',
    'status',
    'blocked_access',
    'registration_completed',
    'campaign_code',
    'created_at',
  ),
  has_membership: Type.Boolean(),
  has_instrument_insurance: Type.Boolean(),
  has_travel_insurance: Type.Boolean(),
  has_overdue_invoice: Type.Boolean({ description: 'Medlemmet har en faktura med forfallsdato passert og noe utestående' }),
});
export type MemberListItem = Static<typeof MemberListItem>;

const OptionalText = (maxLength = 255) => Type.Optional(Nullable(Text(maxLength)));

/** Every member field a PATCH may carry; which of them a caller may change depends on the role. */
export const MemberPatch = Type.Object({
  first_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  last_name: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  email: Type.Optional(Email),
  phone: OptionalText(30),
  address: OptionalText(),
  postal_code: OptionalText(10),
  postal_area: OptionalText(100),
  birthdate: Type.Optional(Nullable(DateOnly)),
  gender: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
  artist_name: OptionalText(),
  primary_instrument_type: Type.Optional(Type.Integer({ minimum: 0 })),
  invoice_method: OptionalText(30),
  invoice_email: Type.Optional(Nullable(Type.Union([Email, Type.Literal('')]))),
  invoice_name: OptionalText(),
  invoice_phone: OptionalText(30),
  invoice_address: OptionalText(),
  invoice_postal_code: OptionalText(10),
  invoice_postal_area: OptionalText(100),
  newsletter_1: Type.Optional(Type.Boolean()),
  newsletter_2: Type.Optional(Type.Boolean()),
  newsletter_3: Type.Optional(Type.Boolean()),
  registration_completed: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  // staff only
  remote_id: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2147483647 }))),
  role_id: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])),
  status: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1'), Type.Literal('2')])),
  blocked_access: Type.Optional(Type.Boolean()),
  membership_start_date: Type.Optional(Nullable(DateOnly)),
});
export type MemberPatch = Static<typeof MemberPatch>;

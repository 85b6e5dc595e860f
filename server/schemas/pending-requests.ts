/** Items of the staff request queues: memberships, travel insurance and instrument insurance. */
import { Type, type Static } from 'typebox';
import { DateOnly, Nullable, PersonRef, Timestamp } from './common.ts';
import { memberFields, ProductRef } from './member.ts';

export const RequestMember = Type.Object(
  memberFields('id', 'remote_id', 'first_name', 'last_name', 'email', 'phone', 'address', 'postal_code', 'postal_area', 'artist_name'),
);
export type RequestMember = Static<typeof RequestMember>;

/** The member an applicant probably duplicates (same name and birth date, or e-mail or phone), found at sign-up. */
export const DuplicateRef = Type.Object({
  id: Type.Integer(),
  remote_id: Nullable(Type.Integer()),
  first_name: Type.String(),
  last_name: Type.String(),
});
export type DuplicateRef = Static<typeof DuplicateRef>;

/** A membership application; `created_at` is the date applied (SØKT DATO), status 0 is pending. */
export const PendingMembership = Type.Object({
  id: Type.Integer({ description: 'Abonnementets id' }),
  member_id: Type.Integer(),
  member: RequestMember,
  created_at: Timestamp,
  status: Type.Literal(0),
  possible_duplicate: Nullable(DuplicateRef),
});
export type PendingMembership = Static<typeof PendingMembership>;

export const PendingTravel = Type.Object({
  id: Type.Integer({ description: 'Abonnementets id' }),
  member_id: Type.Integer(),
  member: RequestMember,
  product_id: Type.Integer(),
  product: ProductRef,
  value: Nullable(Type.Integer()),
  subscription_start: Nullable(DateOnly),
  subscription_end: Nullable(DateOnly),
  created_at: Timestamp,
  status: Type.Literal(0),
});
export type PendingTravel = Static<typeof PendingTravel>;

/** One row per member with instruments waiting; `Status` (capital S) counts them. */
export const PendingInstruments = Type.Object({
  id: Type.Integer({ description: 'Medlemmets id' }),
  member_id: Type.Integer(),
  member: RequestMember,
  product: Type.Literal('Instrumentforsikring'),
  Status: Type.Integer({ description: 'Antall instrumenter som venter på behandling' }),
  created_at: Timestamp,
});
export type PendingInstruments = Static<typeof PendingInstruments>;

/** A declined membership application, as the declined list shows it. */
export const DeclinedMembership = Type.Object({
  id: Type.Integer({ description: 'Abonnementets id' }),
  member_id: Type.Integer(),
  member: RequestMember,
  created_at: Timestamp,
  member_status: Type.String({ description: "Medlemmets status; '2' er avvist" }),
  campaign_code: Nullable(Type.String({ description: 'Kampanjekoden søkeren brukte' })),
  possible_duplicate: Nullable(DuplicateRef),
  reason_for_rejection: Nullable(Type.String()),
  rejected_at: Nullable(Timestamp),
  rejected_by: Nullable(PersonRef),
  mail_sent_at: Nullable(Timestamp),
  mail_status: Nullable(Type.Union([Type.Literal('queued'), Type.Literal('sent'), Type.Literal('failed')])),
});
export type DeclinedMembership = Static<typeof DeclinedMembership>;

/** One membership application in any state, with its rejection when it has one. */
export const MembershipRequest = Type.Intersect([
  DeclinedMembership,
  Type.Object({
    state: Type.Union([Type.Literal('pending'), Type.Literal('active'), Type.Literal('rejected'), Type.Literal('cancelled'), Type.Literal('ended')]),
    validated_at: Nullable(Timestamp),
  }),
]);
export type MembershipRequest = Static<typeof MembershipRequest>;

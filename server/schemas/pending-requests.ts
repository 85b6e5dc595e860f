/** Items of the staff request queues: memberships, travel insurance and instrument insurance. */
import { Type, type Static } from 'typebox';
import { DateOnly, Nullable, Timestamp } from './common.ts';
import { memberFields, ProductRef } from './member.ts';

export const RequestMember = Type.Object(
  memberFields('id', 'remote_id', 'first_name', 'last_name', 'email', 'phone', 'address', 'postal_code', 'postal_area', 'artist_name'),
);
export type RequestMember = Static<typeof RequestMember>;

/** A membership application; `created_at` is the date applied (SØKT DATO), status 0 is pending. */
export const PendingMembership = Type.Object({
  id: Type.Integer({ description: 'Abonnementets id' }),
  member_id: Type.Integer(),
  member: RequestMember,
  created_at: Timestamp,
  status: Type.Literal(0),
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

/** Items of the staff request queues: memberships, travel insurance and instrument insurance. */
import { Type, type Static } from 'typebox';
import { DateOnly, Nullable, Timestamp } from './common.ts';
import { ProductRef } from './member.ts';

export const RequestMember = Type.Object({
  id: Type.Integer(),
  remote_id: Nullable(Type.Integer()),
  first_name: Type.String(),
  last_name: Type.String(),
  email: Type.String(),
  phone: Nullable(Type.String()),
  address: Nullable(Type.String()),
  postal_code: Nullable(Type.String()),
  postal_area: Nullable(Type.String()),
  artist_name: Nullable(Type.String()),
});
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

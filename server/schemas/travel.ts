/** The travel insurance order: what a member or staff may send, and nothing more. */
import { Type, type Static } from 'typebox';
import { DateOnly, Id, Nullable } from './common.ts';

/**
 * The form's fields only (spec section 7): price, state and who validated are the server's.
 * `status` is always 1 on save; `id` may repeat the path's id on PATCH.
 */
export const TravelOrderBody = Type.Object(
  {
    id: Type.Optional(Id),
    member_id: Id,
    product_id: Type.Integer(),
    subscription_start: Type.Optional(Nullable(DateOnly)),
    subscription_end: Type.Optional(Nullable(DateOnly)),
    status: Type.Optional(Type.Literal(1)),
  },
  { additionalProperties: false },
);
export type TravelOrderBody = Static<typeof TravelOrderBody>;

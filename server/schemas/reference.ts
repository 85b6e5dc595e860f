/** Reference data and content texts the forms read. */
import { Type, type Static } from 'typebox';
import { Nullable } from './common.ts';

export const PostalCode = Type.Object({ code: Type.String(), area: Type.String() });
export type PostalCode = Static<typeof PostalCode>;

export const InstrumentCategory = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  use_member: Type.Integer(),
  use_insurance: Type.Integer(),
});
export type InstrumentCategory = Static<typeof InstrumentCategory>;

export const Product = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  price: Type.Integer(),
  remote_id: Nullable(Type.String()),
  kind: Type.String(),
});
export type Product = Static<typeof Product>;

export const ContentPage = Type.Object({ slug: Type.String(), title: Type.String(), content: Type.String() });
export type ContentPage = Static<typeof ContentPage>;

export const DiscountCode = Type.Object({ code: Type.String(), description: Type.String() });
export type DiscountCode = Static<typeof DiscountCode>;

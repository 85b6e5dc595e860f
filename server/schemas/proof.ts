/** Schemas of the member card, the insurance certificates and the public check of their QR codes. */
import { Type, type Static } from 'typebox';
import { DateOnly, Nullable } from './common.ts';

export const MemberCardData = Type.Object({
  token: Type.String(),
  verify_url: Type.String(),
  member_number: Type.Integer(),
  valid_until: DateOnly,
  first_name: Type.String(),
  last_name: Type.String(),
  organisation: Type.String(),
});
export type MemberCardData = Static<typeof MemberCardData>;

export const MemberCardAnswer = Type.Object({ data: MemberCardData });

export const CertificateQuery = Type.Object({
  lang: Type.Optional(Type.Union([Type.Literal('nb'), Type.Literal('en')], { default: 'nb' })),
});

export const VerifyParams = Type.Object({ token: Type.String({ maxLength: 200 }) });

export const VerifyData = Type.Object({
  state: Type.Union([Type.Literal('valid'), Type.Literal('expired'), Type.Literal('invalid')]),
  kind: Type.Union([Type.Literal('membership'), Type.Literal('travel'), Type.Literal('instruments')]),
  first_name: Nullable(Type.String()),
  last_initial: Nullable(Type.String()),
  member_number: Nullable(Type.Integer()),
  valid_until: Nullable(DateOnly),
  period: Type.Optional(Nullable(Type.Object({ from: DateOnly, to: DateOnly }))),
  product: Type.Optional(Nullable(Type.Union([Type.Literal('Europa'), Type.Literal('Verden')]))),
  count: Type.Optional(Nullable(Type.Integer())),
  total_value: Type.Optional(Nullable(Type.Integer())),
});
export type VerifyData = Static<typeof VerifyData>;

export const VerifyAnswer = Type.Object({ data: VerifyData });
export type VerifyAnswer = Static<typeof VerifyAnswer>;

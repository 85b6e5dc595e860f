import { Type, type Static } from 'typebox';
import { Email, Nullable } from './common.ts';

/** What sign-in (and sign-up, which signs the applicant in) answers: the spec's login fields. */
export const LoginResponse = Type.Object({
  user_id: Type.Integer(),
  registration_completed: Type.Integer(),
  access_token: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  role: Type.Object({ id: Type.Integer() }),
  blocked_access: Type.Boolean(),
  expires_at: Type.String({ format: 'date-time' }),
});
export type LoginResponse = Static<typeof LoginResponse>;

/** Sign-up step one: the spec's fields, and the confirmation the form also sends. */
export const Registration = Type.Object({
  first_name: Type.String({ minLength: 1, maxLength: 100 }),
  last_name: Type.String({ minLength: 1, maxLength: 100 }),
  phone: Type.String({ minLength: 1, maxLength: 30 }),
  email: Email,
  is_previous_member: Type.Optional(Type.Union([Type.Boolean(), Type.Literal(0), Type.Literal(1)])),
  campaign_code: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  password: Type.String({ maxLength: 1024 }),
  password_confirmation: Type.Optional(Type.String({ maxLength: 1024 })),
});
export type Registration = Static<typeof Registration>;

/** A new password through the link from the reset e-mail. */
export const PasswordChange = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  email: Email,
  password: Type.String({ maxLength: 1024 }),
  password_confirmation: Type.String({ maxLength: 1024 }),
});
export type PasswordChange = Static<typeof PasswordChange>;

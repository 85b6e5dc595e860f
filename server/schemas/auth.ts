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

/** A right password for an account with two-factor sign-in: the code is asked for next. */
export const TwoFactorChallenge = Type.Object({
  two_factor_required: Type.Literal(true),
  challenge: Type.String(),
});

/**
 * A right password from a new browser while the account is slowed: a code mailed to the account
 * is asked for next (the same answer comes for a wrong password, whose challenge no code fits).
 */
export const EmailCodeChallenge = Type.Object({
  email_code_required: Type.Literal(true),
  challenge: Type.String(),
});

/** Staff who must use two-factor sign-in and have not set it up: a link to do so was mailed. */
export const EnrolmentMailed = Type.Object({
  two_factor_enrolment_mailed: Type.Literal(true),
  message: Type.String(),
});

/** The mailed enrolment link's token. */
export const EnrolmentLinkUse = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

/**
 * What a sign-in step answers: the next step, or the sign-in. With two_factor_setup_required (an
 * enrolment link's sign-in), only enrolment and logout work with the token.
 */
export const LoginAnswer = Type.Union([
  TwoFactorChallenge,
  EmailCodeChallenge,
  EnrolmentMailed,
  Type.Intersect([LoginResponse, Type.Object({ two_factor_setup_required: Type.Optional(Type.Boolean()) })]),
]);

export const TwoFactorCode = Type.String({ minLength: 1, maxLength: 20, examples: ['123456'] });

export const TwoFactorLogin = Type.Object({
  challenge: Type.String({ minLength: 1, maxLength: 200 }),
  code: Type.Optional(TwoFactorCode),
  recovery_code: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
});

export const TwoFactorStatus = Type.Object({
  data: Type.Object({ enabled: Type.Boolean(), required: Type.Boolean() }),
});

export const TwoFactorSetup = Type.Object({
  data: Type.Object({ secret: Type.String(), otpauth_url: Type.String() }),
});

export const RecoveryCodes = Type.Object({
  data: Type.Object({ recovery_codes: Type.Array(Type.String()) }),
});

export const SignInSession = Type.Object({
  id: Type.Integer(),
  current: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  last_used_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  user_agent: Type.Union([Type.String(), Type.Null()]),
  /** The browser and system, read from the user agent. */
  device: Type.String(),
  /** 'Lokalt nettverk' for a private or loopback address, otherwise the address. */
  place: Type.String(),
});

export const SignInSessions = Type.Object({ data: Type.Array(SignInSession) });

export const StaffTwoFactorList = Type.Object({
  data: Type.Array(Type.Object({ id: Type.Integer(), first_name: Type.String(), last_name: Type.String(), email: Type.String(), two_factor: Type.Boolean() })),
});

import { Type } from 'typebox';

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

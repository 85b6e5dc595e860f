/** The member form's yup schema (create and edit), loaded with yup on the form's first validation (memberResolver). */
import * as yup from 'yup';
import { EMAIL_PATTERN, GENDERS } from '../../../server/schemas/rules.ts';
import { REQUIRED, REQUIRED_MESSAGE, type MemberFormMode } from './memberForm.ts';
import '../../i18n/app/members-pages-nb.ts';

const INVALID_EMAIL = 'app.member.invalid_email';

export function memberSchema(mode: MemberFormMode) {
  const required = new Set(REQUIRED[mode]);
  const message = REQUIRED_MESSAGE[mode];
  const text = (field: string) => {
    const base = yup.string().nullable().trim();
    return required.has(field) ? base.required(message) : base;
  };
  return yup.object({
    first_name: text('first_name'),
    last_name: text('last_name'),
    email: text('email').matches(EMAIL_PATTERN, { message: INVALID_EMAIL, excludeEmptyString: true }),
    phone: text('phone'),
    address: text('address'),
    postal_code: text('postal_code'),
    postal_area: text('postal_area'),
    artist_name: text('artist_name'),
    invoice_method: text('invoice_method'),
    membership_start_date: text('membership_start_date'),
    gender: yup
      .number()
      .nullable()
      .oneOf([...GENDERS], message)
      .required(message),
    invoice_email: yup
      .string()
      .nullable()
      .trim()
      .when('invoice_method', {
        is: 'EMAIL',
        then: (schema) => schema.required(message).matches(EMAIL_PATTERN, INVALID_EMAIL),
      }),
  });
}

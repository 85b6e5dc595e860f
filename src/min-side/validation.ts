/** The spec's form rules (section 5) as yup schemas, with its messages. */
import { boolean, number, object, ref, string } from 'yup';
import { texts } from './texts.ts';

const v = texts.validation;

/** A simple e-mail pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const email = (required: string) => string().trim().required(required).matches(EMAIL_PATTERN, v.email);

const password = {
  password: string().required(v.passwordMin).min(8, v.passwordMin),
  password_confirmation: string()
    .required(v.passwordMatch)
    .oneOf([ref('password')], v.passwordMatch),
};

export const loginSchema = object({
  email: email(v.required),
  password: string().required(v.required),
});

export const resetSchema = object({ email: email(v.required) });

export const newPasswordSchema = object(password);

export const registerSchema = object({
  first_name: string().trim().required(v.required),
  last_name: string().trim().required(v.required),
  phone: string().trim().required(v.required),
  email: email(v.required),
  campaign_code: string().trim().default(''),
  terms: boolean().required(v.terms).oneOf([true], v.terms),
  ...password,
});

export const personalInfoSchema = object({
  address: string().trim().required(v.required),
  postal_code: string().trim().required(v.required),
  postal_area: string().trim().required(v.required),
  gender: number().required(v.required).oneOf([1, 2, 3], v.required),
  phone: string().trim().required(v.required),
  primary_instrument_type: number().required(v.instrument).min(1, v.instrument),
  birthdate: string().default(''),
  artist_name: string().default(''),
});

export const invoiceSchema = object({
  invoice_method: string().required(v.required).oneOf(['EFAKTURA', 'EMAIL'], v.required),
  invoice_email: string()
    .trim()
    .default('')
    .when('invoice_method', {
      is: 'EMAIL',
      then: (schema) => schema.required(v.email).matches(EMAIL_PATTERN, v.email),
    }),
});

export const profileSchema = object({
  first_name: string().trim().required(v.fillIn),
  last_name: string().trim().required(v.fillIn),
  email: string().trim().required(v.fillIn).matches(EMAIL_PATTERN, v.email),
  phone: string().trim().required(v.fillIn),
  address: string().trim().required(v.fillIn),
  postal_code: string().trim().required(v.fillIn),
  postal_area: string().trim().required(v.fillIn),
  gender: number().required(v.fillIn).oneOf([1, 2, 3], v.fillIn),
  invoice_method: string().trim().required(v.fillIn),
  invoice_email: string()
    .trim()
    .default('')
    .when('invoice_method', {
      is: 'EMAIL',
      then: (schema) => schema.required(v.fillIn).matches(EMAIL_PATTERN, v.email),
    }),
  birthdate: string().default(''),
  artist_name: string().default(''),
  primary_instrument_type: number().default(0),
});

export const campaignCodeSchema = object({ campaign_code: string().trim().required(v.required) });

export const memberCardSchema = object({
  phone_number: string().trim().required(v.smsRequired).min(8, v.smsMin),
});

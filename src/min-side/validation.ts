/**
 * The spec's form rules (section 5) as yup schemas, with its messages. Each message is read from
 * the shown catalogue when the form validates, so it follows the language switch.
 */
import { boolean, number, object, ref, string } from 'yup';
import {
  EMAIL_PATTERN,
  FORM_RULES,
  GENDERS,
  isPickerDate,
  INVOICE_METHODS,
  PASSWORD_MIN_LENGTH,
  RULE_MESSAGES,
  SMS_PHONE_MIN_LENGTH,
  type FormRule,
} from '../../server/schemas/rules.ts';
import { activeTexts } from './locale.tsx';
import type { MinSideTexts } from './texts.ts';

type Key = keyof MinSideTexts['validation'];

/** The message under `key`, in the language shown when the form validates. */
const say = (key: Key) => () => activeTexts().validation[key];

/** A form rule's message (the server's bokmål text), in the language shown. */
const ruleMessage = (rule: FormRule) => {
  const key = (Object.keys(RULE_MESSAGES) as (keyof typeof RULE_MESSAGES)[]).find((name) => RULE_MESSAGES[name] === rule.message);
  return key ? say(key) : rule.message;
};

const v = {
  required: say('required'),
  email: say('email'),
  passwordMin: say('passwordMin'),
  passwordMatch: say('passwordMatch'),
  date: say('date'),
  terms: say('terms'),
  instrument: say('instrument'),
  smsRequired: say('smsRequired'),
  smsMin: say('smsMin'),
};

/** A text field that the form's rule requires or not, with the rule's message. */
const text = (rule: FormRule, field: string) => (rule.required.includes(field) ? string().trim().required(ruleMessage(rule)) : string().trim().default(''));

/** Only GENDERS pass, so a valid form's gender is a `Gender` (see gender.ts's `asGender`). */
const gender = (rule: FormRule) =>
  number()
    .required(ruleMessage(rule))
    .oneOf([...GENDERS], ruleMessage(rule));

/** An optional date from the date picker: empty, or a 'yyyy-MM-dd' in the picker's years. */
const pickerDate = () =>
  string()
    .default('')
    .test('picker-date', v.date, (value) => !value || isPickerDate(value));

const email = (required: ReturnType<typeof ruleMessage>) => string().trim().required(required).matches(EMAIL_PATTERN, v.email);

const password = {
  password: string().required(v.passwordMin).min(PASSWORD_MIN_LENGTH, v.passwordMin),
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

const signUp = FORM_RULES.registration;
export const registerSchema = object({
  first_name: text(signUp, 'first_name'),
  last_name: text(signUp, 'last_name'),
  phone: text(signUp, 'phone'),
  email: email(ruleMessage(signUp)),
  campaign_code: string().trim().default(''),
  terms: boolean().required(v.terms).oneOf([true], v.terms),
  ...password,
});

const stepTwo = FORM_RULES.registrationStepTwo;
export const personalInfoSchema = object({
  address: text(stepTwo, 'address'),
  postal_code: text(stepTwo, 'postal_code'),
  postal_area: text(stepTwo, 'postal_area'),
  gender: gender(stepTwo),
  phone: text(stepTwo, 'phone'),
  primary_instrument_type: number().required(v.instrument).min(1, v.instrument),
  birthdate: pickerDate(),
  artist_name: string().default(''),
});

export const invoiceSchema = object({
  invoice_method: string().required(ruleMessage(stepTwo)).oneOf<string>(INVOICE_METHODS, ruleMessage(stepTwo)),
  invoice_email: string()
    .trim()
    .default('')
    .when('invoice_method', {
      is: 'EMAIL',
      then: (schema) => schema.required(v.email).matches(EMAIL_PATTERN, v.email),
    }),
});

const profile = FORM_RULES.profile;
export const profileSchema = object({
  first_name: text(profile, 'first_name'),
  last_name: text(profile, 'last_name'),
  email: email(ruleMessage(profile)),
  phone: text(profile, 'phone'),
  address: text(profile, 'address'),
  postal_code: text(profile, 'postal_code'),
  postal_area: text(profile, 'postal_area'),
  gender: gender(profile),
  invoice_method: text(profile, 'invoice_method'),
  invoice_email: string()
    .trim()
    .default('')
    .when('invoice_method', {
      is: 'EMAIL',
      then: (schema) => schema.required(ruleMessage(profile)).matches(EMAIL_PATTERN, v.email),
    }),
  birthdate: pickerDate(),
  artist_name: string().default(''),
  primary_instrument_type: number().default(0),
});

export const campaignCodeSchema = object({ campaign_code: string().trim().required(v.required) });

export const memberCardSchema = object({
  phone_number: string().trim().required(v.smsRequired).min(SMS_PHONE_MIN_LENGTH, v.smsMin),
});

/** The quick checkout (spec section 5): only the terms must be accepted; the campaign code comes from the link; a yearly agreement is a choice. */
export const quickCheckoutSchema = object({
  campaign_code: string().trim().default(''),
  recurring: boolean().default(false),
  terms: boolean().required(v.terms).oneOf([true], v.terms),
});

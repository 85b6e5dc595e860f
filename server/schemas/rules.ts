/**
 * The field rules of the spec's forms (section 5) with their messages, written once for the
 * server and both apps. Plain TypeScript without imports: the browser bundles include it.
 */

export const RULE_MESSAGES = {
  required: 'Påkrevd felt',
  fillIn: 'Feltet må fylles ut',
  email: 'Ugyldig e-postadresse',
  passwordMin: 'Passord må være minst 8 tegn',
  passwordMatch: 'Passord må være likt!',
  smsRequired: 'Påkrevt felt',
  smsMin: 'Telefonnummer må være minst 8-sifrede nummer',
  date: 'Ugyldig dato: skriv dd/mm/åååå, fra år 1905 til neste år',
  /** The e-mail template form's sender address (spelled so). */
  templateEmail: 'Ugyldig Epost format',
  /** The spec's text (section 8), at sign-up and on Min side alike. */
  campaignCode: 'Ugyldig Kampanje kode',
} as const;

/** The same messages in English, for Min side in English and the server's answers to it. */
export const RULE_MESSAGES_EN: Readonly<Record<keyof typeof RULE_MESSAGES, string>> = {
  required: 'Required field',
  fillIn: 'Please fill in this field',
  email: 'Invalid email address',
  passwordMin: 'The password must be at least 8 characters',
  passwordMatch: 'The passwords must match',
  smsRequired: 'Required field',
  smsMin: 'The phone number must have at least 8 digits',
  date: 'Invalid date: write dd/mm/yyyy, from the year 1905 to next year',
  templateEmail: 'Invalid email format',
  campaignCode: 'Invalid campaign code',
};

/** A simple e-mail pattern: something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const PASSWORD_MIN_LENGTH = 8;
export const SMS_PHONE_MIN_LENGTH = 8;

/** The date picker's years (spec section 9): 1905 to next year. */
export const DATE_MIN_YEAR = 1905;
export const dateMaxYear = (today: Date = new Date()): number => today.getFullYear() + 1;

/** A 'yyyy-MM-dd' that names a day that exists (no 30 February). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  // Date.UTC keeps this free of the browser's time zone; an impossible day rolls into another month.
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar date 'yyyy-MM-dd' that exists and lies in the picker's years. */
export function isPickerDate(value: string, today: Date = new Date()): boolean {
  if (!isCalendarDate(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= DATE_MIN_YEAR && year <= dateMaxYear(today);
}

export const GENDERS = [1, 2, 3] as const;
export type Gender = (typeof GENDERS)[number];
export const INVOICE_METHODS = ['EFAKTURA', 'EMAIL'] as const;

export interface FormRule {
  /** Fields that must be filled in (text not only spaces, gender one of GENDERS). */
  readonly required: readonly string[];
  readonly message: string;
}

/** Each form's required fields and the message it shows under an empty one. */
export const FORM_RULES = {
  registration: { required: ['first_name', 'last_name', 'phone', 'email'], message: RULE_MESSAGES.required },
  registrationStepTwo: {
    required: ['address', 'postal_area', 'postal_code', 'phone', 'gender', 'invoice_method'],
    message: RULE_MESSAGES.required,
  },
  profile: {
    required: ['first_name', 'last_name', 'address', 'postal_area', 'postal_code', 'phone', 'email', 'gender', 'invoice_method'],
    message: RULE_MESSAGES.fillIn,
  },
  memberEdit: {
    required: ['first_name', 'last_name', 'email', 'phone', 'address', 'postal_code', 'postal_area', 'membership_start_date', 'artist_name'],
    message: RULE_MESSAGES.required,
  },
  memberCreate: {
    required: ['first_name', 'last_name', 'address', 'postal_area', 'postal_code', 'phone', 'email', 'gender', 'invoice_method'],
    message: RULE_MESSAGES.fillIn,
  },
  emailTemplate: { required: ['title', 'content', 'from_name', 'from_email'], message: RULE_MESSAGES.required },
  campaignCreate: {
    required: ['name', 'code', 'period_start', 'product_category_id', 'benefit_id'],
    message: RULE_MESSAGES.fillIn,
  },
  campaignEdit: { required: ['name', 'code', 'period_start'], message: RULE_MESSAGES.fillIn },
} as const satisfies Record<string, FormRule>;

export const isBlank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const isFilled = (field: string, value: unknown): boolean => (field === 'gender' ? (GENDERS as readonly unknown[]).includes(value) : !isBlank(value));

/**
 * The form's required fields that are empty in `values`. With `onlyPresent` (a partial update)
 * a field the values leave out is not checked: only one sent empty is refused.
 */
export function requiredErrors(rule: FormRule, values: Record<string, unknown>, onlyPresent = false): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const field of rule.required) {
    if (onlyPresent && !(field in values)) continue;
    if (!isFilled(field, values[field])) errors[field] = [rule.message];
  }
  return errors;
}

/** The invoice e-mail that invoicing by e-mail needs (empty when it is fine or not needed). */
export function invoiceEmailErrors(values: Record<string, unknown>, requiredMessage: string): Record<string, string[]> {
  if (values.invoice_method !== 'EMAIL') return {};
  if (isBlank(values.invoice_email)) return { invoice_email: [requiredMessage] };
  if (!EMAIL_PATTERN.test(String(values.invoice_email).trim())) return { invoice_email: [RULE_MESSAGES.email] };
  return {};
}

/** The registration password rules, as field errors (empty when the password is good). */
export function passwordErrors(password: string, confirmation?: string): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (password.length === 0) errors.password = [RULE_MESSAGES.fillIn];
  else if ([...password].length < PASSWORD_MIN_LENGTH) errors.password = [RULE_MESSAGES.passwordMin];
  if (confirmation !== undefined && confirmation !== password) errors.password_confirmation = [RULE_MESSAGES.passwordMatch];
  return errors;
}

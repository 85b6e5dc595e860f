/**
 * The placeholders each e-mail template may use (by slug; every template knows the member's name),
 * and the example values a preview or a test mail fills in. 'button' is not a value: it marks
 * where the server puts the template's button (a secret link, or a page of Min side: PAGE_BUTTONS).
 */
export const NAME_PLACEHOLDERS = ['first_name', 'last_name'];
export const PLACEHOLDERS: Record<string, { allowed: string[]; required: string[] }> = {
  'password-reset': { allowed: [...NAME_PLACEHOLDERS, 'button'], required: ['button'] },
  // The welcomes and the sign-up receipt: {min_side} is where the server links to Min side (at the end when missing).
  'registration-received': { allowed: [...NAME_PLACEHOLDERS, 'min_side'], required: [] },
  'vipps-welcome': { allowed: [...NAME_PLACEHOLDERS, 'email', 'button', 'min_side'], required: ['button'] },
  'import-welcome': { allowed: [...NAME_PLACEHOLDERS, 'email', 'button', 'min_side'], required: ['button'] },
  'member-card': { allowed: [...NAME_PLACEHOLDERS, 'member_number', 'campaign_code'], required: [] },
  'sign-in-code': { allowed: [...NAME_PLACEHOLDERS, 'code'], required: ['code'] },
  'two-factor-enrolment': { allowed: [...NAME_PLACEHOLDERS, 'button'], required: ['button'] },
  // A new staff user: the role they were given, the address they sign in with, and the link to choose a password.
  'staff-invitation': { allowed: [...NAME_PLACEHOLDERS, 'role', 'email', 'button'], required: ['button'] },
  'recovery-code-used': { allowed: [...NAME_PLACEHOLDERS, 'remaining'], required: [] },
  // The invoice's PDF is attached by the server; the text says what to pay.
  invoice: { allowed: [...NAME_PLACEHOLDERS, 'invoice_number', 'total', 'due_date', 'kid', 'account_number'], required: [] },
  // The reminders say what is still to pay; the lapse mail also until when the covers hold.
  'invoice-reminder-1': { allowed: [...NAME_PLACEHOLDERS, 'invoice_number', 'total', 'due_date', 'kid', 'account_number'], required: [] },
  'invoice-reminder-2': { allowed: [...NAME_PLACEHOLDERS, 'invoice_number', 'total', 'due_date', 'kid', 'account_number'], required: [] },
  'membership-lapsed': { allowed: [...NAME_PLACEHOLDERS, 'invoice_number', 'total', 'due_date', 'covered_until'], required: [] },
  // A charge on the member's Vipps agreement failed: the invoice is mailed instead.
  'vipps-charge-failed': { allowed: [...NAME_PLACEHOLDERS, 'invoice_number', 'total', 'due_date', 'kid', 'account_number'], required: [] },
  // A claim: the member's copy (the packet's zip attached by the server) and each change of its state with staff's note.
  'claim-received': { allowed: [...NAME_PLACEHOLDERS, 'instrument', 'claim_number', 'insurer'], required: [] },
  'claim-updated': { allowed: [...NAME_PLACEHOLDERS, 'instrument', 'claim_number', 'state', 'note'], required: [] },
  // To the office, not a member: how many, the day, and {members}, where the server puts its table of them.
  'membership-lapsed-staff': { allowed: ['count', 'date', 'members'], required: ['members'] },
  // The valuation reminders (insurance/valuation-reminders.ts): which instrument, its value, the rule;
  // {button} is a link to the member's instruments on Min side.
  'valuation-expiring': {
    allowed: [...NAME_PLACEHOLDERS, 'instrument', 'value', 'expires_on', 'years', 'appraisal_above', 'button'],
    required: [],
  },
  'valuation-renewal': { allowed: [...NAME_PLACEHOLDERS, 'instrument', 'value', 'missing', 'renewal_date', 'button'], required: [] },
};

export const placeholdersOf = (slug: string | null) => PLACEHOLDERS[slug ?? ''] ?? { allowed: NAME_PLACEHOLDERS, required: [] };

/** Example values for a test mail of a template whose placeholders are more than the name. */
export const EXAMPLE_VALUES = (): Record<string, string> => ({
  email: 'medlem@example.no',
  role: 'Saksbehandler',
  member_number: '10001',
  campaign_code: 'EKSEMPEL',
  code: '123456',
  remaining: '9',
  invoice_number: '1001',
  total: 'kr 1 290,00',
  due_date: '31.01.2027',
  kid: '00123 45678 90123',
  account_number: '1503.12.34562',
  covered_until: '31.12.2026',
  count: '1',
  date: '01.03.2027',
  members: 'Medlemsnr. 10001, Kari Nordmann, faktura 1001, kr 1 290,00',
  instrument: 'Fender Stratocaster',
  claim_number: '42',
  insurer: 'Demo Forsikring ASA',
  state: 'Under behandling',
  note: 'Vi har bedt forsikringsselskapet om en vurdering og svarer deg så snart vi har den.',
  value: '120 000',
  expires_on: '12.03.2027',
  years: '5',
  appraisal_above: '100 000',
  missing: 'en takst som ikke er eldre enn 5 år',
  renewal_date: '01.01.2027',
});

/**
 * The valuation settings' defaults, limits and Norwegian messages, shared by the server and the
 * staff app's form (no TypeBox here, so the browser bundle takes only these).
 */
export const VALUATION_STATES = ['ok', 'missing', 'expiring', 'expired'] as const;
export type ValuationState = (typeof VALUATION_STATES)[number];

/** Each setting's default (a NULL column in valuation_settings) and its limits. */
export const VALUATION_DEFAULTS = {
  appraisal_above: 100_000,
  appraisal_years: 5,
  receipt_above: 20_000,
  reminder_days: 60,
  renewal_reminder_days: 30,
} as const;

export type ValuationField = keyof typeof VALUATION_DEFAULTS;
export const VALUATION_FIELDS = Object.keys(VALUATION_DEFAULTS) as ValuationField[];

export const VALUATION_LIMITS: Record<ValuationField, { min: number; max: number }> = {
  appraisal_above: { min: 0, max: 100_000_000 },
  appraisal_years: { min: 1, max: 30 },
  receipt_above: { min: 0, max: 100_000_000 },
  reminder_days: { min: 1, max: 365 },
  renewal_reminder_days: { min: 1, max: 365 },
};

export const VALUATION_MESSAGES = {
  amount: (min: number, max: number) => `Må være et helt antall kroner fra ${min} til ${max.toLocaleString('nb-NO')}.`,
  years: (min: number, max: number) => `Må være et helt antall år fra ${min} til ${max}.`,
  days: (min: number, max: number) => `Må være et helt antall dager fra ${min} til ${max}.`,
  receiptBelowAppraisal: 'Grensen for kvittering må være lavere enn grensen for takst.',
} as const;

/** The Norwegian message for a setting outside its limits, or null when it is within them. */
export function valuationFieldError(field: ValuationField, value: unknown): string | null {
  const { min, max } = VALUATION_LIMITS[field];
  if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return null;
  if (field === 'appraisal_years') return VALUATION_MESSAGES.years(min, max);
  if (field === 'appraisal_above' || field === 'receipt_above') return VALUATION_MESSAGES.amount(min, max);
  return VALUATION_MESSAGES.days(min, max);
}

/** Every field's errors, and the rule between them: a receipt is asked for below the appraisal's limit. */
export function valuationSettingsErrors(values: Record<ValuationField, unknown>): Partial<Record<ValuationField, string[]>> {
  const errors: Partial<Record<ValuationField, string[]>> = {};
  for (const field of VALUATION_FIELDS) {
    const message = valuationFieldError(field, values[field]);
    if (message) errors[field] = [message];
  }
  if (!errors.receipt_above && !errors.appraisal_above && (values.receipt_above as number) >= (values.appraisal_above as number)) {
    errors.receipt_above = [VALUATION_MESSAGES.receiptBelowAppraisal];
  }
  return errors;
}

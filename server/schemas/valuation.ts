/**
 * The valuation rules (Innstillinger → 'Takst og dokumentasjon') and what they say of one
 * instrument: which documentation it needs and whether it has it. The limits and messages are
 * shared by the server and the staff app's settings form.
 */
import { Type, type Static } from 'typebox';
import { DateOnly, Nullable } from './common.ts';

export const VALUATION_STATES = ['ok', 'missing', 'expiring', 'expired'] as const;
export type ValuationState = (typeof VALUATION_STATES)[number];

export const Valuation = Type.Object({
  state: Type.Union(VALUATION_STATES.map((state) => Type.Literal(state)), {
    description: 'ok: dokumentert eller ikke nødvendig; missing: mangler takst eller kvittering; expiring: taksten går snart ut; expired: taksten er for gammel',
  }),
  expires_on: Nullable(DateOnly),
  needs: Nullable(Type.Union([Type.Literal('appraisal'), Type.Literal('receipt')], {
    description: 'appraisal: takst kreves (verdi over appraisal_above); receipt: kvittering eller takst (verdi over receipt_above); null: ingenting kreves',
  })),
  documented_value: Nullable(Type.Integer({ description: 'Den nyeste takstens verdi i hele kroner' })),
  documented_on: Nullable(DateOnly),
});
export type Valuation = Static<typeof Valuation>;

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

const setting = (description: string) => Type.Integer({ description });

export const ValuationSettings = Type.Object({
  appraisal_above: setting(`Over denne verdien (kr) kreves takst (standard ${VALUATION_DEFAULTS.appraisal_above})`),
  appraisal_years: setting(`Hvor mange år en takst gjelder (standard ${VALUATION_DEFAULTS.appraisal_years})`),
  receipt_above: setting(`Over denne verdien (kr) kreves kvittering eller takst (standard ${VALUATION_DEFAULTS.receipt_above})`),
  reminder_days: setting(`Påminnelse så mange dager før taksten går ut (standard ${VALUATION_DEFAULTS.reminder_days})`),
  renewal_reminder_days: setting(`Påminnelse så mange dager før fornyelsen 1. januar (standard ${VALUATION_DEFAULTS.renewal_reminder_days})`),
}, { additionalProperties: false });
export type ValuationSettings = Static<typeof ValuationSettings>;

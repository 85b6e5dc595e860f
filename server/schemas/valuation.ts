/**
 * The valuation rules (Innstillinger → 'Takst og dokumentasjon') and what they say of one
 * instrument: which documentation it needs and whether it has it. The settings' limits and
 * messages are in valuation-rules.ts, which the staff app's form reads too.
 */
import { Type, type Static } from 'typebox';
import { DateOnly, Nullable } from './common.ts';
import { VALUATION_DEFAULTS } from './valuation-rules.ts';

export * from './valuation-rules.ts';

export const Valuation = Type.Object({
  state: Type.Union([Type.Literal('ok'), Type.Literal('missing'), Type.Literal('expiring'), Type.Literal('expired')], {
    description:
      'ok: dokumentert eller ikke nødvendig; missing: mangler takst eller kvittering; expiring: taksten går snart ut; expired: taksten er for gammel',
  }),
  expires_on: Nullable(DateOnly),
  needs: Nullable(
    Type.Union([Type.Literal('appraisal'), Type.Literal('receipt')], {
      description: 'appraisal: takst kreves (verdi over appraisal_above); receipt: kvittering eller takst (verdi over receipt_above); null: ingenting kreves',
    }),
  ),
  documented_value: Nullable(Type.Integer({ description: 'Den nyeste takstens verdi i hele kroner' })),
  documented_on: Nullable(DateOnly),
});
export type Valuation = Static<typeof Valuation>;

const setting = (description: string) => Type.Integer({ description });

export const ValuationSettings = Type.Object(
  {
    appraisal_above: setting(`Over denne verdien (kr) kreves takst (standard ${VALUATION_DEFAULTS.appraisal_above})`),
    appraisal_years: setting(`Hvor mange år en takst gjelder (standard ${VALUATION_DEFAULTS.appraisal_years})`),
    receipt_above: setting(`Over denne verdien (kr) kreves kvittering eller takst (standard ${VALUATION_DEFAULTS.receipt_above})`),
    reminder_days: setting(`Påminnelse så mange dager før taksten går ut (standard ${VALUATION_DEFAULTS.reminder_days})`),
    renewal_reminder_days: setting(`Påminnelse så mange dager før fornyelsen 1. januar (standard ${VALUATION_DEFAULTS.renewal_reminder_days})`),
  },
  { additionalProperties: false },
);
export type ValuationSettings = Static<typeof ValuationSettings>;

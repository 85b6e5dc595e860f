/**
 * The claim form's rules (yup), loaded with the form's first validation. Messages are keys of the
 * claims' texts (claims-nb.ts `errors`), so they show in the language shown. The form's context
 * carries the day the insurance started: nothing before it can be claimed.
 */
import { array, object, string } from 'yup';
import { isCalendarDate } from '../../../server/schemas/rules.ts';
import { todayIso } from '../../common/format.ts';
import type { ClaimError } from './texts.ts';
import { NORWAY } from './countries.ts';

const say = (key: ClaimError) => key;

export interface ClaimContext {
  insuranceStart: string;
}

export const claimSchema = object({
  kind: string().default('').required(say('kindRequired')).oneOf(['theft', 'damage', 'loss'], say('kindRequired')),
  occurred_on: string()
    .default('')
    .required(say('dateRequired'))
    .test('date', say('dateInvalid'), (value) => isCalendarDate(value))
    .test('not-future', say('dateFuture'), (value) => value <= todayIso())
    .test('insured', say('dateBeforeStart'), (value, test) => {
      const start = (test.options.context as ClaimContext | undefined)?.insuranceStart;
      return !start || value >= start;
    }),
  place: string().default('').trim().required(say('placeRequired')).max(200, say('placeLong')),
  abroad: string().default('').required(say('whereRequired')).oneOf(['no', 'yes'], say('whereRequired')),
  country: string()
    .default('')
    .when('abroad', {
      is: 'yes',
      then: (schema) =>
        schema
          .required(say('countryRequired'))
          .matches(/^[A-Z]{2}$/, say('countryRequired'))
          .notOneOf([NORWAY], say('countryRequired')),
    }),
  description: string().default('').trim().required(say('descriptionRequired')).max(5000, say('descriptionLong')),
  police_report: string()
    .default('')
    .trim()
    .max(60, say('policeLong'))
    .when('kind', {
      is: 'theft',
      then: (schema) => schema.required(say('policeRequired')),
    }),
  document_ids: array(string().required()).default([]),
});

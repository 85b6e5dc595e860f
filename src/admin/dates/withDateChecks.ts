/**
 * A form resolver replaces react-hook-form's per-input rules, so a form with one (the member
 * forms' yup schema) gets the date inputs' check added here: a half-typed date or a year outside
 * 1905 to next year is an error on its field, not a silently empty value.
 */
import type { FieldValues, Resolver } from 'react-hook-form';
import { dateProblem } from './dateCheck.ts';

export function withDateChecks<T extends FieldValues>(resolver: Resolver<T>, fields: readonly string[]): Resolver<T> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    const errors: Record<string, unknown> = { ...result.errors };
    for (const field of fields) {
      const problem = dateProblem((values as Record<string, unknown>)[field]);
      if (problem && !errors[field]) errors[field] = { type: 'date', message: problem };
    }
    if (Object.keys(errors).length === 0) return result;
    return { values: {}, errors } as Awaited<ReturnType<Resolver<T>>>;
  };
}

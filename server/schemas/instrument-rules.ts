/**
 * The rules of one instrument row (spec section 5), plain TypeScript shared by the server, the
 * staff screen's editable table and Min side: type chosen, make and model not blank, a whole
 * value, a start date, and an end date (when there is one) not before the start.
 */
import { RULE_MESSAGES } from './rules.ts';

export interface InstrumentRowInput {
  instrument_category?: number | string | null;
  make?: string | null;
  model?: string | null;
  value?: number | string | null;
  insurance_start?: string | null;
  insurance_end?: string | null;
}

export const INSTRUMENT_MESSAGES = {
  value: 'Verdien må være et helt tall i kroner',
  endBeforeStart: 'Stoppdato kan ikke være før startdato',
  category: 'Velg type',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const blank = (value: unknown) => value === null || value === undefined || String(value).trim() === '';

/** The row's value as a whole number of kroner, or null when it is not one. */
export function instrumentValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const digits = value.replace(/[\s\u00a0]/g, '');
  return /^\d{1,9}$/.test(digits) ? Number(digits) : null;
}

/** Errors by field; an empty object means the row may be saved. */
export function instrumentRowErrors(row: InstrumentRowInput): Record<string, string> {
  const errors: Record<string, string> = {};
  if (blank(row.instrument_category) || Number(row.instrument_category) <= 0) errors.instrument_category = INSTRUMENT_MESSAGES.category;
  if (blank(row.make)) errors.make = RULE_MESSAGES.required;
  if (blank(row.model)) errors.model = RULE_MESSAGES.required;
  if (blank(row.value)) errors.value = RULE_MESSAGES.required;
  else if (instrumentValue(row.value) === null) errors.value = INSTRUMENT_MESSAGES.value;
  if (blank(row.insurance_start) || !DATE.test(String(row.insurance_start))) errors.insurance_start = RULE_MESSAGES.required;
  if (!blank(row.insurance_end)) {
    if (!DATE.test(String(row.insurance_end))) errors.insurance_end = RULE_MESSAGES.date;
    else if (!errors.insurance_start && String(row.insurance_end) < String(row.insurance_start)) {
      errors.insurance_end = INSTRUMENT_MESSAGES.endBeforeStart;
    }
  }
  return errors;
}

export const isValidInstrumentRow = (row: InstrumentRowInput): boolean => Object.keys(instrumentRowErrors(row)).length === 0;

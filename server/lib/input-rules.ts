/**
 * The two rules every value of every request meets, whatever its route's schema says, so that
 * hostile input is a clear 4xx and never reaches the database as something it refuses:
 * - text: no NUL or other control characters (tab and line breaks are fine) and no lone
 *   surrogate halves (text PostgreSQL cannot store or that is not valid UTF-8);
 * - numbers: finite and within PostgreSQL's integer range (every number we store is one).
 * Nesting deeper than any of our bodies is refused too.
 */
import { HTTP_TEXTS } from './http-texts.ts';

export const INPUT_MESSAGES = {
  text: HTTP_TEXTS.inputText.nb,
  number: HTTP_TEXTS.inputNumber.nb,
  depth: HTTP_TEXTS.inputDepth.nb,
} as const;

export const INT_MAX = 2147483647;
const MAX_DEPTH = 16;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const isAllowedText = (text: string): boolean => !CONTROL.test(text) && text.isWellFormed();
export const isAllowedNumber = (value: number): boolean => Number.isFinite(value) && Math.abs(value) <= INT_MAX;

export interface InputIssue {
  /** The field, dotted ('instruments.0.make'); '' for the value itself. */
  field: string;
  message: string;
}

/** The first value that breaks a rule, or null. Object keys are text too. */
export function findInputIssue(value: unknown, field = '', depth = 0): InputIssue | null {
  if (typeof value === 'string') return isAllowedText(value) ? null : { field, message: INPUT_MESSAGES.text };
  if (typeof value === 'number') return isAllowedNumber(value) ? null : { field, message: INPUT_MESSAGES.number };
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return { field, message: INPUT_MESSAGES.depth };
  const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value);
  for (const [key, item] of entries) {
    const path = field ? `${field}.${key}` : key;
    if (!isAllowedText(key)) return { field: path, message: INPUT_MESSAGES.text };
    const issue = findInputIssue(item, path, depth + 1);
    if (issue) return issue;
  }
  return null;
}

/**
 * The form's filter as the server takes it: a key left empty ('', null, an empty list) is left
 * out, since a key that is there filters. The yes/no/any selects hold 'yes' and 'no' in the form.
 */
import type { SegmentFilter } from '../../dataProvider/index.ts';

export const YES_NO_KEYS = ['has_travel', 'has_instruments', 'overdue', 'newsletter_2', 'newsletter_3'] as const;

export function cleanFilter(values: Record<string, unknown> | undefined): SegmentFilter {
  const filter: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values ?? {})) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    filter[key] = typeof value === 'string' ? value.trim() : value;
  }
  return filter as SegmentFilter;
}

/** A yes/no select's value in the form, and back. */
export const formatYesNo = (value: unknown) => (value === true ? 'yes' : value === false ? 'no' : '');
export const parseYesNo = (value: unknown) => (value === 'yes' ? true : value === 'no' ? false : null);

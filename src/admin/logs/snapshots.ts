/** How the rows of the before/after modals read an iteration's snapshot. */
import { formatAmount, formatDate, formatDateDots } from '../../common/format.ts';
import type { CompareRow, Snapshot } from './CompareTable.tsx';

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const nested = (value: unknown, key: string): unknown => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : value);

export function productName(snapshot: Snapshot): string {
  return text(nested(snapshot.product, 'name') ?? snapshot.product_name);
}

export const INSTRUMENT_ROWS: CompareRow[] = [
  { label: 'id', show: (s) => text(s.id) },
  { label: 'instrument', show: (s) => text(nested(s.category, 'title') ?? s.category_title ?? s.instrument_category) },
  { label: 'make', show: (s) => text(s.make) },
  { label: 'model', show: (s) => text(s.model) },
  { label: 'serial_number', show: (s) => text(s.serial_number) },
  { label: 'value', show: (s) => (s.value === null || s.value === undefined ? '' : `${formatAmount(s.value as number)},-`) },
  { label: 'start', show: (s) => formatDateDots(s.insurance_start as string) },
  { label: 'end', show: (s) => formatDateDots(s.insurance_end as string) },
];

export const TRAVEL_ROWS: CompareRow[] = [
  { label: 'id', show: (s) => text(s.id) },
  { label: 'value', show: (s) => (s.value === null || s.value === undefined ? '' : `${formatAmount(s.value as number)},-`) },
  { label: 'invoiced_for', show: (s) => formatDate(s.invoiced_for as string) },
  { label: 'start', show: (s) => formatDate(s.subscription_start as string) },
  { label: 'end', show: (s) => formatDate(s.subscription_end as string) },
  { label: 'updated', show: (s) => formatDate(s.updated_at as string) },
  { label: 'deleted', show: (s) => formatDate(s.deleted_at as string) },
];

/** What the member asked to change on an insured instrument, per field, as the tables show it. */
import type { EditableField } from '../../common/instrument-rows.ts';
import type { Formats } from '../texts.ts';
import type { InstrumentTexts } from './texts.ts';
import type { Instrument, InstrumentCategory } from './api.ts';

/** What the member asked to change, per field, as it would be shown. */
export function pendingOf(
  instrument: Instrument | undefined,
  categories: InstrumentCategory[],
  t: InstrumentTexts,
  format: Formats,
): Partial<Record<EditableField, string>> {
  const change = instrument?.requested_change;
  if (!instrument || !change) return {};
  if (change.delete) return { make: t.pendingDelete };
  const pending: Partial<Record<EditableField, string>> = {};
  if (change.instrument_category !== undefined && change.instrument_category !== instrument.instrument_category) {
    pending.instrument_category = categories.find((category) => category.id === change.instrument_category)?.title ?? '';
  }
  for (const field of ['make', 'model', 'serial_number'] as const) {
    if (change[field] !== undefined && change[field] !== instrument[field]) pending[field] = change[field] ?? '-';
  }
  if (change.value !== undefined && change.value !== instrument.value) pending.value = t.valueAmount(format.amount(change.value));
  return pending;
}

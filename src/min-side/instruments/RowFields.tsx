/** One instrument's inputs on Min side, as table cells that become a card at narrow widths. */
import { memo, type Dispatch } from 'react';
import { instrumentRowErrors } from '../../../server/schemas/instrument-rules.ts';
import type { EditableField, InstrumentRow, RowsAction } from '../../common/instrument-rows.ts';
import { useFormats, useShownLocale } from '../locale.tsx';
import { INSTRUMENT_TYPE_NAMES, shownName } from '../components/DataName.tsx';
import { useInstrumentTexts, type InstrumentTexts } from './texts.ts';
import type { InstrumentCategory } from './api.ts';

const fieldsOf = (t: InstrumentTexts): { field: EditableField; label: string; numeric?: boolean }[] => [
  { field: 'make', label: t.fields.make },
  { field: 'model', label: t.fields.model },
  { field: 'serial_number', label: t.fields.serial },
  { field: 'value', label: t.fields.value, numeric: true },
];

export interface RowFieldsProps {
  row: InstrumentRow;
  index: number;
  isNew: boolean;
  name: string;
  disabled: boolean;
  showErrors: boolean;
  categories: InstrumentCategory[];
  dispatch: Dispatch<RowsAction>;
  /** Shown beside a field: what the member already asked for ('Til behandling'). */
  pending?: Partial<Record<EditableField, string>>;
  onTouched?: (key: string) => void;
  action: React.ReactNode;
}

export const RowFields = memo(function RowFields(props: RowFieldsProps) {
  const t = useInstrumentTexts();
  const format = useFormats();
  const locale = useShownLocale();
  const { row, index, isNew, name, disabled, showErrors, categories, dispatch, pending = {}, onTouched, action } = props;
  const errors = showErrors ? instrumentRowErrors(row) : {};
  const change = (field: EditableField, value: string | number) => {
    onTouched?.(row.key);
    dispatch(isNew ? { type: 'editNew', key: row.key, field, value } : { type: 'edit', index, field, value });
  };
  const errorId = (field: string) => `${row.key}-${field}-error`;
  const note = (field: EditableField) => pending[field] && <span className="pending-note">{`${t.pending}: ${pending[field]}`}</span>;
  return (
    <tr>
      <td data-label={t.fields.type}>
        <span className="cell-stack">
          <select
            aria-label={`${t.fields.type}, ${name}`}
            value={row.instrument_category}
            disabled={disabled}
            aria-invalid={Boolean(errors.instrument_category)}
            aria-describedby={errors.instrument_category ? errorId('instrument_category') : undefined}
            onChange={(event) => change('instrument_category', event.target.value === '' ? '' : Number(event.target.value))}
          >
            <option value="" disabled>
              {t.chooseType}
            </option>
            {categories.map((category) => {
              const shown = shownName(INSTRUMENT_TYPE_NAMES, category.title, locale);
              return (
                <option key={category.id} value={category.id} lang={shown.lang}>
                  {shown.text}
                </option>
              );
            })}
          </select>
          {errors.instrument_category && (
            <span id={errorId('instrument_category')} className="field-error">
              {errors.instrument_category}
            </span>
          )}
          {note('instrument_category')}
        </span>
      </td>
      {fieldsOf(t).map(({ field, label, numeric }) => (
        <td key={field} data-label={label}>
          <span className="cell-stack">
            <input
              aria-label={`${label}, ${name}`}
              value={row[field]}
              disabled={disabled}
              inputMode={numeric ? 'numeric' : undefined}
              aria-invalid={Boolean(errors[field])}
              aria-describedby={errors[field] ? errorId(field) : undefined}
              onChange={(event) => change(field, event.target.value)}
            />
            {errors[field] && (
              <span id={errorId(field)} className="field-error">
                {errors[field]}
              </span>
            )}
            {note(field)}
          </span>
        </td>
      ))}
      <td data-label={t.fields.start}>{format.date(row.insurance_start)}</td>
      <td data-label="">{action}</td>
    </tr>
  );
});

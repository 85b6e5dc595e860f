/**
 * The spec's date picker for a cell of an editable table (not a react-admin form): dd/MM/yyyy
 * typed or picked, Norwegian texts, 1905 to next year; the value stays 'yyyy-MM-dd', '' when empty
 * and 'invalid' while half typed, so the row's own check refuses it. Drawn before its picker loads
 * as dateStandIn.tsx says.
 */
import { DateStandIn, PLACEHOLDER, useStandIn } from './dateStandIn.tsx';
import { TABLE_FIELD_SX } from './tableField.ts';
import type { TableDateFieldProps } from './DatePickerInput.tsx';

export function TableDateField(props: TableDateFieldProps) {
  const state = useStandIn('form, table');
  const { picker: loaded, wanted } = state;
  if (loaded) return <loaded.TableDatePicker {...props} focus={wanted.current.focus} openAtStart={wanted.current.open} />;
  const { value, onChange, label, disabled, error, describedBy } = props;
  return (
    <DateStandIn
      state={state}
      value={value}
      onType={(typed) => onChange(typed ?? '')}
      placeholder={PLACEHOLDER}
      clearable={false}
      openLabel={`${label}: velg dato`}
      textField={{ size: 'small', error, disabled, sx: TABLE_FIELD_SX }}
      htmlInput={{ 'aria-label': label, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy }}
    />
  );
}

export default TableDateField;

/**
 * The spec's date picker for a list's filter bar (no react-admin form around it): dd/MM/yyyy typed
 * or picked, Norwegian texts, a visible label; the value stays 'yyyy-MM-dd', '' when empty and
 * 'invalid' while half typed. Drawn before its picker loads as dateStandIn.tsx says.
 */
import { DateStandIn, openButtonLabel, PLACEHOLDER, useStandIn } from './dateStandIn.tsx';
import { FILTER_FIELD_LOOK } from './tableField.ts';
import type { FilterDateFieldProps } from './DatePickerInput.tsx';

export function FilterDateField(props: FilterDateFieldProps) {
  const state = useStandIn('form');
  const { picker: loaded, wanted } = state;
  if (loaded) return <loaded.FilterDatePicker {...props} focus={wanted.current.focus} openAtStart={wanted.current.open} />;
  const { value, onChange, id, label, error } = props;
  return (
    <DateStandIn
      state={state}
      value={value}
      onType={(typed) => onChange(typed ?? '')}
      placeholder={PLACEHOLDER}
      clearable
      openLabel={openButtonLabel(value)}
      textField={{ id, label, ...FILTER_FIELD_LOOK, error: !!error, helperText: error ?? ' ' }}
    />
  );
}

export default FilterDateField;

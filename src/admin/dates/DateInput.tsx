/**
 * The spec's date picker as a react-admin input: dd/MM/yyyy typed or picked (by keyboard too),
 * Norwegian months and texts, 1905 to next year, clearable; the form value stays 'yyyy-MM-dd'.
 */
import { useMemo } from 'react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { nbNO } from '@mui/x-date-pickers/locales';
import { nb } from 'date-fns/locale/nb';
import { FieldTitle, InputHelperText, useInput, type Validator } from 'react-admin';
import { dateProblem, FIRST_YEAR, fromDate, lastYear, toDate } from './dateValue.ts';

/** The pickers' bokmål texts, with the spec's placeholder 'dd/mm/åååå' (MUI's reads 'DD/MM/ÅÅÅÅ'). */
const localeText = {
  ...nbNO.components.MuiLocalizationProvider.defaultProps.localeText,
  fieldDayPlaceholder: () => 'dd',
  fieldMonthPlaceholder: () => 'mm',
  fieldYearPlaceholder: ({ digitAmount }: { digitAmount: number }) => 'å'.repeat(digitAmount),
};

/** Refuses what the picker only marks: a typed date outside the years it offers. */
export const validDate: Validator = (value) => dateProblem(value);

interface Props {
  source: string;
  /** A catalogue key; without it, react-admin reads the resource's resources.<resource>.fields.<source>. */
  label?: string;
  isRequired?: boolean;
  validate?: Validator | Validator[];
  /** The earliest day the picker offers ('yyyy-MM-dd'); the form's own check refuses earlier typed days. */
  minDate?: string | null;
}

export function DateInput({ source, label, isRequired, validate = [], minDate }: Props) {
  const { field, fieldState, id, isRequired: required } = useInput({
    source,
    isRequired,
    validate: [validDate, ...(Array.isArray(validate) ? validate : [validate])],
    format: (value) => value ?? null,
  });
  const error = fieldState.error?.message;
  // One Date per stored value: a new Date on every render of the form would read to the picker as
  // a change from outside and reset the section being typed (a half-typed date stays 'invalid').
  const value = useMemo(() => toDate(field.value), [field.value]);
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={nb} localeText={localeText}>
      <DatePicker
        value={value}
        onChange={(date) => field.onChange(fromDate(date))}
        format="dd/MM/yyyy"
        minDate={toDate(minDate ?? null) ?? new Date(FIRST_YEAR, 0, 1)}
        maxDate={new Date(lastYear(), 11, 31)}
        enableAccessibleFieldDOMStructure={false}
        inputRef={field.ref}
        label={<FieldTitle label={label} source={source} isRequired={required} />}
        slotProps={{
          field: { clearable: true },
          // The field keeps react-admin's id, so its label is `${id}-label` (MUI's TextField), not
          // the picker's own: name the calendar after the label the page really has.
          popper: { 'aria-labelledby': `${id}-label` },
          textField: {
            id,
            name: field.name,
            onBlur: field.onBlur,
            variant: 'filled',
            size: 'small',
            margin: 'dense',
            fullWidth: true,
            error: !!error,
            helperText: <InputHelperText error={error} />,
          },
        }}
      />
    </LocalizationProvider>
  );
}

export default DateInput;

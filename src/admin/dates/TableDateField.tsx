/**
 * The spec's date picker for a cell of an editable table (not a react-admin form): dd/MM/yyyy
 * typed or picked, Norwegian texts, 1905 to next year; the value stays 'yyyy-MM-dd', '' when empty
 * and 'invalid' while half typed, so the row's own check refuses it.
 */
import { useMemo } from 'react';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { nbNO } from '@mui/x-date-pickers/locales';
import { nb } from 'date-fns/locale/nb';
import { FIRST_YEAR, fromDate, lastYear, toDate } from './dateValue.ts';

const localeText = nbNO.components.MuiLocalizationProvider.defaultProps.localeText;

interface Props {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name: the column and the row. */
  label: string;
  disabled?: boolean;
  error?: boolean;
  describedBy?: string;
  /** The earliest day offered ('yyyy-MM-dd'). */
  minDate?: string;
}

export function TableDateField({ value, onChange, label, disabled, error, describedBy, minDate }: Props) {
  // One Date per value, so a re-render of the table does not reset the section being typed.
  const date = useMemo(() => toDate(value), [value]);
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={nb} localeText={localeText}>
      <DatePicker
        value={date}
        onChange={(date) => onChange(fromDate(date) ?? '')}
        format="dd/MM/yyyy"
        minDate={toDate(minDate ?? null) ?? new Date(FIRST_YEAR, 0, 1)}
        maxDate={new Date(lastYear(), 11, 31)}
        disabled={disabled}
        enableAccessibleFieldDOMStructure={false}
        slotProps={{
          openPickerButton: { 'aria-label': `${label}: velg dato` },
          textField: {
            size: 'small',
            error,
            sx: { minWidth: 150, '& .MuiInputBase-input': { fontSize: 14, py: 0.75 } },
            inputProps: { 'aria-label': label, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy },
          },
        }}
      />
    </LocalizationProvider>
  );
}

export default TableDateField;

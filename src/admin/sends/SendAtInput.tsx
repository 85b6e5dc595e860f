/**
 * The scheduled time of a send: MUI X's date-time picker (dd/MM/yyyy HH:mm, Norwegian texts, by
 * keyboard too) as a react-admin input, holding an ISO timestamp; a time in the past is refused
 * here as the server refuses it.
 */
import { useMemo } from 'react';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { nbNO } from '@mui/x-date-pickers/locales';
import { nb } from 'date-fns/locale/nb';
import { FieldTitle, InputHelperText, useInput, type Validator } from 'react-admin';
import '../../i18n/app/sends-pages-nb.ts';

/** What the form holds while the typed time is not a time. */
const INVALID = 'invalid';

const localeText = nbNO.components.MuiLocalizationProvider.defaultProps.localeText;

export const futureTime: Validator = (value: unknown) => {
  if (value === null || value === undefined || value === '') return 'app.sends.fields.send_at_missing';
  if (value === INVALID) return 'app.sends.invalid_time';
  return new Date(String(value)).getTime() <= Date.now() ? 'app.sends.past_time' : undefined;
};

export default function SendAtInput({ source, label }: { source: string; label: string }) {
  const input = useInput({ source, validate: futureTime, isRequired: true });
  const { field, fieldState, id } = input;
  const error = fieldState.error?.message;
  const value = useMemo(() => {
    if (!field.value || field.value === INVALID) return null;
    const date = new Date(String(field.value));
    return Number.isNaN(date.getTime()) ? null : date;
  }, [field.value]);
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={nb} localeText={localeText}>
      <DateTimePicker
        value={value}
        onChange={(date) => {
          if (date === null) field.onChange(null);
          else field.onChange(Number.isNaN(date.getTime()) ? INVALID : date.toISOString());
        }}
        format="dd/MM/yyyy HH:mm"
        ampm={false}
        disablePast
        enableAccessibleFieldDOMStructure={false}
        inputRef={field.ref}
        label={<FieldTitle label={label} source={source} isRequired />}
        slotProps={{
          popper: { 'aria-labelledby': `${id}-label` },
          textField: {
            id,
            name: field.name,
            onBlur: field.onBlur,
            error: !!error,
            helperText: <InputHelperText error={error} />,
            sx: { maxWidth: 320, width: '100%' },
          },
        }}
      />
    </LocalizationProvider>
  );
}

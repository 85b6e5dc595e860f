/** A date input bound to the form (YYYY-MM-DD, empty as null). */
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { useField, type FieldProps } from './useField.ts';

export function DateField(props: FieldProps) {
  const translate = useTranslate();
  const { field, error, helperText, isRequired } = useField(props);
  return (
    <TextField
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.target.value || null)}
      onBlur={field.onBlur}
      type="date"
      variant="filled"
      size="small"
      margin="dense"
      fullWidth
      required={props.isRequired ?? isRequired}
      disabled={props.disabled}
      label={translate(props.label)}
      error={error}
      helperText={helperText}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { ref: field.ref } }}
    />
  );
}

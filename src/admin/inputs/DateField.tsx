/** A date input bound to the form (YYYY-MM-DD, empty as null). */
import TextField from '@mui/material/TextField';
import { useField, type FieldProps } from './useField.ts';

export function DateField(props: FieldProps) {
  const { field, textFieldProps } = useField(props);
  return (
    <TextField
      {...textFieldProps}
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.target.value || null)}
      type="date"
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { ref: field.ref } }}
    />
  );
}

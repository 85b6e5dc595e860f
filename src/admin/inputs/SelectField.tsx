/** A select bound to the form; choices carry their labels already translated. */
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useField, type FieldProps } from './useField.ts';

export interface Choice {
  id: string | number;
  name: string;
  disabled?: boolean;
}

export function SelectField({ choices, ...props }: FieldProps & { choices: Choice[] }) {
  const { field, textFieldProps } = useField(props);
  const known = choices.some((choice) => choice.id === field.value);
  return (
    <TextField
      {...textFieldProps}
      select
      value={known ? field.value : ''}
      onChange={(event) => {
        const choice = choices.find((candidate) => String(candidate.id) === event.target.value);
        field.onChange(choice ? choice.id : event.target.value);
      }}
      slotProps={{ htmlInput: { ref: field.ref } }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id} disabled={choice.disabled}>{choice.name}</MenuItem>
      ))}
    </TextField>
  );
}

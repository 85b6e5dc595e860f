/** A text input bound to the form: text, e-mail, phone or password. */
import MuiTextField from '@mui/material/TextField';
import { useField, type FieldProps } from './useField.ts';

interface Props extends FieldProps {
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
}

export function TextField({ type = 'text', autoComplete, inputMode, ...props }: Props) {
  const { field, textFieldProps } = useField(props);
  return (
    <MuiTextField
      {...textFieldProps}
      value={field.value ?? ''}
      onChange={field.onChange}
      type={type}
      autoComplete={autoComplete}
      slotProps={{ htmlInput: { ref: field.ref, inputMode } }}
    />
  );
}

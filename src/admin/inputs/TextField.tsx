/** A text input bound to the form: text, e-mail, phone or password. */
import MuiTextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { useField, type FieldProps } from './useField.ts';

interface Props extends FieldProps {
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
}

export function TextField({ type = 'text', autoComplete, inputMode, ...props }: Props) {
  const translate = useTranslate();
  const { field, error, helperText, isRequired } = useField(props);
  return (
    <MuiTextField
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      type={type}
      autoComplete={autoComplete}
      variant="filled"
      size="small"
      margin="dense"
      fullWidth
      required={props.isRequired ?? isRequired}
      disabled={props.disabled}
      label={translate(props.label)}
      error={error}
      helperText={helperText}
      slotProps={{ htmlInput: { ref: field.ref, inputMode } }}
    />
  );
}

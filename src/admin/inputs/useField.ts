/**
 * Binds one of our MUI inputs to the react-admin form. React-admin's own inputs still pass
 * MUI 9 props it has dropped (InputProps, InputLabelProps, inputRef), which React reports as
 * errors, so the staff forms use these thin inputs on react-admin's useInput instead.
 */
import { useInput, useTranslate, type Validator } from 'react-admin';

export interface FieldProps {
  source: string;
  /** A catalogue key. */
  label: string;
  isRequired?: boolean;
  validate?: Validator | Validator[];
  /** Shown greyed out; the value is still part of the form. */
  disabled?: boolean;
}

export function useField({ source, validate, label, disabled, isRequired: required }: FieldProps) {
  const translate = useTranslate();
  const { field, fieldState, isRequired } = useInput({ source, validate });
  const message = fieldState.error?.message;
  return {
    field,
    /** What every staff input passes to MUI's TextField: one look, the label, the error under the field. */
    textFieldProps: {
      name: field.name,
      onBlur: field.onBlur,
      variant: 'filled',
      size: 'small',
      margin: 'dense',
      fullWidth: true,
      required: required ?? isRequired,
      disabled,
      label: translate(label),
      error: !!message,
      helperText: message ? translate(message, { _: message }) : ' ',
    } as const,
  };
}

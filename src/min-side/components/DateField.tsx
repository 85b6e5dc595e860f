/** The date picker (DateInput.tsx) as a field of a react-hook-form form. */
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { DateInput } from './DateInput.tsx';

interface DateFieldProps<T extends FieldValues> {
  label: string;
  name: Path<T>;
  control: Control<T>;
  autoComplete?: string;
  /** The message to show, for a form that words its own messages (else the field's own, in the language shown). */
  error?: string;
}

export function DateField<T extends FieldValues>({ label, name, control, autoComplete, error }: DateFieldProps<T>) {
  const { field, fieldState } = useController({ name, control });
  const binding = {
    name: field.name,
    value: String(field.value ?? ''),
    onChange: field.onChange,
    onBlur: field.onBlur,
    ref: field.ref,
    error: fieldState.error?.message,
  };
  return <DateInput label={label} field={binding} autoComplete={autoComplete} error={error} />;
}

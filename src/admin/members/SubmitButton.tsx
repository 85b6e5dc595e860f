/** A form's submit button, enabled only when the form is changed and valid (spec section 4). */
import Button from '@mui/material/Button';
import { useFormState } from 'react-hook-form';

export function SubmitButton({ label, busy = false }: { label: string; busy?: boolean }) {
  const state = useFormState();
  // Validity is read only once the form is changed: reading it subscribes the form to a whole
  // validation on mount, which would fetch the schema with the page (memberResolver).
  const disabled = !state.isDirty || !state.isValid || state.isSubmitting || busy;
  return (
    <Button type="submit" variant="contained" disabled={disabled}>
      {label}
    </Button>
  );
}

/** A form's submit button, enabled only when the form is changed and valid (spec section 4). */
import Button from '@mui/material/Button';
import { useFormState } from 'react-hook-form';

export function SubmitButton({ label, busy = false }: { label: string; busy?: boolean }) {
  const { isDirty, isValid, isSubmitting } = useFormState();
  return (
    <Button type="submit" variant="contained" disabled={!isDirty || !isValid || isSubmitting || busy}>
      {label}
    </Button>
  );
}

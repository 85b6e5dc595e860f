/** 'Avbryt' and 'Lagre' at the foot of a form dialog, both held while the form is saving. */
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { useFormState } from 'react-hook-form';
import { useTranslate } from 'react-admin';

export function DialogSaveActions({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <DialogActions>
      <Button onClick={onClose} disabled={isSubmitting}>{translate('app.cancel')}</Button>
      <Button type="submit" variant="contained" disabled={isSubmitting}>{translate('app.save')}</Button>
    </DialogActions>
  );
}

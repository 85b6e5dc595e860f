/**
 * 'Avbryt' and the dialog's action at the foot of an invoice dialog. Unlike the settings dialogs'
 * 'Lagre', the action stays enabled: pressing it with a wrong field says what is wrong under the
 * field, and nothing typed is lost.
 */
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { useFormState } from 'react-hook-form';
import { useTranslate } from 'react-admin';

export function DialogActionsRow({ onClose, submit }: { onClose: () => void; submit: string }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <DialogActions>
      <Button onClick={onClose} disabled={isSubmitting}>{translate('app.cancel')}</Button>
      <Button type="submit" variant="contained" disabled={isSubmitting}>{translate(submit)}</Button>
    </DialogActions>
  );
}

/**
 * 'Avbryt' and 'Lagre' at the foot of a form dialog, both held while the form is saving; 'Lagre' is
 * enabled only when the form is changed and valid (spec section 4), as the member forms'.
 */
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { useFormState } from 'react-hook-form';
import { useTranslate } from 'react-admin';

/** `sticky` keeps the buttons at the foot of the screen while a long dialog scrolls past them. */
export function DialogSaveActions({ onClose, sticky = false }: { onClose: () => void; sticky?: boolean }) {
  const translate = useTranslate();
  const { isDirty, isValid, isSubmitting } = useFormState();
  return (
    <DialogActions sx={sticky ? { position: 'sticky', bottom: 0, zIndex: 1, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' } : undefined}>
      <Button onClick={onClose} disabled={isSubmitting}>
        {translate('app.cancel')}
      </Button>
      <Button type="submit" variant="contained" disabled={!isDirty || !isValid || isSubmitting}>
        {translate('app.save')}
      </Button>
    </DialogActions>
  );
}

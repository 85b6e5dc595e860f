/**
 * The dialog of 'Slett personopplysninger' (EraseButton.tsx): staff type the member number to
 * erase the member's personal data; the server refuses a wrong number (422).
 */
import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useDataProvider, useRefresh, useTranslate } from 'react-admin';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import type { Member } from '../../dataProvider/types.ts';
import { fieldErrorsOf } from '../../dataProvider/errors.ts';
import { useToast } from '../toast.tsx';

export default function EraseDialog({ member, open, onClose }: { member: Member; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const toast = useToast();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const number = String(member.remote_id ?? member.id);

  const close = () => {
    onClose();
    setTyped('');
    setError(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await dataProvider.eraseMember(member.id, typed.trim());
      close();
      toast.success('app.privacy.erased_toast');
      refresh();
    } catch (failure) {
      const fields = fieldErrorsOf(failure);
      if (fields?.member_number) setError(fields.member_number);
      else toast.error('app.errors.generic');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby="erase-title" aria-describedby="erase-text">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="erase-title">{translate('app.privacy.erase_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="erase-text" sx={{ mb: 1 }}>{translate('app.privacy.erase_text')}</DialogContentText>
          <DialogContentText id="erase-confirm" sx={{ mb: 2, fontWeight: 500 }}>
            {translate('app.privacy.erase_confirm_text', { number })}
          </DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={translate('app.privacy.erase_confirm_label')}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'aria-describedby': 'erase-confirm' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('app.cancel')}</Button>
          <Button type="submit" variant="contained" color="error" disabled={busy || typed.trim() === ''}>
            {translate('app.privacy.erase_submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * The dialog of 'Slett personopplysninger' (EraseButton.tsx): staff type the member number to
 * erase the member's personal data. 'Slett for godt' is offered only once the typed number is the
 * member's (the server checks it again: 422). The dialog stays until the page has read the erased
 * member again, so the old data is never shown with its actions after the erasure.
 */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useDataProvider, useEditContext, useTranslate } from 'react-admin';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import type { Member } from '../../dataProvider/types.ts';
import { fieldErrorsOf } from '../../dataProvider/errors.ts';
import { useToast } from '../toast.tsx';

export default function EraseDialog({ member, open, onClose }: { member: Member; open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const toast = useToast();
  const { refetch } = useEditContext<Member>();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const number = String(member.remote_id ?? member.id);
  const matches = typed.trim() === number;

  const close = () => {
    onClose();
    setTyped('');
    setError(null);
  };

  const { mutate: erase, isPending: busy } = useMutation({
    mutationFn: async () => {
      await dataProvider.eraseMember(member.id, typed.trim());
      // The member page reads the erased member before the dialog goes (refetch is the Edit's own).
      await refetch();
    },
    onSuccess: () => {
      close();
      toast.success('app.privacy.erased_toast');
    },
    onError: (failure) => {
      const fields = fieldErrorsOf(failure);
      if (fields?.member_number) setError(fields.member_number);
      else toast.error('app.errors.generic');
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (matches && !busy) erase();
  }

  return (
    <Dialog open={open} onClose={close} aria-labelledby="erase-title" aria-describedby="erase-text">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="erase-title">{translate('app.privacy.erase_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="erase-text" sx={{ mb: 1 }}>
            {translate('app.privacy.erase_text')}
          </DialogContentText>
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
          <Button type="submit" variant="contained" color="error" disabled={busy || !matches}>
            {translate('app.privacy.erase_submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

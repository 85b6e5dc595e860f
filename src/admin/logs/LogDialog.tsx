/** The read-only modal of the log tabs; closes by X, 'Lukk' (nothing to cancel: it only shows) or Escape. */
import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import CloseIcon from '@mui/icons-material/Close';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';

export function LogDialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const translate = useTranslate();
  // A phone gets the whole screen, so the before/after dates fit on one line each.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} aria-labelledby="log-dialog-title">
      <DialogTitle id="log-dialog-title" sx={{ pr: 6 }}>
        {title}
      </DialogTitle>
      <IconButton aria-label={translate('app.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers sx={{ px: { xs: 1, sm: 3 }, '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

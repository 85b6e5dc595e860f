/** A running commit's or undo's progress, and the undo of a finished import (saying how many welcome mails have already gone out). */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { MemberImport } from '../../dataProvider/types.ts';
import { formatDate } from '../../common/format.ts';
import '../../i18n/app/member-import-pages-nb.ts';

/** The commit's progress (rows), or the undo's (members), as the server counts them. */
export function Running({ item, work }: { item: MemberImport; work: 'commit' | 'undo' }) {
  const translate = useTranslate();
  const percent = item.progress.rows > 0 ? Math.round((100 * item.progress.done) / item.progress.rows) : 0;
  const label = translate(`app.member_import.${work}.running`, item.progress);
  return (
    <Box role="status" sx={{ my: 2 }}>
      <Typography>{label}</Typography>
      <LinearProgress sx={{ mt: 1 }} variant={item.progress.done > 0 ? 'determinate' : 'indeterminate'} value={percent} aria-label={label} />
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        {translate(`app.member_import.${work}.running_waiting`)}
      </Typography>
    </Box>
  );
}

export function UndoButton({ item, busy, onUndo }: { item: MemberImport; busy: boolean; onUndo: () => Promise<unknown> }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const undo = async () => {
    await onUndo().catch(() => undefined);
    setOpen(false);
  };
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mt: 2 }}>
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          {translate('app.member_import.undo.button')}
        </Button>
        {item.undo_until && <Typography color="text.secondary">{translate('app.member_import.undo.until', { date: formatDate(item.undo_until) })}</Typography>}
      </Box>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="undo-title">
        <DialogTitle id="undo-title">{translate('app.member_import.undo.confirm_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('app.member_import.undo.confirm')}</DialogContentText>
          {item.send_welcome && (
            <DialogContentText sx={{ mt: 1 }}>
              {item.welcome_sent
                ? translate('app.member_import.undo.welcome_sent', { smart_count: item.welcome_sent })
                : translate('app.member_import.undo.welcome_none')}
            </DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('app.member_import.undo.cancel')}</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={undo}>
            {translate('app.member_import.undo.confirm_button')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

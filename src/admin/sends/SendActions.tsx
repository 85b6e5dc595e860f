/**
 * What can be done with a send in its state: a draft is tested, sent (after confirming how many
 * it goes to) or deleted; a scheduled one cancelled; a running one paused or cancelled; a paused
 * one resumed or cancelled. The count confirmed travels with the send: when the group has changed
 * meanwhile the server answers 409 with the new count, and staff are asked again with it.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { Confirm, useDataProvider, useDelete, useTranslate, type HttpError } from 'react-admin';
import type { Outreach, OutreachAction, StaffDataProvider } from '../../dataProvider/index.ts';
import { formatDate, formatTime } from '../../common/format.ts';
import { useToast } from '../toast.tsx';
import { formatCount } from './sendText.tsx';
import '../../i18n/app/sends-pages-nb.ts';

interface Props {
  send: Outreach;
  /** Recipients now, from the preview; undefined until it has come. */
  recipients: number | undefined;
  /** The draft has changes not saved: it cannot be sent or tested as it is on screen. */
  unsaved?: boolean;
  onChanged: (send: Outreach) => void;
}

const ACTIONS: Record<Outreach['state'], OutreachAction[]> = {
  draft: [],
  scheduled: ['cancel'],
  sending: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
  cancelled: [],
  done: [],
};

const DONE: Record<OutreachAction, string> = { pause: 'app.sends.done.paused', resume: 'app.sends.done.resumed', cancel: 'app.sends.done.cancelled' };

function SendDialog({
  send,
  count,
  changed,
  busy,
  onConfirm,
  onClose,
}: {
  send: Outreach;
  count: number;
  changed: string | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const later = send.send_at && new Date(send.send_at).getTime() > Date.now();
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby="send-confirm-title" aria-describedby="send-confirm-text">
      <DialogTitle id="send-confirm-title">{translate('app.sends.confirm.send_title')}</DialogTitle>
      <DialogContent>
        {changed && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {changed}
          </Alert>
        )}
        <DialogContentText id="send-confirm-text">
          {count === 1 ? translate('app.sends.confirm.send_one') : translate('app.sends.confirm.send', { count: formatCount(count) })}
          {later && ` ${translate('app.sends.confirm.scheduled', { when: `${formatDate(send.send_at)} ${formatTime(send.send_at)}` })}`}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('app.cancel')}
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy}>
          {translate('app.sends.confirm.yes_send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function SendActions({ send, recipients, unsaved = false, onChanged }: Props) {
  const translate = useTranslate();
  const toast = useToast();
  const navigate = useNavigate();
  const staffData = useDataProvider<StaffDataProvider>();
  const [remove] = useDelete<Outreach>();
  const [busy, setBusy] = useState(false);
  // The count staff are asked to confirm, and the server's words when it had changed.
  const [asking, setAsking] = useState<{ count: number; changed: string | null } | null>(null);
  const [confirming, setConfirming] = useState<'cancel' | 'delete' | null>(null);

  async function run<T>(work: () => Promise<T>, done: (result: T) => void) {
    setBusy(true);
    try {
      done(await work());
    } catch (error) {
      toast.error((error as HttpError).message || 'app.errors.generic_bang');
    } finally {
      setBusy(false);
    }
  }

  const test = () =>
    run(
      () => staffData.outreachTest(send.id),
      (message) => toast.success(message),
    );

  async function confirmSend() {
    if (!asking) return;
    setBusy(true);
    try {
      const started = await staffData.outreachSend(send.id, asking.count);
      setAsking(null);
      toast.success(started.state === 'scheduled' ? 'app.sends.done.scheduled' : 'app.sends.done.sent');
      onChanged(started);
    } catch (error) {
      const failure = error as HttpError;
      const count = (failure.body as { count?: unknown } | undefined)?.count;
      if (failure.status === 409 && typeof count === 'number') {
        // The group changed since the preview: ask again with the count the server has now.
        setAsking({ count, changed: failure.message || translate('app.sends.confirm.changed') });
      } else {
        setAsking(null);
        toast.error(failure.message || 'app.errors.generic_bang');
      }
    } finally {
      setBusy(false);
    }
  }

  const act = (action: OutreachAction) =>
    run(
      () => staffData.outreachAction(send.id, action),
      (changed) => {
        toast.success(DONE[action]);
        onChanged(changed);
      },
    );

  const deleteDraft = () => {
    remove(
      'outreaches',
      { id: send.id, previousData: send },
      {
        onSuccess: () => {
          toast.success('app.sends.done.deleted');
          navigate('/sends');
        },
        onError: (error) => toast.error((error as HttpError).message || 'app.errors.generic_bang'),
        onSettled: () => setConfirming(null),
      },
    );
  };

  const draft = send.state === 'draft';
  return (
    <Box
      role="group"
      aria-label={translate('app.sends.summary.heading')}
      aria-describedby={unsaved ? 'send-unsaved' : undefined}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {draft && unsaved && (
        <Typography id="send-unsaved" variant="body2" sx={{ flexBasis: '100%' }}>
          {translate('app.sends.unsaved')}
        </Typography>
      )}
      {(draft || send.state === 'scheduled') && (
        <Button variant="outlined" onClick={test} disabled={busy || unsaved}>
          {translate('app.sends.actions.test')}
        </Button>
      )}
      {draft && (
        <Button
          variant="contained"
          onClick={() => recipients !== undefined && setAsking({ count: recipients, changed: null })}
          disabled={busy || unsaved || recipients === undefined || recipients === 0}
        >
          {translate('app.sends.actions.send')}
        </Button>
      )}
      {ACTIONS[send.state].map((action) => (
        <Button
          key={action}
          variant={action === 'cancel' ? 'outlined' : 'contained'}
          color={action === 'cancel' ? 'error' : 'primary'}
          disabled={busy}
          onClick={() => (action === 'cancel' ? setConfirming('cancel') : act(action))}
        >
          {translate(`app.sends.actions.${action}`)}
        </Button>
      ))}
      {draft && (
        <Button color="error" onClick={() => setConfirming('delete')} disabled={busy}>
          {translate('app.sends.actions.delete')}
        </Button>
      )}
      {asking && <SendDialog send={send} count={asking.count} changed={asking.changed} busy={busy} onConfirm={confirmSend} onClose={() => setAsking(null)} />}
      <Confirm
        isOpen={confirming === 'cancel'}
        title="app.sends.confirm.cancel_title"
        content="app.sends.confirm.cancel"
        confirm="app.sends.confirm.yes_cancel"
        cancel="app.sends.confirm.keep"
        confirmColor="warning"
        loading={busy}
        onConfirm={() => {
          setConfirming(null);
          void act('cancel');
        }}
        onClose={() => setConfirming(null)}
      />
      <Confirm
        isOpen={confirming === 'delete'}
        title="app.sends.confirm.delete_title"
        content={translate('app.sends.confirm.delete', { subject: send.subject || translate('app.sends.no_subject') })}
        onConfirm={deleteDraft}
        onClose={() => setConfirming(null)}
      />
    </Box>
  );
}

/**
 * 'Sikkerhet og innlogging' from the profile panel: two-factor sign-in (set it up, or turn it off
 * with a current code) and one's active sign-ins (device, place, last used), each of which can be
 * ended. Loaded when opened, so the staff app's first load does not carry it.
 */
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslate } from 'react-admin';
import { http } from '../../common/http.ts';
import { formatDate, formatTime } from '../../common/format.ts';
import { readSession } from '../../common/session.ts';
import nb from '../../i18n/app/nb.ts';
import { useToast } from '../toast.tsx';
import { Can } from '../access/Can.tsx';
import TwoFactorEnrolment, { type TwoFactorTexts } from '../login/TwoFactorEnrolment.tsx';

interface Session {
  id: number;
  current: boolean;
  created_at: string;
  last_used_at: string | null;
  device: string;
  place: string;
}

const when = (value: string) => `${formatDate(value)} ${formatTime(value)}`;

export default function SecurityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const toast = useToast();
  const fullScreen = useMediaQuery('(max-width:599.98px)');
  const t = useMemo(
    () => Object.fromEntries(Object.keys(nb.app.two_factor).map((key) => [key, translate(`app.two_factor.${key}`)])) as TwoFactorTexts,
    [translate],
  );
  const [status, setStatus] = useState<{ enabled: boolean; required: boolean } | null>(null);
  const [mode, setMode] = useState<'view' | 'enrol' | 'disable'>('view');
  const [sessions, setSessions] = useState<Session[] | null>(null);

  const load = useCallback(async () => {
    const [two, list] = await Promise.all([
      http.get<{ data: { enabled: boolean; required: boolean } }>('/api/user/2fa'),
      http.get<{ data: Session[] }>('/api/user/sessions'),
    ]);
    if (two.ok) setStatus(two.data.data);
    if (list.ok) setSessions(list.data.data);
  }, []);

  useEffect(() => {
    if (open) {
      setMode('view');
      void load();
    }
  }, [open, load]);

  const endSession = async (session: Session) => {
    const result = await http.delete(`/api/user/sessions/${session.id}`);
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    toast.success(t.ended);
    void load();
  };

  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby="security-title">
      <DialogTitle id="security-title">{t.security}</DialogTitle>
      <DialogContent>
        <Box component="section" aria-labelledby="two-factor-title" sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2" id="two-factor-title">{t.title}</Typography>
          {mode === 'enrol' ? (
            <TwoFactorEnrolment
              texts={t}
              onError={(message) => toast.error(message)}
              onDone={() => {
                toast.success(t.enabled_done);
                setMode('view');
                void load();
              }}
            />
          ) : mode === 'disable' ? (
            <DisableForm texts={t} onCancel={() => setMode('view')} onDone={() => {
              toast.success(t.disabled_done);
              setMode('view');
              void load();
            }} />
          ) : status === null ? (
            <Typography role="status">{t.loading}</Typography>
          ) : (
            <>
              <Typography sx={{ my: 1 }}>{status.enabled ? t.status_on : t.status_off}</Typography>
              {status.required && <Typography sx={{ mb: 1 }} color="text.secondary">{t.required_note}</Typography>}
              {status.enabled ? (
                !status.required && <Button variant="outlined" onClick={() => setMode('disable')}>{t.disable}</Button>
              ) : (
                <Button variant="contained" onClick={() => setMode('enrol')}>{t.start}</Button>
              )}
            </>
          )}
        </Box>
        <Box component="section" aria-labelledby="sessions-title">
          <Typography variant="h6" component="h2" id="sessions-title">{t.sessions}</Typography>
          {sessions === null ? (
            <Typography role="status">{t.loading}</Typography>
          ) : (
            <List aria-labelledby="sessions-title">
              {sessions.map((session) => (
                <ListItem key={session.id} divider sx={{ flexWrap: 'wrap', columnGap: 2, px: 0 }}>
                  <ListItemText
                    sx={{ flex: '1 1 240px' }}
                    primary={`${session.device} · ${session.place}${session.current ? ` (${t.this_device})` : ''}`}
                    secondary={`${translate('app.two_factor.signed_in_at', { time: when(session.created_at) })}${
                      session.last_used_at ? `, ${translate('app.two_factor.last_used', { time: when(session.last_used_at) })}` : ''
                    }`}
                    slotProps={{ secondary: { sx: { color: 'text.secondary' } } }}
                  />
                  {!session.current && (
                    <Button size="small" variant="outlined" onClick={() => void endSession(session)} aria-label={translate('app.two_factor.end_session_label', { device: session.device })}>
                      {t.end_session}
                    </Button>
                  )}
                </ListItem>
              ))}
            </List>
          )}
        </Box>
        {/* Staff who administer staff ('staff.administer') reset others' two-factor sign-in. */}
        <Can right="staff.administer"><StaffReset texts={t} /></Can>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

function DisableForm({ texts, onCancel, onDone }: { texts: TwoFactorTexts; onCancel: () => void; onDone: () => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const result = await http.post('/api/user/2fa/disable', { code: code.trim() });
    setBusy(false);
    if (!result.ok) {
      setError(result.body?.errors?.code?.[0] ?? result.message);
      return;
    }
    onDone();
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 1 }}>
      <Typography>{texts.disable_intro}</Typography>
      <TextField
        label={texts.code}
        value={code}
        autoFocus
        required
        error={error !== null}
        helperText={error ?? ' '}
        onChange={(event) => {
          setCode(event.target.value);
          setError(null);
        }}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 } }}
      />
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>{texts.disable}</Button>
        <Button onClick={onCancel}>{texts.cancel}</Button>
      </Box>
    </Box>
  );
}

interface StaffRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  two_factor: boolean;
}

/** The administrator's reset of another staff user's two-factor sign-in (a lost phone). */
function StaffReset({ texts }: { texts: TwoFactorTexts }) {
  const translate = useTranslate();
  const toast = useToast();
  const [staff, setStaff] = useState<StaffRow[] | null>(null);
  const me = readSession()?.userId;
  const load = useCallback(async () => {
    const result = await http.get<{ data: StaffRow[] }>('/api/user/staff/2fa');
    if (result.ok) setStaff(result.data.data.filter((row) => row.two_factor && row.id !== me));
  }, [me]);
  useEffect(() => {
    void load();
  }, [load]);
  const reset = async (row: StaffRow) => {
    const result = await http.post<{ message: string }>(`/api/user/${row.id}/2fa/reset`);
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    toast.success(result.data.message);
    void load();
  };
  return (
    <Box component="section" aria-labelledby="staff-reset-title" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" id="staff-reset-title">{texts.staff_title}</Typography>
      <Typography sx={{ my: 1 }} color="text.secondary">{texts.staff_intro}</Typography>
      {staff === null ? (
        <Typography role="status">{texts.loading}</Typography>
      ) : staff.length === 0 ? (
        <Typography>{texts.staff_none}</Typography>
      ) : (
        <List aria-labelledby="staff-reset-title">
          {staff.map((row) => (
            <ListItem key={row.id} divider sx={{ flexWrap: 'wrap', columnGap: 2, px: 0 }}>
              <ListItemText sx={{ flex: '1 1 240px' }} primary={`${row.first_name} ${row.last_name}`} secondary={row.email} slotProps={{ secondary: { sx: { color: 'text.secondary' } } }} />
              <Button size="small" variant="outlined" color="error" onClick={() => void reset(row)} aria-label={translate('app.two_factor.staff_reset_label', { name: `${row.first_name} ${row.last_name}` })}>
                {texts.staff_reset}
              </Button>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

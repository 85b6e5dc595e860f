/**
 * 'Sikkerhet og innlogging' from the profile panel: two-factor sign-in (set it up, or turn it off
 * with a current code) and one's active sign-ins (device, place, last used), each of which can be
 * ended. Loaded when opened, so the staff app's first load does not carry it.
 */
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
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
import { useDataProvider, useTranslate } from 'react-admin';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import type { SignInSession, StaffTwoFactorRow } from '../../dataProvider/staff.ts';
import { fieldErrorsOf } from '../../dataProvider/errors.ts';
import { formatDate, formatTime } from '../../common/format.ts';
import { readSession } from '../../common/session.ts';
import { signInNb } from '../../i18n/app/sign-in-pages-nb.ts';
import { useToast } from '../toast.tsx';
import { Can } from '../access/Can.tsx';
import TwoFactorEnrolment, { type TwoFactorTexts } from '../login/TwoFactorEnrolment.tsx';

const when = (value: string) => `${formatDate(value)} ${formatTime(value)}`;

export default function SecurityDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const toast = useToast();
  const fullScreen = useMediaQuery('(max-width:599.98px)');
  const t = useMemo(
    () => Object.fromEntries(Object.keys(signInNb.two_factor).map((key) => [key, translate(`app.two_factor.${key}`)])) as TwoFactorTexts,
    [translate],
  );
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [mode, setMode] = useState<'view' | 'enrol' | 'disable'>('view');
  // Read each time the dialog opens, never from an earlier opening.
  const statusQuery = useQuery({ queryKey: ['security', 'two-factor'], queryFn: () => dataProvider.twoFactorStatus(), enabled: open, gcTime: 0 });
  const sessionsQuery = useQuery({ queryKey: ['security', 'sessions'], queryFn: () => dataProvider.signInSessions(), enabled: open, gcTime: 0 });
  const status = statusQuery.data ?? null;
  const sessions = sessionsQuery.data ?? null;
  const readAgain = () => {
    void statusQuery.refetch();
    void sessionsQuery.refetch();
  };

  useEffect(() => {
    if (open) setMode('view');
  }, [open]);

  const { mutate: endSession } = useMutation({
    mutationFn: (session: SignInSession) => dataProvider.endSignInSession(session.id),
    onSuccess: () => {
      toast.success(t.ended);
      void sessionsQuery.refetch();
    },
    onError: (error: Error) => toast.error(error.message),
  });

  return (
    <Dialog open={open} onClose={onClose} fullScreen={fullScreen} maxWidth="sm" fullWidth aria-labelledby="security-title">
      <DialogTitle id="security-title">{t.security}</DialogTitle>
      <DialogContent>
        <Box component="section" aria-labelledby="two-factor-title" sx={{ mb: 3 }}>
          <Typography variant="h6" component="h2" id="two-factor-title">
            {t.title}
          </Typography>
          {mode === 'enrol' ? (
            <TwoFactorEnrolment
              texts={t}
              onError={(message) => toast.error(message)}
              onDone={() => {
                toast.success(t.enabled_done);
                setMode('view');
                readAgain();
              }}
            />
          ) : mode === 'disable' ? (
            <DisableForm
              texts={t}
              onCancel={() => setMode('view')}
              onDone={() => {
                toast.success(t.disabled_done);
                setMode('view');
                readAgain();
              }}
            />
          ) : status === null ? (
            <Typography role="status">{t.loading}</Typography>
          ) : (
            <>
              <Typography sx={{ my: 1 }}>{status.enabled ? t.status_on : t.status_off}</Typography>
              {status.required && (
                <Typography sx={{ mb: 1 }} color="text.secondary">
                  {t.required_note}
                </Typography>
              )}
              {status.enabled ? (
                !status.required && (
                  <Button variant="outlined" onClick={() => setMode('disable')}>
                    {t.disable}
                  </Button>
                )
              ) : (
                <Button variant="contained" onClick={() => setMode('enrol')}>
                  {t.start}
                </Button>
              )}
            </>
          )}
        </Box>
        <Box component="section" aria-labelledby="sessions-title">
          <Typography variant="h6" component="h2" id="sessions-title">
            {t.sessions}
          </Typography>
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
                    <Button
                      size="small"
                      variant="outlined"
                      onClick={() => endSession(session)}
                      aria-label={translate('app.two_factor.end_session_label', { device: session.device })}
                    >
                      {t.end_session}
                    </Button>
                  )}
                </ListItem>
              ))}
            </List>
          )}
        </Box>
        {/* Staff who administer staff ('staff.administer') reset others' two-factor sign-in. */}
        <Can right="staff.administer">
          <StaffReset texts={t} />
        </Can>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.close}</Button>
      </DialogActions>
    </Dialog>
  );
}

function DisableForm({ texts, onCancel, onDone }: { texts: TwoFactorTexts; onCancel: () => void; onDone: () => void }) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { mutate: disable, isPending: busy } = useMutation({
    mutationFn: (typed: string) => dataProvider.disableTwoFactor(typed),
    onSuccess: onDone,
    onError: (failure: Error) => setError(fieldErrorsOf(failure)?.code ?? failure.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    disable(code.trim());
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
        <Button type="submit" variant="contained" disabled={busy}>
          {texts.disable}
        </Button>
        <Button onClick={onCancel}>{texts.cancel}</Button>
      </Box>
    </Box>
  );
}

/** The administrator's reset of another staff user's two-factor sign-in (a lost phone). */
function StaffReset({ texts }: { texts: TwoFactorTexts }) {
  const translate = useTranslate();
  const toast = useToast();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const me = readSession()?.userId;
  const staffQuery = useQuery({ queryKey: ['security', 'staff-two-factor'], queryFn: () => dataProvider.staffTwoFactor(), gcTime: 0 });
  const staff = staffQuery.data?.filter((row) => row.two_factor && row.id !== me) ?? null;
  const { mutate: reset } = useMutation({
    mutationFn: (row: StaffTwoFactorRow) => dataProvider.resetStaffTwoFactor(row.id),
    onSuccess: (message: string) => {
      toast.success(message);
      void staffQuery.refetch();
    },
    onError: (error: Error) => toast.error(error.message),
  });
  return (
    <Box component="section" aria-labelledby="staff-reset-title" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" id="staff-reset-title">
        {texts.staff_title}
      </Typography>
      <Typography sx={{ my: 1 }} color="text.secondary">
        {texts.staff_intro}
      </Typography>
      {staff === null ? (
        <Typography role="status">{texts.loading}</Typography>
      ) : staff.length === 0 ? (
        <Typography>{texts.staff_none}</Typography>
      ) : (
        <List aria-labelledby="staff-reset-title">
          {staff.map((row) => (
            <ListItem key={row.id} divider sx={{ flexWrap: 'wrap', columnGap: 2, px: 0 }}>
              <ListItemText
                sx={{ flex: '1 1 240px' }}
                primary={`${row.first_name} ${row.last_name}`}
                secondary={row.email}
                slotProps={{ secondary: { sx: { color: 'text.secondary' } } }}
              />
              <Button
                size="small"
                variant="outlined"
                color="error"
                onClick={() => reset(row)}
                aria-label={translate('app.two_factor.staff_reset_label', { name: `${row.first_name} ${row.last_name}` })}
              >
                {texts.staff_reset}
              </Button>
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

/**
 * 'Sikkerhet og innlogging' on the staff user's page: resetting their two-factor sign-in (they set
 * it up again at their next sign-in) and ending every sign-in of theirs, each asked first. One's
 * own are handled in the profile instead.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useReadAgain } from '../readAgain.ts';
import { Confirm, HttpError, useDataProvider, useTranslate } from 'react-admin';
import type { StaffUserDetail } from '../../../server/schemas/staff-users.ts';
import { readSession } from '../../common/session.ts';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import { useToast } from '../toast.tsx';
import { StaffCard } from './StaffCard.tsx';
import { personName } from './staffText.ts';
import '../../i18n/app/staff-users-pages-nb.ts';

type Action = 'reset_two_factor' | 'end_sessions';

export function StaffSecurityCard({ user }: { user: StaffUserDetail }) {
  const translate = useTranslate();
  const toast = useToast();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const readAgain = useReadAgain();
  const [asking, setAsking] = useState<Action | null>(null);
  const own = readSession()?.userId === user.id;
  const name = personName(user);
  const { mutate, isPending } = useMutation({
    mutationFn: (action: Action) => (action === 'reset_two_factor' ? dataProvider.resetStaffTwoFactor(user.id) : dataProvider.endStaffSessions(user.id)),
    onSuccess: (message) => toast.success(message),
    onError: (error) => toast.error(error instanceof HttpError && error.status < 500 && error.message ? error.message : 'app.errors.generic_bang'),
    onSettled: () => {
      setAsking(null);
      return readAgain();
    },
  });

  return (
    <StaffCard id="staff-security" title="app.staff_users.user.security_title">
      <Typography sx={{ mb: 2 }}>{translate(user.two_factor ? 'app.staff_users.user.two_factor_is_on' : 'app.staff_users.user.two_factor_is_off')}</Typography>
      {own && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('app.staff_users.user.own_security')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <Button variant="outlined" disabled={own || !user.two_factor} onClick={() => setAsking('reset_two_factor')}>
          {translate('app.staff_users.user.reset_two_factor')}
        </Button>
        <Button variant="outlined" color="error" disabled={own} onClick={() => setAsking('end_sessions')}>
          {translate('app.staff_users.user.end_sessions')}
        </Button>
      </Box>
      <Confirm
        isOpen={asking !== null}
        loading={isPending}
        title={translate(`app.staff_users.user.${asking ?? 'end_sessions'}_title`, { name })}
        content={translate(`app.staff_users.user.${asking ?? 'end_sessions'}_text`, { name })}
        confirm={`app.staff_users.user.${asking ?? 'end_sessions'}`}
        confirmColor="primary"
        onConfirm={() => asking && mutate(asking)}
        onClose={() => setAsking(null)}
      />
    </StaffCard>
  );
}

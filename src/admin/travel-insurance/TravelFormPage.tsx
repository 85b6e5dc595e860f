/** '/membership/edit/travel-insurance/{memberId}': staff order or change a member's travel insurance; a button to the logs. */
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import History from '@mui/icons-material/History';
import { Title, useGetOne, useTranslate } from 'react-admin';
import type { Member } from '../../dataProvider/types.ts';
import { MemberHeader } from '../layout/MemberHeader.tsx';
import { paths } from '../paths.ts';
import { TravelForm } from './TravelForm.tsx';
import { useTravelSubscription } from './useTravelSubscription.ts';
import { Can } from '../access/Can.tsx';
import '../../i18n/app/members-pages-nb.ts';

export function TravelFormPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const memberId = Number(useParams().memberId);
  const { data: member, error: memberError } = useGetOne<Member>('membership', { id: memberId }, { enabled: Number.isInteger(memberId) });
  const { subscription, isPending, error } = useTravelSubscription(memberId);
  const title = translate('app.travel_form.title');
  // An unknown member: the member page's not-found answer, with the way back and no form to order on.
  if ((memberError as { status?: number } | null)?.status === 404) {
    return (
      <>
        <MemberHeader backTo={paths.membership} title={translate('app.edit.not_found')} />
        <Alert severity="info">{translate('app.edit.not_found_text')}</Alert>
      </>
    );
  }
  return (
    <>
      <Title title={title} />
      <MemberHeader member={member} backTo={paths.editMember(memberId)} />
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Can right="logs.read">
            <Button variant="outlined" startIcon={<History />} onClick={() => navigate(paths.travelLogs(memberId))}>
              {translate('app.travel_form.logs')}
            </Button>
          </Can>
        </Box>
        {subscription?.state === 'pending' && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {translate('app.travel_form.pending')}
          </Alert>
        )}
        {error ? (
          <Alert severity="error">{translate('app.errors.generic_bang')}</Alert>
        ) : isPending ? null : (
          <TravelForm memberId={memberId} subscription={subscription} onSaved={() => navigate(paths.editMember(memberId))} />
        )}
      </Paper>
    </>
  );
}

export default TravelFormPage;

/**
 * '/travel-insurance/edit/subscription_id={s}&member_id={m}': one travel order with the travel
 * form and the request's 'Aksepter' and 'Avvis'. A malformed link shows why instead of a form.
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import History from '@mui/icons-material/History';
import { useMutation } from '@tanstack/react-query';
import { Title, useDataProvider, useGetOne, useTranslate } from 'react-admin';
import type { Member, RejectValues, StaffDataProvider, Subscription } from '../../dataProvider/index.ts';
import { MemberHeader } from '../layout/MemberHeader.tsx';
import { useReadAgain } from '../readAgain.ts';
import { paths } from '../paths.ts';
import { RejectDialog } from '../requests/rejectDialogOnOpen.ts';
import { useToast } from '../toast.tsx';
import { parseRequestLink } from './requestLink.ts';
import { TravelForm } from './TravelForm.tsx';
import { useTravelSubscription } from './useTravelSubscription.ts';
import { Can } from '../access/Can.tsx';
import '../../i18n/app/requests-pages-nb.ts';

function RequestButtons({ subscription, member }: { subscription: Subscription; member: Member | undefined }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const readAgain = useReadAgain();
  const navigate = useNavigate();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  // Accepting and rejecting are custom calls: the order leaves the travel queue, its state changes
  // in the subscriptions and the menu badge counts one less, so those are read again.
  const done = async (message: string) => {
    toast.success(message);
    await readAgain();
    navigate(paths.travelRequests);
  };
  const failed = (error: unknown) => {
    const status = (error as { status?: number })?.status;
    toast.error(status === 409 ? (error as Error).message : 'app.errors.generic_bang');
  };
  const {
    mutate: accept,
    isPending: accepting,
    isSuccess: accepted,
  } = useMutation({
    mutationFn: () => dataProvider.acceptRequest(subscription.id),
    onSuccess: () => done('app.requests.travel_accepted'),
    onError: failed,
  });
  // The dialog awaits the promise: it stays open (with what was typed) when the call fails.
  const { mutateAsync: reject } = useMutation({
    mutationFn: (values: RejectValues) => dataProvider.rejectRequest(subscription.id, values),
    onSuccess: () => {
      setOpen(false);
      return done('app.requests.travel_rejected');
    },
    onError: failed,
  });
  // After an accept the buttons stay off until the page leaves for the queue.
  const busy = accepting || accepted;
  const pending = subscription.state === 'pending';
  const name = member ? `${member.first_name} ${member.last_name}` : '';
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button variant="contained" color="error" startIcon={<CloseIcon />} disabled={!pending || busy} onClick={() => setOpen(true)}>
        {translate('app.requests.reject')}
      </Button>
      <Button variant="contained" color="success" startIcon={<CheckIcon />} disabled={!pending || busy} onClick={() => accept()}>
        {translate('app.requests.accept')}
      </Button>
      <RejectDialog
        open={open}
        kind="travel"
        memberId={subscription.member_id}
        title={translate('app.requests.travel_reject_title', { name })}
        onClose={() => setOpen(false)}
        onReject={async (values) => {
          await reject(values);
        }}
      />
    </Box>
  );
}

function RequestView({ subscriptionId, memberId }: { subscriptionId: number; memberId: number }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data: member } = useGetOne<Member>('membership', { id: memberId });
  const { subscription, isPending, error } = useTravelSubscription(memberId, subscriptionId);
  if (isPending) return null;
  if (error || !subscription)
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {translate('app.travel_form.not_found')}
      </Alert>
    );
  return (
    <>
      <MemberHeader member={member} backTo={paths.travelRequests} />
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 2 }}>
          <Typography variant="h6" component="h2">
            {translate('app.travel_form.title')}
          </Typography>
          <Can right="logs.read">
            <Button variant="outlined" startIcon={<History />} onClick={() => navigate(paths.travelLogs(memberId))}>
              {translate('app.travel_form.logs')}
            </Button>
          </Can>
        </Box>
        <Can right="requests.decide">
          <Box sx={{ mb: 2 }}>
            <RequestButtons subscription={subscription} member={member} />
          </Box>
        </Can>
        <TravelForm memberId={memberId} subscription={subscription} onSaved={() => navigate(paths.travelRequests)} />
      </Paper>
    </>
  );
}

export function TravelRequestEdit() {
  const translate = useTranslate();
  const link = parseRequestLink(useParams().link);
  return (
    <>
      <Title title={translate('app.breadcrumb.travel_insurance')} />
      {link ? (
        <RequestView subscriptionId={link.subscriptionId} memberId={link.memberId} />
      ) : (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {translate('app.travel_form.bad_link')}
        </Alert>
      )}
    </>
  );
}

export default TravelRequestEdit;

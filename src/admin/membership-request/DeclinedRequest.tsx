/**
 * '/membership-request/edit/{subscriptionId}': one declined application. Shows the application
 * (applicant, dates, campaign, a probable duplicate) and the rejection (reason, when, by whom,
 * whether and when the mail went out), and lets staff reopen it as pending or accept it after all.
 */
import { type ReactNode } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Check from '@mui/icons-material/Check';
import Replay from '@mui/icons-material/Replay';
import { useMutation } from '@tanstack/react-query';
import { Title, useDataProvider, useGetOne, useTranslate } from 'react-admin';
import { formatIsoDate, formatPhone, formatTime } from '../../common/format.ts';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import type { MembershipRequest } from '../../dataProvider/types.ts';
import { useReadAgain } from '../readAgain.ts';
import { InitialsBadge } from '../logs/InitialsBadge.tsx';
import { paths } from '../paths.ts';
import { useToast } from '../toast.tsx';
import { DuplicateWarning } from './DuplicateWarning.tsx';
import { membershipRequestPaths } from './paths.ts';
import { reasonText } from './reasonText.ts';
import { Can } from '../access/Can.tsx';
import '../../i18n/app/requests-pages-nb.ts';

const when = (value: string | null | undefined) => (value ? `${formatIsoDate(value)} ${formatTime(value)}` : '');

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.75 }}>
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={title} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ m: 0 }}>
        {children}
      </Box>
    </Paper>
  );
}

function MailState({ request }: { request: MembershipRequest }) {
  const translate = useTranslate();
  if (!request.mail_sent_at) return <>{translate('app.membership_requests.page.mail_none')}</>;
  if (request.mail_status === 'failed') return <>{translate('app.membership_requests.page.mail_failed', { when: when(request.mail_sent_at) })}</>;
  return <>{translate('app.membership_requests.page.mail_sent', { when: when(request.mail_sent_at) })}</>;
}

interface RequestAction {
  call: () => Promise<unknown>;
  success: string;
  after: () => void;
}

function useRequestActions(request: MembershipRequest | undefined, refetch: () => void) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const readAgain = useReadAgain();
  const toast = useToast();
  const navigate = useNavigate();

  // Reopening or accepting is a custom call on the request: it moves between the queue and the
  // declined list, and the menu badge counts it, so those (other resources) are read again.
  const { mutate: run, isPending: busy } = useMutation({
    mutationFn: (action: RequestAction) => action.call(),
    onSuccess: async (_answer, action) => {
      toast.success(action.success);
      await readAgain();
      action.after();
    },
    onError: (error) => {
      const status = (error as { status?: number })?.status;
      if (status === 409) toast.error(error.message);
      else toast.contactProvider();
      refetch();
    },
  });

  return {
    busy,
    reopen: () =>
      request &&
      run({
        call: () => dataProvider.reopenRequest(request.id),
        success: 'app.membership_requests.page.reopened',
        after: () => navigate(membershipRequestPaths.queue),
      }),
    accept: () =>
      request &&
      run({
        call: () => dataProvider.acceptRequest(request.id, { late: true }),
        success: 'app.requests.membership_accepted',
        after: refetch,
      }),
  };
}

export function DeclinedRequest() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { id } = useParams();
  const {
    data: request,
    isPending,
    error,
    refetch,
  } = useGetOne<MembershipRequest>('membership-requests', { id: Number(id) }, { enabled: id !== undefined, refetchOnWindowFocus: false, retry: false });
  const actions = useRequestActions(request, () => void refetch());

  const back = (
    <Button variant="outlined" startIcon={<ArrowBack />} onClick={() => navigate(membershipRequestPaths.declined)}>
      {translate('app.back')}
    </Button>
  );

  if (isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={translate('app.loading')} />
      </Box>
    );
  if (error || !request) {
    const missing = (error as { status?: number } | null)?.status === 404;
    return (
      <Stack spacing={2} sx={{ my: 2 }}>
        <Typography variant="h5" component="h1">
          {translate('app.breadcrumb.membership_declined_one')}
        </Typography>
        <Alert severity="error">{translate(missing ? 'app.membership_requests.page.not_found' : 'app.errors.generic')}</Alert>
        <Box>{back}</Box>
      </Stack>
    );
  }

  const name = `${request.member.first_name} ${request.member.last_name}`;
  const title = translate('app.membership_requests.page.title', { name });
  const rejected = request.state === 'rejected';
  const address = [request.member.address, [request.member.postal_code, request.member.postal_area].filter(Boolean).join(' ')].filter(Boolean).join(', ');

  return (
    <Box sx={{ my: 2 }}>
      <Title title={title} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          {back}
          <Can right="requests.decide">
            <Button variant="outlined" startIcon={<Replay />} disabled={!rejected || actions.busy} onClick={actions.reopen}>
              {translate('app.membership_requests.page.reopen')}
            </Button>
            <Button variant="contained" color="success" startIcon={<Check />} disabled={!rejected || actions.busy} onClick={actions.accept}>
              {translate('app.membership_requests.page.accept_late')}
            </Button>
          </Can>
        </Box>
      </Box>
      <Stack spacing={2}>
        <Section title={translate('app.membership_requests.page.application')}>
          <Field label={translate('app.membership_requests.page.applicant')}>
            <Link component={RouterLink} to={paths.editMember(request.member_id)}>
              {name}
            </Link>
            {request.member.remote_id ? ` (${request.member.remote_id})` : ''}
          </Field>
          <Field label={translate('app.membership_requests.page.email')}>{request.member.email}</Field>
          <Field label={translate('app.membership_requests.page.mobile')}>{formatPhone(request.member.phone)}</Field>
          <Field label={translate('app.membership_requests.page.address')}>{address}</Field>
          <Field label={translate('app.membership_requests.page.artist')}>{request.member.artist_name ?? ''}</Field>
          <Field label={translate('app.membership_requests.page.campaign')}>{request.campaign_code ?? ''}</Field>
          <Field label={translate('app.membership_requests.page.applied')}>{formatIsoDate(request.created_at)}</Field>
          <Field label={translate('app.membership_requests.page.state')}>{translate(`app.membership_requests.page.states.${request.state}`)}</Field>
          {request.possible_duplicate && (
            <Field label={translate('app.membership_requests.columns.warning')}>
              <DuplicateWarning duplicate={request.possible_duplicate} />
            </Field>
          )}
        </Section>
        {request.rejected_at && (
          <Section title={translate('app.membership_requests.page.rejection')}>
            <Field label={translate('app.membership_requests.page.reason')}>
              <Box component="span" sx={{ whiteSpace: 'pre-line', display: 'block' }}>
                {reasonText(request.reason_for_rejection)}
              </Box>
            </Field>
            <Field label={translate('app.membership_requests.page.rejected_at')}>{when(request.rejected_at)}</Field>
            <Field label={translate('app.membership_requests.page.rejected_by')}>
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                <InitialsBadge person={request.rejected_by} />
                {request.rejected_by ? `${request.rejected_by.first_name} ${request.rejected_by.last_name}` : ''}
              </Box>
            </Field>
            <Field label={translate('app.membership_requests.page.mail')}>
              <MailState request={request} />
            </Field>
          </Section>
        )}
      </Stack>
    </Box>
  );
}

export default DeclinedRequest;

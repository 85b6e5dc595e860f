/** '/membership/edit/{id}': the personal-information form, access, logs and the insurance summaries. */
import type { ReactNode } from 'react';
import { useParams, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import History from '@mui/icons-material/History';
import { EditBase, Form, Offline, Title, useEditContext, useTranslate } from 'react-admin';
import { LoadingContent } from '../layout/TitledScreens.tsx';
import type { Member } from '../../dataProvider/types.ts';
import { MemberHeader } from '../layout/MemberHeader.tsx';
import { paths } from '../paths.ts';
import { useToast } from '../toast.tsx';
import { BlockButton } from './BlockButton.tsx';
import { EraseButton } from './EraseButton.tsx';
import { MemberDataButton } from './MemberDataButton.tsx';
import { formatDate } from '../../common/format.ts';
import { ChangeHistory } from './ChangeHistory.tsx';
import { InstrumentCard } from './InstrumentCard.tsx';
import { MemberInputs } from './MemberInputs.tsx';
import { MemberInvoices } from './MemberInvoices.tsx';
import { MemberVippsAgreement } from './MemberVippsAgreement.tsx';
import { toMemberPayload } from './memberForm.ts';
import { memberResolver } from './memberResolver.ts';
import { SubmitButton } from './SubmitButton.tsx';
import { TravelCard } from './TravelCard.tsx';
import { withDateChecks } from '../dates/withDateChecks.ts';
import { Can } from '../access/Can.tsx';
import '../../i18n/app/members-pages-nb.ts';

const resolver = withDateChecks(memberResolver('edit'), ['birthdate', 'membership_start_date']);

const isWhole = (record: Member | undefined): record is Member => !!record && 'subscription_travel_insurance' in record;

/**
 * The page's box, react-admin's Edit view without its default actions (a 'Vis' button the page
 * never shows): the title, then the member, the error or the offline notice. The
 * member's page is taller than a window: until the whole member is there, a window's height is
 * held, so the footer starts below the fold and is not pushed out of view when the form arrives
 * (layout shift).
 */
function EditSpace({ title, children }: { title: string; children: ReactNode }) {
  const { record, error, isPaused, isPending } = useEditContext<Member>();
  return (
    // minWidth 0: a wide table inside (the invoices on a phone) scrolls in its own box instead of widening the page.
    <Box className="edit-page" sx={{ minWidth: 0 }} style={isWhole(record) || error ? undefined : { minHeight: '100vh' }}>
      <Title title={title} />
      {isPaused && isPending ? <Offline /> : error ? <MemberLoadError /> : children}
    </Box>
  );
}

/** While the session is checked: react-admin's loading indicator (blank for its first second) in the same held space. */
const authLoading = (
  <Box sx={{ minHeight: '100vh' }}>
    <LoadingContent />
  </Box>
);

function MemberEditView() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { record } = useEditContext<Member>();
  // The overview's rows seed react-admin's cache of single records, but a row lacks the form's
  // fields and the subscriptions: wait for the whole member.
  if (!isWhole(record)) return null;
  if (record.erased_at) {
    return (
      <>
        <MemberHeader member={record} backTo={paths.membership} />
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('app.privacy.erased_notice', { date: formatDate(record.erased_at) })}
        </Alert>
        <Can right="logs.read">
          <Button variant="outlined" startIcon={<History />} onClick={() => navigate(paths.memberLogs(record.id))}>
            {translate('app.edit.message_log')}
          </Button>
        </Can>
        <Can right="billing.read">
          <MemberInvoices />
        </Can>
        <ChangeHistory />
      </>
    );
  }
  return (
    <>
      <MemberHeader member={record} backTo={paths.membership} />
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <BlockButton member={record} />
        <Can right="logs.read">
          <Button variant="outlined" startIcon={<History />} onClick={() => navigate(paths.memberLogs(record.id))}>
            {translate('app.edit.message_log')}
          </Button>
        </Can>
        <MemberDataButton member={record} />
        <Can right="members.erase">
          <EraseButton member={record} />
        </Can>
      </Stack>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' }, alignItems: 'start' }}>
        <Paper sx={{ p: { xs: 2, sm: 3 } }}>
          <Form resolver={resolver} mode="onChange" key={record.id}>
            <MemberInputs mode="edit" />
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <SubmitButton label={translate('app.save')} />
            </Box>
          </Form>
        </Paper>
        <Stack spacing={3}>
          <TravelCard subscription={record.subscription_travel_insurance} memberId={record.id} />
          <InstrumentCard subscription={record.subscription_instrument_insurance} memberId={record.id} />
        </Stack>
      </Box>
      <Can right="billing.read">
        <MemberInvoices />
        <MemberVippsAgreement />
      </Can>
      <ChangeHistory />
    </>
  );
}

/** A member that cannot be loaded: say so under a heading, with the way back to the overview. */
function MemberLoadError() {
  const translate = useTranslate();
  const { error } = useEditContext<Member>();
  const missing = (error as { status?: number } | null)?.status === 404;
  return (
    <>
      <MemberHeader backTo={paths.membership} title={translate(missing ? 'app.edit.not_found' : 'app.errors.generic_bang')} />
      <Alert severity={missing ? 'info' : 'error'}>{translate(missing ? 'app.edit.not_found_text' : 'app.errors.generic_bang')}</Alert>
    </>
  );
}

export function MemberEdit() {
  const { id } = useParams();
  const translate = useTranslate();
  const toast = useToast();
  return (
    <EditBase<Member>
      resource="membership"
      authLoading={authLoading}
      // A missing member is said on the page, not with react-admin's toast and a redirect.
      redirectOnError={false}
      offline={false}
      id={Number(id)}
      mutationMode="pessimistic"
      redirect={false}
      transform={(values) => toMemberPayload(values, 'edit') as Member}
      mutationOptions={{
        onSuccess: () => toast.success('app.edit.saved'),
        onError: () => toast.error('app.errors.generic'),
      }}
      // Always fetch the whole member: the overview's row in the cache would otherwise count as fresh.
      queryOptions={{
        refetchOnMount: 'always',
        onError: (error) => {
          if ((error as { status?: number }).status !== 404) toast.error('app.errors.generic_bang');
        },
      }}
    >
      <EditSpace title={translate('app.edit.title')}>
        <MemberEditView />
      </EditSpace>
    </EditBase>
  );
}

export default MemberEdit;

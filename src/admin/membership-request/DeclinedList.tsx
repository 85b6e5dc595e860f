/**
 * '/membership-request/declined': the declined applications, newest rejection first, with search,
 * go-to-page, page size and a back button. Each row opens to show the reason; the name opens the
 * request's page.
 */
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { DataTable, List, useListContext, useRecordContext, useTranslate } from 'react-admin';
import { formatIsoDate, formatPhone, formatTime } from '../../common/format.ts';
import type { DeclinedMembership } from '../../dataProvider/types.ts';
import { InitialsBadge } from '../logs/InitialsBadge.tsx';
import { MemberPagination } from '../members/MemberPagination.tsx';
import { MemberSearch } from '../members/MemberSearch.tsx';
import { DuplicateWarning } from './DuplicateWarning.tsx';
import { membershipRequestPaths } from './paths.ts';
import { reasonText } from './reasonText.ts';

const Column = DataTable.Col<DeclinedMembership>;

function DeclinedTitle() {
  const translate = useTranslate();
  return <>{translate('app.breadcrumb.membership_declined')}</>;
}

/** The reason as staff wrote it, under the row. */
function ReasonPanel() {
  const translate = useTranslate();
  const row = useRecordContext<DeclinedMembership>();
  if (!row) return null;
  return (
    <Box sx={{ px: 2, py: 1 }}>
      <Typography variant="subtitle2" component="p">{translate('app.membership_requests.page.reason')}</Typography>
      <Typography sx={{ whiteSpace: 'pre-line' }}>{reasonText(row.reason_for_rejection)}</Typography>
    </Box>
  );
}

export function SentCell({ row }: { row: Pick<DeclinedMembership, 'mail_sent_at' | 'mail_status'> }) {
  if (!row.mail_sent_at) return null;
  return <span style={{ whiteSpace: 'nowrap' }}>{`${formatIsoDate(row.mail_sent_at)} ${formatTime(row.mail_sent_at)}`}</span>;
}

function DeclinedTable() {
  const translate = useTranslate();
  const { error } = useListContext();
  if (error) return <Alert severity="error">{translate('app.errors.generic')}</Alert>;
  return (
    <Paper sx={{ overflowX: 'auto' }}>
      <DataTable<DeclinedMembership>
        rowClick={false}
        bulkActionButtons={false}
        expand={<ReasonPanel />}
        empty={<Typography sx={{ p: 3 }}>{translate('app.membership_requests.declined_empty')}</Typography>}
      >
        <Column
          source="name"
          label="app.membership_requests.columns.member"
          render={(row) => (
            <Link component={RouterLink} to={membershipRequestPaths.request(row.id)}>
              {`${row.member.first_name} ${row.member.last_name}`}
            </Link>
          )}
        />
        <Column source="created_at" label="app.membership_requests.columns.applied" render={(row) => formatIsoDate(row.created_at)} />
        <Column
          source="possible_duplicate"
          label="app.membership_requests.columns.warning"
          disableSort
          render={(row) => <DuplicateWarning duplicate={row.possible_duplicate} />}
        />
        <Column source="phone" label="app.membership_requests.columns.mobile" render={(row) => formatPhone(row.member.phone)} />
        <Column source="artist_name" label="app.membership_requests.columns.artist" render={(row) => row.member.artist_name ?? ''} />
        <Column source="campaign_code" label="app.membership_requests.columns.campaign" disableSort render={(row) => row.campaign_code ?? ''} />
        <Column
          source="member_status"
          label="app.membership_requests.columns.status"
          disableSort
          render={(row) => (row.member_status === '2' ? translate('app.membership_requests.rejected') : '')}
        />
        <Column
          source="message"
          label="app.membership_requests.columns.message"
          disableSort
          render={(row) => (
            <Link
              href={`mailto:${row.member.email}`}
              aria-label={translate('app.membership_requests.send_message_to', { name: `${row.member.first_name} ${row.member.last_name}` })}
            >
              {translate('app.membership_requests.send_message')}
            </Link>
          )}
        />
        <Column source="mail_sent_at" label="app.membership_requests.columns.sent" disableSort render={(row) => <SentCell row={row} />} />
        <Column
          source="rejected_by"
          label="app.membership_requests.columns.done_by"
          disableSort
          render={(row) => <InitialsBadge person={row.rejected_by} />}
        />
      </DataTable>
    </Paper>
  );
}

function Header() {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, my: 2 }}>
      <Typography variant="h5" component="h1">{translate('app.breadcrumb.membership_declined')}</Typography>
      <Button variant="outlined" startIcon={<ArrowBack />} onClick={() => navigate(membershipRequestPaths.queue)}>
        {translate('app.back')}
      </Button>
    </Box>
  );
}

export function DeclinedList() {
  return (
    <List
      resource="declined-memberships"
      title={<DeclinedTitle />}
      actions={false}
      component="div"
      empty={false}
      perPage={25}
      sort={{ field: 'rejected_at', order: 'DESC' }}
      pagination={<MemberPagination />}
      queryOptions={{ staleTime: Infinity, refetchOnWindowFocus: false }}
      disableSyncWithLocation
    >
      <Header />
      <Box sx={{ mb: 2 }}><MemberSearch /></Box>
      <DeclinedTable />
    </List>
  );
}

export default DeclinedList;

/**
 * '/membership-request/declined': the declined applications, newest rejection first, with search,
 * go-to-page, page size and a back button. The reason shows beside 'Avvist' on hover or focus; the
 * name opens the request's page.
 */
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ArrowBack from '@mui/icons-material/ArrowBack';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { DataTable, useTranslate } from 'react-admin';
import { formatIsoDate, formatPhone, formatTime } from '../../common/format.ts';
import type { DeclinedMembership } from '../../dataProvider/types.ts';
import { InitialsBadge } from '../logs/InitialsBadge.tsx';
import { QueueList } from '../lists/QueueList.tsx';
import { dateCell } from '../lists/queueColumns.ts';
import { DuplicateWarning } from './DuplicateWarning.tsx';
import { membershipRequestPaths } from './paths.ts';
import { reasonText } from './reasonText.ts';
import '../../i18n/app/requests-pages-nb.ts';

const Column = DataTable.Col<DeclinedMembership>;

/** 'Avvist' and, on hover or keyboard focus, the reason as staff wrote it. */
function StatusCell({ row }: { row: DeclinedMembership }) {
  const translate = useTranslate();
  if (row.member_status !== '2') return null;
  const reason = reasonText(row.reason_for_rejection);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {translate('app.membership_requests.rejected')}
      {reason && (
        <Tooltip describeChild title={<Box sx={{ whiteSpace: 'pre-line' }}>{reason}</Box>}>
          <IconButton
            aria-label={translate('app.membership_requests.reason_for', { name: `${row.member.first_name} ${row.member.last_name}` })}
            sx={{ width: 32, height: 32 }}
          >
            <InfoOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

export function SentCell({ row }: { row: Pick<DeclinedMembership, 'mail_sent_at' | 'mail_status'> }) {
  if (!row.mail_sent_at) return null;
  return <span style={{ whiteSpace: 'nowrap' }}>{`${formatIsoDate(row.mail_sent_at)} ${formatTime(row.mail_sent_at)}`}</span>;
}

function BackButton() {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Button variant="outlined" startIcon={<ArrowBack />} onClick={() => navigate(membershipRequestPaths.queue)}>
      {translate('app.back')}
    </Button>
  );
}

export function DeclinedList() {
  const translate = useTranslate();
  return (
    <QueueList<DeclinedMembership>
      resource="declined-memberships"
      title="app.breadcrumb.membership_declined"
      counted={false}
      empty="app.membership_requests.declined_empty"
      sort={{ field: 'rejected_at', order: 'DESC' }}
      staleTime={Infinity}
      aside={<BackButton />}
    >
      <Column
        source="name"
        render={(row) => (
          <Link component={RouterLink} to={membershipRequestPaths.request(row.id)}>
            {`${row.member.first_name} ${row.member.last_name}`}
          </Link>
        )}
      />
      <Column source="created_at" cellSx={dateCell} render={(row) => formatIsoDate(row.created_at)} />
      <Column source="possible_duplicate" disableSort render={(row) => <DuplicateWarning duplicate={row.possible_duplicate} />} />
      <Column source="phone" render={(row) => formatPhone(row.member.phone)} />
      <Column source="artist_name" render={(row) => row.member.artist_name ?? ''} />
      <Column source="campaign_code" disableSort render={(row) => row.campaign_code ?? ''} />
      <Column source="member_status" disableSort render={(row) => <StatusCell row={row} />} />
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
      <Column source="mail_sent_at" disableSort render={(row) => <SentCell row={row} />} />
      <Column source="rejected_by" disableSort render={(row) => <InitialsBadge person={row.rejected_by} />} />
    </QueueList>
  );
}

export default DeclinedList;

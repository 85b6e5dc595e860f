/**
 * '/membership-request': the membership applications waiting, with row selection. 'Aksepter' on
 * the selected rows, 'Avvis' with exactly one selected, the CSV export and the link to the
 * declined list. Not read again on window focus (spec section 2).
 */
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DataTable, List, useListContext, useTranslate } from 'react-admin';
import { formatDate, formatPhone } from '../../common/format.ts';
import type { PendingMembership } from '../../dataProvider/types.ts';
import { ExportListButton } from '../lists/ExportListButton.tsx';
import { ListSpace, QUEUE_ROW } from '../lists/ListSpace.tsx';
import { MemberPagination } from '../members/MemberPagination.tsx';
import { MemberSearch } from '../members/MemberSearch.tsx';
import { paths } from '../paths.ts';
import { AcceptSelectedButton, RejectSelectedButton } from '../requests/RequestActions.tsx';
import { DuplicateWarning } from './DuplicateWarning.tsx';
import { membershipRequestPaths } from './paths.ts';
import { SelectPageCheckbox, SelectRowCheckbox } from './SelectionCheckboxes.tsx';

/** A wide table scrolls in its card on a phone instead of widening the page. */
const LIST_FITS = { minWidth: 0, '& .RaList-main, & .RaList-content': { minWidth: 0, maxWidth: '100%' } };

const Column = DataTable.Col<PendingMembership>;
const stop = (event: MouseEvent) => event.stopPropagation();

function useQueueTitle(): string {
  const translate = useTranslate();
  const { total } = useListContext();
  return translate('app.requests.memberships', { count: total ?? 0 });
}

/** The page's title in the app bar, read from the list's total. */
function QueueTitle() {
  return <>{useQueueTitle()}</>;
}

function Header() {
  const translate = useTranslate();
  const title = useQueueTitle();
  const { total } = useListContext();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, my: 2 }}>
      <Typography variant="h5" component="h1">{total === undefined ? translate('app.loading') : title}</Typography>
      {/* The actions have a line of their own: beside the title they would jump below it when the count arrives. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, width: '100%' }}>
        <RejectSelectedButton kind="membership" />
        <AcceptSelectedButton kind="membership" />
        <ExportListButton label="app.membership_requests.export" />
        <Link component={RouterLink} to={membershipRequestPaths.declined}>
          {translate('app.membership_requests.declined_link')}
        </Link>
      </Box>
    </Box>
  );
}

function QueueTable() {
  const translate = useTranslate();
  const { error } = useListContext();
  if (error) return <Alert severity="error">{translate('app.errors.generic')}</Alert>;
  return (
    <Paper sx={{ overflowX: 'auto' }}>
      <DataTable<PendingMembership>
        rowClick={false}
        bulkActionButtons={false}
        empty={<Typography sx={{ p: 3 }}>{translate('app.membership_requests.empty')}</Typography>}
      >
        <Column
          source="selected"
          label={<SelectPageCheckbox />}
          disableSort
          render={(row) => <SelectRowCheckbox id={row.id} name={`${row.member.first_name} ${row.member.last_name}`} />}
        />
        <Column source="remote_id" label="app.membership_requests.columns.id" render={(row) => row.member.remote_id ?? ''} />
        <Column
          source="name"
          label="app.membership_requests.columns.member"
          render={(row) => (
            <Link component={RouterLink} to={paths.editMember(row.member_id)} onClick={stop}>
              {`${row.member.first_name} ${row.member.last_name}`}
            </Link>
          )}
        />
        <Column source="created_at" label="app.membership_requests.columns.applied_date" render={(row) => formatDate(row.created_at)} />
        <Column
          source="possible_duplicate"
          label="app.membership_requests.columns.warning"
          disableSort
          render={(row) => <DuplicateWarning duplicate={row.possible_duplicate} />}
        />
        <Column source="email" label="app.membership_requests.columns.email" render={(row) => row.member.email} />
        <Column source="phone" label="app.membership_requests.columns.mobile" render={(row) => formatPhone(row.member.phone)} />
        <Column
          source="status"
          label="app.membership_requests.columns.status"
          disableSort
          render={() => translate('app.membership_requests.pending')}
        />
      </DataTable>
    </Paper>
  );
}

export function MembershipRequestList() {
  return (
    <List
      resource="pending-memberships"
      title={<QueueTitle />}
      actions={false}
      component="div"
      sx={LIST_FITS}
      empty={false}
      perPage={25}
      sort={{ field: 'created_at', order: 'ASC' }}
      pagination={<MemberPagination />}
      queryOptions={{ refetchOnWindowFocus: false }}
      disableSyncWithLocation
    >
      <Header />
      <Box sx={{ mb: 2 }}><MemberSearch /></Box>
      <ListSpace rowHeight={QUEUE_ROW}><QueueTable /></ListSpace>
    </List>
  );
}

export default MembershipRequestList;

/**
 * '/membership-request': the membership applications waiting, with row selection. 'Aksepter' on
 * the selected rows, 'Avvis' with exactly one selected, the CSV export and the link to the
 * declined list, in the shape of the other queues.
 */
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { DataTable, useTranslate } from 'react-admin';
import { formatDate, formatPhone } from '../../common/format.ts';
import type { PendingMembership } from '../../dataProvider/types.ts';
import { ExportListButton } from '../lists/ExportListButton.tsx';
import { QUEUE_ROW } from '../lists/ListSpace.tsx';
import { QueueList } from '../lists/QueueList.tsx';
import { dateCell, ID_COLUMN } from '../lists/queueColumns.ts';
import { paths } from '../paths.ts';
import { AcceptSelectedButton, RejectSelectedButton } from '../requests/RequestActions.tsx';
import { DuplicateWarning } from './DuplicateWarning.tsx';
import { membershipRequestPaths } from './paths.ts';
import { SelectPageCheckbox, SelectRowCheckbox } from './SelectionCheckboxes.tsx';
import { useCan } from '../access/rights.ts';
import '../../i18n/app/requests-pages-nb.ts';

const Column = DataTable.Col<PendingMembership>;
const stop = (event: MouseEvent) => event.stopPropagation();

export function MembershipRequestList() {
  const translate = useTranslate();
  // Rows are chosen to accept or reject them: without the right to decide, no choosing.
  const decides = useCan('requests.decide');
  return (
    <QueueList<PendingMembership>
      resource="pending-memberships"
      title="app.requests.memberships"
      empty="app.membership_requests.empty"
      sort={{ field: 'created_at', order: 'ASC' }}
      rowHeight={QUEUE_ROW}
      actions={
        <>
          <RejectSelectedButton kind="membership" />
          <AcceptSelectedButton kind="membership" />
          <ExportListButton label="app.membership_requests.export" />
          <Link component={RouterLink} to={membershipRequestPaths.declined}>
            {translate('app.membership_requests.declined_link')}
          </Link>
        </>
      }
    >
      {decides && (
        <Column
          source="selected"
          label={<SelectPageCheckbox />}
          disableSort
          render={(row) => <SelectRowCheckbox id={row.id} name={`${row.member.first_name} ${row.member.last_name}`} />}
        />
      )}
      <Column source="remote_id" sx={ID_COLUMN} render={(row) => row.member.remote_id ?? ''} />
      <Column
        source="name"
        render={(row) => (
          <Link component={RouterLink} to={paths.editMember(row.member_id)} onClick={stop}>
            {`${row.member.first_name} ${row.member.last_name}`}
          </Link>
        )}
      />
      <Column source="created_at" cellSx={dateCell} render={(row) => formatDate(row.created_at)} />
      <Column source="possible_duplicate" disableSort render={(row) => <DuplicateWarning duplicate={row.possible_duplicate} />} />
      <Column source="email" render={(row) => row.member.email} />
      <Column source="phone" render={(row) => formatPhone(row.member.phone)} />
      <Column source="status" disableSort render={() => translate('app.membership_requests.pending')} />
    </QueueList>
  );
}

export default MembershipRequestList;

/**
 * '/travel-insurance': the travel insurance orders waiting for staff, in the shape of the other
 * queues: 'Avvis' (exactly one row) and 'Aksepter' (the selection) with the export. A row opens
 * the request's own page.
 */
import { DataTable } from 'react-admin';
import type { PendingTravel } from '../../../server/schemas/pending-requests.ts';
import { formatPhone } from '../../common/format.ts';
import { AcceptSelectedButton, RejectSelectedButton } from '../requests/RequestActions.tsx';
import { paths } from '../paths.ts';
import { ExportListButton } from '../lists/ExportListButton.tsx';
import { QUEUE_ROW } from '../lists/ListSpace.tsx';
import { QueueList } from '../lists/QueueList.tsx';
import { SelectPageCheckbox, SelectRowCheckbox } from '../membership-request/SelectionCheckboxes.tsx';
import { useCan } from '../access/rights.ts';
import '../../i18n/app/insurance-pages-nb.ts';
import '../../i18n/app/requests-pages-nb.ts';

const Column = DataTable.Col<PendingTravel>;
const nameOf = (row: PendingTravel) => `${row.member.first_name} ${row.member.last_name}`;

export function TravelRequestList() {
  // Rows are chosen to accept or reject them: without the right to decide, no choosing.
  const decides = useCan('requests.decide');
  return (
    <QueueList<PendingTravel>
      resource="pending-travel"
      title="app.requests.travel"
      empty="app.travel_requests.empty"
      sort={{ field: 'created_at', order: 'ASC' }}
      rowHeight={QUEUE_ROW}
      rowClick={(id, _resource, record) => paths.travelRequest(id, record.member_id)}
      actions={
        <>
          <RejectSelectedButton kind="travel" />
          <AcceptSelectedButton kind="travel" />
          <ExportListButton label="app.travel_requests.export" />
        </>
      }
    >
      {decides && (
        <Column source="selected" label={<SelectPageCheckbox />} disableSort render={(row) => <SelectRowCheckbox id={row.id} name={nameOf(row)} />} />
      )}
      <Column source="name" render={nameOf} />
      <Column
        source="address"
        render={(row) => [row.member.address, [row.member.postal_code, row.member.postal_area].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
      />
      <Column source="phone" render={(row) => formatPhone(row.member.phone)} />
      <Column source="email" render={(row) => row.member.email} />
      <Column source="artist_name" render={(row) => row.member.artist_name ?? ''} />
      <Column source="product" render={(row) => row.product.name} />
    </QueueList>
  );
}

export default TravelRequestList;

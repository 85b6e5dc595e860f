/**
 * '/claims' ('Skademeldinger'): the members' claims in the shape of the other queues — the counted
 * title, the export, the filters (the state, 'Venter' by default, and the search) and the table.
 * The case number is each row's link (so the keyboard reaches every claim); a click on the row opens it too.
 */
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { DataTable, useTranslate } from 'react-admin';
import type { ClaimListItem } from '../../dataProvider/index.ts';
import { formatDate } from '../../common/format.ts';
import { ExportListButton } from '../lists/ExportListButton.tsx';
import { QueueList } from '../lists/QueueList.tsx';
import { dateCell, ID_COLUMN } from '../lists/queueColumns.ts';
import { CLAIM_FILTER_DEFAULTS, ClaimFilters } from './ClaimFilters.tsx';
import { ClaimStateChip, instrumentName, personName } from './claimText.tsx';
import '../../i18n/app/claims-pages-nb.ts';

const Column = DataTable.Col<ClaimListItem>;
const stop = (event: MouseEvent) => event.stopPropagation();

export const claimPath = (id: number | string) => `/claims/${id}`;

export function ClaimList() {
  const translate = useTranslate();
  return (
    <QueueList<ClaimListItem>
      resource="pending-claims"
      title="app.claims.title"
      empty="app.claims.empty"
      sort={{ field: 'created_at', order: 'ASC' }}
      filterDefaultValues={CLAIM_FILTER_DEFAULTS}
      filters={<ClaimFilters />}
      refreshOnFocus
      actions={<ExportListButton label="app.claims.export" />}
      rowClick={(id) => claimPath(id)}
    >
      <Column
        source="id"
        sx={ID_COLUMN}
        render={(row) => (
          <Link component={RouterLink} to={claimPath(row.id)} onClick={stop} aria-label={translate('app.claims.case', { id: row.id })}>
            {row.id}
          </Link>
        )}
      />
      <Column source="name" disableSort render={(row) => personName(row.member)} />
      <Column source="member_number" sx={ID_COLUMN} disableSort render={(row) => row.member.remote_id ?? ''} />
      <Column source="instrument" disableSort render={(row) => instrumentName(row.instrument)} />
      <Column source="kind" disableSort render={(row) => translate(`app.claims.kind.${row.kind}`)} />
      <Column source="occurred_on" cellSx={dateCell} disableSort render={(row) => formatDate(row.occurred_on)} />
      <Column source="state" disableSort render={(row) => <ClaimStateChip state={row.state} outcome={row.outcome} />} />
      <Column source="created_at" cellSx={dateCell} render={(row) => formatDate(row.created_at)} />
    </QueueList>
  );
}

export default ClaimList;

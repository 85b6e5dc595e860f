/**
 * '/access-log': the access log across members for staff, newest first, filtered by staff user and
 * period ("who exported what last month"); a member's name opens their page.
 */
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DataTable, List, SelectInput, useGetList, useListContext, useTranslate } from 'react-admin';
import { formatDate, formatTime } from '../../common/format.ts';
import type { AccessLogRow } from '../../../server/schemas/access-log.ts';
import { DateInput } from '../dates/DateInput.tsx';
import { LIST_FITS } from '../lists/listFits.ts';
import { ListSpace } from '../lists/ListSpace.tsx';
import { MemberPagination } from '../lists/MemberPagination.tsx';
import { paths } from '../paths.ts';
import { kindLabel, personName } from './kinds.ts';

const Column = DataTable.Col<AccessLogRow>;

function StaffFilter(props: { source: string; alwaysOn?: boolean }) {
  const { data = [] } = useGetList<{ id: number; first_name: string; last_name: string }>('staff-users', {
    pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' },
  });
  return (
    <SelectInput
      {...props}
      label="app.privacy.filter_staff"
      choices={data.map((user) => ({ id: String(user.id), name: personName(user) }))}
      emptyText="app.privacy.filter_all"
      sx={{ minWidth: 220 }}
    />
  );
}

/** react-admin reads alwaysOn from the filter element; the date input itself takes no such prop. */
function DateFilter({ source, label }: { source: string; label: string; alwaysOn?: boolean }) {
  return <DateInput source={source} label={label} />;
}

const FILTERS = [
  <StaffFilter key="staff_id" source="staff_id" alwaysOn />,
  <DateFilter key="from" source="from" label="app.privacy.filter_from" alwaysOn />,
  <DateFilter key="to" source="to" label="app.privacy.filter_to" alwaysOn />,
];

function AccessLogTable() {
  const translate = useTranslate();
  const { error } = useListContext();
  if (error) return <Alert severity="error">{translate('app.errors.generic')}</Alert>;
  return (
    <Paper sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby="access-log-heading">
      <DataTable<AccessLogRow>
        rowClick={false}
        bulkActionButtons={false}
        size="small"
        empty={<Typography sx={{ p: 3 }}>{translate('app.privacy.empty')}</Typography>}
      >
        <Column source="at" render={(row) => `${formatDate(row.at)} ${formatTime(row.at)}`} />
        <Column source="staff" disableSort render={(row) => personName(row.staff)} />
        <Column source="kind" disableSort render={(row) => translate(kindLabel(row.kind))} />
        <Column
          source="member"
          disableSort
          render={(row) =>
            row.member ? (
              <Link component={RouterLink} to={paths.editMember(row.member.id)}>
                {[row.member.remote_id, personName(row.member) || translate('app.privacy.erased_name')].filter(Boolean).join(' - ')}
              </Link>
            ) : translate('app.privacy.many_members', { count: row.row_count ?? 0 })
          }
        />
        <Column source="detail" disableSort render={(row) => row.detail} />
        <Column source="ip" disableSort render={(row) => row.ip ?? ''} />
      </DataTable>
    </Paper>
  );
}

function Title() {
  const translate = useTranslate();
  return <>{translate('app.privacy.title')}</>;
}

export function AccessLogPage() {
  const translate = useTranslate();
  return (
    <List
      resource="access-log"
      title={<Title />}
      actions={false}
      component="div"
      sx={LIST_FITS}
      empty={false}
      perPage={25}
      filters={FILTERS}
      sort={{ field: 'at', order: 'DESC' }}
      pagination={<MemberPagination />}
      disableSyncWithLocation
    >
      <Typography id="access-log-heading" variant="h5" component="h1" sx={{ my: 2 }}>{translate('app.privacy.title')}</Typography>
      <ListSpace><AccessLogTable /></ListSpace>
    </List>
  );
}

export default AccessLogPage;

/**
 * '/access-log': the access log across members for staff, newest first, filtered by staff user and
 * period ("who exported what last month"); a member's name opens their page.
 */
import { Link as RouterLink } from 'react-router-dom';
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DataTable, ListBase, useGetList, useListContext, useTranslate } from 'react-admin';
import { LoadingContent } from '../layout/TitledScreens.tsx';
import { formatDate, formatTime } from '../../common/format.ts';
import type { AccessLogRow } from '../../../server/schemas/access-log.ts';
import { dateProblem } from '../dates/dateCheck.ts';
import { FilterDateField } from '../dates/FilterDateField.tsx';
import { ListSpace } from '../lists/ListSpace.tsx';
import { QueuePage } from '../lists/QueueList.tsx';
import { paths } from '../paths.ts';
import { kindLabel, personName } from './kinds.ts';

const Column = DataTable.Col<AccessLogRow>;

interface StaffUser {
  id: number;
  first_name: string;
  last_name: string;
}

/**
 * The filter bar: staff user and period. Plain fields on the list's filters (no react-admin filter
 * form): a date applies once it is a whole date, or when emptied; a half-typed one says so.
 */
function AccessLogFilters() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const { data: staff = [] } = useGetList<StaffUser>('staff-users', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'id', order: 'ASC' },
  });
  const [dates, setDates] = useState<Record<'from' | 'to', string>>({ from: filterValues.from ?? '', to: filterValues.to ?? '' });
  // react-admin drops a filter set to '' (emptied).
  const apply = (key: string, value: string) => setFilters({ ...filterValues, [key]: value }, {}, false);
  const dateField = (key: 'from' | 'to', label: string) => {
    const value = dates[key];
    const problem = dateProblem(value);
    return (
      <FilterDateField
        id={`access-log-${key}`}
        label={translate(label)}
        value={value}
        error={problem ? translate(problem) : undefined}
        onChange={(typed) => {
          setDates((current) => ({ ...current, [key]: typed }));
          if (!dateProblem(typed)) apply(key, typed);
        }}
      />
    );
  };
  return (
    <Box
      component="form"
      role="search"
      aria-label={translate('app.privacy.filters')}
      onSubmit={(event) => event.preventDefault()}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 1 }}
    >
      <TextField
        select
        id="access-log-staff"
        label={translate('app.privacy.filter_staff')}
        value={filterValues.staff_id ?? ''}
        onChange={(event) => apply('staff_id', event.target.value)}
        variant="filled"
        size="small"
        helperText=" "
        fullWidth={false}
        sx={{ width: 240 }}
      >
        <MenuItem value="">{translate('app.privacy.filter_all')}</MenuItem>
        {staff.map((user) => (
          <MenuItem key={user.id} value={String(user.id)}>
            {personName(user)}
          </MenuItem>
        ))}
      </TextField>
      {dateField('from', 'app.privacy.filter_from')}
      {dateField('to', 'app.privacy.filter_to')}
    </Box>
  );
}

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
            ) : (
              translate('app.privacy.many_members', { count: row.members_in_list ?? row.row_count ?? 0 })
            )
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
    <ListBase resource="access-log" perPage={25} sort={{ field: 'at', order: 'DESC' }} authLoading={<LoadingContent />} disableSyncWithLocation offline={false}>
      <QueuePage title={<Title />}>
        {/* A window's height is held, so the footer stays below the fold while a page of rows is
            reserved and when fewer rows arrive (no layout shift). */}
        <Box sx={{ minHeight: '100vh' }}>
          <Typography id="access-log-heading" variant="h5" component="h1" sx={{ my: 2 }}>
            {translate('app.privacy.title')}
          </Typography>
          <AccessLogFilters />
          <ListSpace>
            <AccessLogTable />
          </ListSpace>
        </Box>
      </QueuePage>
    </ListBase>
  );
}

export default AccessLogPage;

/**
 * '/staff' ('Ansatte'): every staff user with their role, state, last sign-in and two-factor
 * sign-in, the active ones first; a name opens the user's page. 'Inviter ansatt' and 'Roller og
 * rettigheter' lead on.
 */
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PersonAdd from '@mui/icons-material/PersonAdd';
import Tune from '@mui/icons-material/Tune';
import { DataTable, ListBase, useListContext, useTranslate } from 'react-admin';
import { LoadingContent } from '../layout/TitledScreens.tsx';
import type { StaffUserRow } from '../../../server/schemas/staff-users.ts';
import { PageTitle } from '../settings/PageTitle.tsx';
import { StaffStateChip } from './StaffStateChip.tsx';
import { dateTime, personName, STAFF_PATHS, staffPath } from './staffText.ts';
import '../../i18n/app/staff-users-pages-nb.ts';

const Column = DataTable.Col<StaffUserRow>;

function StaffTable() {
  const translate = useTranslate();
  const { error } = useListContext<StaffUserRow>();
  if (error) return <Alert severity="error">{translate('app.errors.generic')}</Alert>;
  return (
    <Paper sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={translate('app.staff_users.list_label')}>
      <DataTable<StaffUserRow>
        rowClick={(id) => staffPath(id)}
        bulkActionButtons={false}
        empty={<Typography sx={{ p: 3 }}>{translate('app.staff_users.empty')}</Typography>}
      >
        <Column
          source="name"
          disableSort
          render={(row) => (
            <Link component={RouterLink} to={staffPath(row.id)} onClick={(event) => event.stopPropagation()}>
              {personName(row)}
            </Link>
          )}
        />
        <Column source="email" disableSort />
        <Column source="role_name" disableSort />
        <Column source="state" disableSort render={(row) => <StaffStateChip user={row} />} />
        <Column source="last_sign_in_at" disableSort render={(row) => dateTime(row.last_sign_in_at) || translate('app.staff_users.never')} />
        <Column
          source="two_factor"
          disableSort
          render={(row) => translate(row.two_factor ? 'app.staff_users.two_factor_on' : 'app.staff_users.two_factor_off')}
        />
      </DataTable>
    </Paper>
  );
}

export function StaffListPage() {
  const translate = useTranslate();
  return (
    <ListBase resource="staff" perPage={1000} sort={{ field: 'id', order: 'ASC' }} authLoading={<LoadingContent />} disableSyncWithLocation>
      <PageTitle label="app.staff_users.title">
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button variant="outlined" component={RouterLink} to={STAFF_PATHS.roles} startIcon={<Tune />}>
            {translate('app.staff_users.roles.title')}
          </Button>
          <Button variant="contained" component={RouterLink} to={STAFF_PATHS.invite} startIcon={<PersonAdd />}>
            {translate('app.staff_users.invite.title')}
          </Button>
        </Box>
      </PageTitle>
      <StaffTable />
    </ListBase>
  );
}

export default StaffListPage;

/** '/membership': the member overview. */
import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { DataTable, ListBase, Title, useListContext, useTranslate } from 'react-admin';
import { formatDate, formatPhone } from '../../common/format.ts';
import type { MemberListItem } from '../../dataProvider/types.ts';
import { paths } from '../paths.ts';
import { ExportListButton } from '../lists/ExportListButton.tsx';
import { ListSpace } from '../lists/ListSpace.tsx';
import { MemberPagination } from './MemberPagination.tsx';
import { MemberSearch } from './MemberSearch.tsx';
import { MemberStatusIcons } from './MemberStatusIcons.tsx';

const Column = DataTable.Col<MemberListItem>;
const stop = (event: MouseEvent) => event.stopPropagation();

function MemberTitle() {
  const translate = useTranslate();
  const { total } = useListContext();
  const count = total ?? 0;
  const title = translate(count === 1 ? 'app.members.title_one' : 'app.members.title_many', { count });
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1">{total === undefined ? translate('app.loading') : title}</Typography>
    </>
  );
}

// On a phone the overview keeps ID, MEDLEM and STATUS on screen instead of scrolling sideways.
const fromTablet = { display: { xs: 'none', sm: 'table-cell' } };
const fromDesk = { display: { xs: 'none', md: 'table-cell' } };

function MemberTable() {
  const translate = useTranslate();
  const { error } = useListContext();
  if (error) return <Alert severity="error">{translate('app.errors.generic')}</Alert>;
  return (
    <Paper sx={{ overflowX: 'auto', '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}>
      <DataTable<MemberListItem>
        bulkActionButtons={false}
        rowClick={(id) => paths.editMember(id)}
        empty={<Typography sx={{ p: 3 }}>{translate('app.members.empty')}</Typography>}
      >
        <Column source="remote_id" label="app.members.columns.id" />
        <Column
          source="name"
          label="app.members.columns.member"
          render={(member) => (
            <Link component={RouterLink} to={paths.editMember(member.id)} onClick={stop}>
              {`${member.first_name} ${member.last_name}`}
            </Link>
          )}
        />
        <Column source="address" label="app.members.columns.address" sx={fromDesk} />
        <Column source="birthdate" label="app.members.columns.born" sx={fromDesk} render={(member) => formatDate(member.birthdate)} />
        <Column source="phone" label="app.members.columns.mobile" sx={fromTablet} render={(member) => formatPhone(member.phone)} />
        <Column source="campaign_code" label="app.members.columns.campaign" sx={fromDesk} disableSort render={() => ''} />
        <Column source="status" label="app.members.columns.status" disableSort render={(member) => <MemberStatusIcons member={member} />} />
      </DataTable>
    </Paper>
  );
}

export function MemberList() {
  const translate = useTranslate();
  return (
    <ListBase resource="membership" perPage={25} sort={{ field: 'id', order: 'DESC' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, my: 2 }}>
        <MemberTitle />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button component={RouterLink} to={paths.createMember} variant="contained" startIcon={<Add />}>
            {translate('app.members.create')}
          </Button>
          <ExportListButton label="app.members.export" />
        </Box>
      </Box>
      <Box sx={{ mb: 2 }}><MemberSearch /></Box>
      <ListSpace><MemberTable /></ListSpace>
      <MemberPagination />
    </ListBase>
  );
}

export default MemberList;

/** '/membership': the member overview. */
import type { MouseEvent, ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { ListBase, Title, useListContext, useTranslate } from 'react-admin';
import { formatDate, formatPhone } from '../../common/format.ts';
import type { MemberListItem } from '../../dataProvider/types.ts';
import { paths } from '../paths.ts';
import { ExportListButton } from '../lists/ExportListButton.tsx';
import { ListSpace } from '../lists/ListSpace.tsx';
import { MemberPagination } from '../lists/MemberPagination.tsx';
import { useTotalAtLeast } from '../lists/PageOf.tsx';
import { MemberSearch } from '../lists/MemberSearch.tsx';
import { MemberStatusIcons } from './MemberStatusIcons.tsx';
import { OverdueFilter } from './OverdueFilter.tsx';
import { Can } from '../access/Can.tsx';
import '../../i18n/app/members-pages-nb.ts';

const stop = (event: MouseEvent) => event.stopPropagation();

function MemberTitle() {
  const translate = useTranslate();
  const { total } = useListContext();
  const atLeast = useTotalAtLeast();
  const count = total ?? 0;
  const title = translate(atLeast ? 'app.members.title_at_least' : count === 1 ? 'app.members.title_one' : 'app.members.title_many', { count });
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1">
        {total === undefined ? translate('app.loading') : title}
      </Typography>
    </>
  );
}

// On a phone the overview keeps ID, MEDLEM and STATUS on screen instead of scrolling sideways.
const fromTablet = { display: { xs: 'none', sm: 'table-cell' } };
const fromDesk = { display: { xs: 'none', md: 'table-cell' } };

interface Column {
  source: string;
  label: string;
  sortable?: boolean;
  sx?: SxProps<Theme>;
  render: (member: MemberListItem) => ReactNode;
}

const COLUMNS: Column[] = [
  { source: 'remote_id', label: 'app.members.columns.id', sortable: true, render: (member) => member.remote_id ?? '' },
  {
    source: 'name',
    label: 'app.members.columns.member',
    sortable: true,
    render: (member) => (
      <Link component={RouterLink} to={paths.editMember(member.id)} onClick={stop}>
        {`${member.first_name} ${member.last_name}`}
      </Link>
    ),
  },
  { source: 'address', label: 'app.members.columns.address', sortable: true, sx: fromDesk, render: (member) => member.address ?? '' },
  { source: 'birthdate', label: 'app.members.columns.born', sortable: true, sx: fromDesk, render: (member) => formatDate(member.birthdate) },
  { source: 'phone', label: 'app.members.columns.mobile', sortable: true, sx: fromTablet, render: (member) => formatPhone(member.phone) },
  { source: 'campaign_code', label: 'app.members.columns.campaign', sx: fromDesk, render: () => '' },
  { source: 'status', label: 'app.members.columns.status', render: (member) => <MemberStatusIcons member={member} /> },
];

/** A header that sorts as react-admin's tables do: a new column ascending, the same one the other way. */
function SortHeader({ column }: { column: Column }) {
  const translate = useTranslate();
  const { sort, setSort } = useListContext();
  const label = translate(column.label);
  if (!column.sortable) return <>{label}</>;
  const next = sort.field === column.source && sort.order === 'ASC' ? 'DESC' : 'ASC';
  // The spec's headers are capitals ('MEDLEM'); the button's name says the word ('Medlem').
  const spoken = label === label.toUpperCase() ? label.charAt(0) + label.slice(1).toLowerCase() : label;
  const title = translate('ra.sort.sort_by', {
    field: spoken,
    field_lower_first: spoken.charAt(0).toLowerCase() + spoken.slice(1),
    order: translate(`ra.sort.${next}`),
    _: translate('ra.action.sort'),
  });
  return (
    <Tooltip title={title} placement="bottom-start" enterDelay={300}>
      <TableSortLabel
        active={sort.field === column.source}
        direction={sort.order === 'ASC' ? 'asc' : 'desc'}
        onClick={() => setSort({ field: column.source, order: next })}
      >
        {label}
      </TableSortLabel>
    </Tooltip>
  );
}

/**
 * The overview's table: MUI's table on the list context rather than react-admin's DataTable,
 * whose column chooser, bulk actions and their dialogs the overview does not use but would load.
 */
function MemberTable() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data, error, isPending } = useListContext<MemberListItem>();
  if (error) return <Alert severity="error">{translate('app.errors.generic')}</Alert>;
  if (isPending) return null;
  return (
    <Paper sx={{ overflowX: 'auto', '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}>
      {data.length === 0 ? (
        <Typography sx={{ p: 3 }}>{translate('app.members.empty')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column.source} sx={column.sx}>
                  <SortHeader column={column} />
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((member) => (
              <TableRow key={member.id} hover onClick={() => navigate(paths.editMember(member.id))} sx={{ cursor: 'pointer' }}>
                {COLUMNS.map((column) => (
                  <TableCell key={column.source} sx={column.sx}>
                    {column.render(member)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
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
          <Can right="members.change">
            <Button component={RouterLink} to={paths.createMember} variant="contained" startIcon={<Add />}>
              {translate('app.members.create')}
            </Button>
          </Can>
          <ExportListButton label="app.members.export" />
        </Box>
      </Box>
      <Box sx={{ mb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <MemberSearch />
        <OverdueFilter />
      </Box>
      <ListSpace>
        <MemberTable />
      </ListSpace>
      <MemberPagination />
    </ListBase>
  );
}

export default MemberList;

/** The access report's entries as a react-admin list of its own (paged in the browser), newest first. */
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DataTable, ListContextProvider, Pagination, useList, useTranslate } from 'react-admin';
import type { ReportEntry } from '../../../server/schemas/staff-users.ts';
import { paths } from '../paths.ts';
import { dateTime, personName } from './staffText.ts';
import '../../i18n/app/staff-users-pages-nb.ts';

const Column = DataTable.Col<ReportEntry>;

export function AccessReportEntries({ entries }: { entries: ReportEntry[] }) {
  const translate = useTranslate();
  const list = useList<ReportEntry>({ data: entries, perPage: 10 });
  return (
    <ListContextProvider value={list}>
      <Paper variant="outlined" sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={translate('app.staff_users.report.entries')}>
        <DataTable<ReportEntry>
          rowClick={false}
          bulkActionButtons={false}
          size="small"
          empty={<Typography sx={{ p: 2 }}>{translate('app.staff_users.report.empty')}</Typography>}
        >
          <Column
            source="at"
            label="app.staff_users.report.columns.at"
            disableSort
            render={(row) => (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {dateTime(row.at)}
              </Box>
            )}
          />
          <Column
            source="kind"
            label="app.staff_users.report.columns.kind"
            disableSort
            render={(row) => translate(`app.staff_users.report.kinds.${row.kind}`)}
          />
          <Column source="detail" label="app.staff_users.report.columns.detail" disableSort />
          <Column
            source="member"
            label="app.staff_users.report.columns.member"
            disableSort
            render={(row) =>
              row.member ? (
                <Link component={RouterLink} to={paths.editMember(row.member.id)}>
                  {[row.member.remote_id, personName(row.member) || translate('app.privacy.erased_name')].filter(Boolean).join(' - ')}
                </Link>
              ) : row.members_in_list ? (
                translate('app.privacy.many_members', { count: row.members_in_list })
              ) : (
                ''
              )
            }
          />
          <Column source="row_count" label="app.staff_users.report.columns.row_count" disableSort render={(row) => row.row_count ?? ''} />
          <Column source="ip" label="app.staff_users.report.columns.ip" disableSort render={(row) => row.ip ?? ''} />
        </DataTable>
      </Paper>
      {entries.length > 10 && <Pagination rowsPerPageOptions={[10, 25, 50]} />}
    </ListContextProvider>
  );
}

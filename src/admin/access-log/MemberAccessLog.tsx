/** The 'Tilgangslogg' tab of a member's logs: when staff opened, changed or exported the member's data. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataTable, RecordContextProvider, ReferenceManyField, useListContext, useTranslate } from 'react-admin';
import { formatDate, formatTime } from '../../common/format.ts';
import type { AccessLogEntry } from '../../../server/schemas/access-log.ts';
import { MemberPagination } from '../lists/MemberPagination.tsx';
import { detailOf, kindLabel, personName } from './kinds.ts';
import '../../i18n/app/insurance-pages-nb.ts';

const Column = DataTable.Col<AccessLogEntry>;

function Entries() {
  const translate = useTranslate();
  const { error, total } = useListContext<AccessLogEntry>();
  if (error) return <Alert severity="error">{translate('app.errors.generic')}</Alert>;
  return (
    <>
      <Typography id="access-log-title" variant="h6" component="h2" sx={{ my: 2 }}>
        {translate('app.privacy.member_title', { count: total ?? 0 })}
      </Typography>
      {/* A wide table scrolls on a phone; the keyboard reaches the scrolling region too. */}
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby="access-log-title">
        <DataTable<AccessLogEntry>
          rowClick={false}
          bulkActionButtons={false}
          size="small"
          empty={
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {translate('app.logs.empty')}
            </Typography>
          }
        >
          <Column source="at" disableSort render={(row) => `${formatDate(row.at)} ${formatTime(row.at)}`} />
          <Column source="staff" disableSort render={(row) => personName(row.staff)} />
          <Column source="kind" disableSort render={(row) => translate(kindLabel(row.kind))} />
          <Column source="detail" disableSort render={(row) => detailOf(row, translate)} />
        </DataTable>
      </Box>
    </>
  );
}

export function MemberAccessLog({ memberId }: { memberId: number }) {
  return (
    <section aria-labelledby="access-log-title">
      <RecordContextProvider value={{ id: memberId }}>
        <ReferenceManyField
          reference="member-access-log"
          target="member_id"
          perPage={25}
          sort={{ field: 'at', order: 'DESC' }}
          pagination={<MemberPagination />}
        >
          <Entries />
        </ReferenceManyField>
      </RecordContextProvider>
    </section>
  );
}

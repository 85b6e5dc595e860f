/** The change history's rows: who changed which field, when, from what to what; one row per changed field, paged by the server. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataTable, ListContextProvider, ReferenceManyField, useList, useListContext, useTranslate } from 'react-admin';
import { formatDate, formatTime } from '../../common/format.ts';
import type { MemberChange } from '../../dataProvider/types.ts';
import { PageOf, usePageCount } from '../lists/PageOf.tsx';
import '../../i18n/app/insurance-pages-nb.ts';

const PAGE_SIZE = 25;

function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

interface ChangeRow {
  id: string;
  change: MemberChange;
  field: string;
  old: unknown;
  new: unknown;
}

const Column = DataTable.Col<ChangeRow>;

/** The server pages changes; each change becomes as many rows as fields it changed. */
function Rows() {
  const translate = useTranslate();
  const { data = [], error, isPending } = useListContext<MemberChange>();
  const rows = data.flatMap((change) => change.changes.map((item, index) => ({ id: `${change.id}-${index}`, change, ...item })));
  const flat = useList<ChangeRow>({ data: rows, perPage: Math.max(rows.length, 1) });
  const pages = usePageCount();
  if (error) return <Alert severity="error">{translate('app.errors.generic')}</Alert>;
  if (isPending) return <Typography>{translate('app.loading')}</Typography>;
  if (rows.length === 0) return <Typography color="text.secondary">{translate('app.changes.empty')}</Typography>;
  // A wide table scrolls in its own box on a phone; the keyboard reaches it too (the section around it is the named region).
  return (
    <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-labelledby="changes-title">
      <ListContextProvider value={flat}>
        <DataTable<ChangeRow> bulkActionButtons={false} rowClick={false} size="small">
          <Column
            source="when"
            label="app.changes.when"
            disableSort
            render={(row) => `${formatDate(row.change.changed_at)} ${formatTime(row.change.changed_at)}`}
          />
          <Column
            source="who"
            label="app.changes.who"
            disableSort
            render={(row) =>
              row.change.changed_by ? `${row.change.changed_by.first_name} ${row.change.changed_by.last_name}` : translate('app.changes.system')
            }
          />
          <Column
            source="field"
            label="app.changes.field"
            disableSort
            render={(row) => translate(`resources.membership.fields.${row.field}`, { _: row.field })}
          />
          <Column source="old" label="app.changes.before" disableSort render={(row) => showValue(row.old)} />
          <Column source="new" label="app.changes.after" disableSort render={(row) => showValue(row.new)} />
        </DataTable>
      </ListContextProvider>
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <PageOf />
        </Box>
      )}
    </Box>
  );
}

export default function ChangeRows() {
  return (
    <ReferenceManyField reference="member-changes" target="member_id" perPage={PAGE_SIZE} pagination={false}>
      <Rows />
    </ReferenceManyField>
  );
}

/** '/sends' ('Utsendelser'): every send, newest first, with its group, kind, channel, state and counts. */
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Add from '@mui/icons-material/Add';
import { DataTable, ListBase, useTranslate } from 'react-admin';
import type { Outreach } from '../../dataProvider/index.ts';
import { formatDate, formatTime } from '../../common/format.ts';
import { PageTitle } from '../settings/PageTitle.tsx';
import { formatCount, useKindNames } from './sendText.tsx';
import { SendStateChip } from './SendStateChip.tsx';
import '../../i18n/app/sends-pages-nb.ts';

const Column = DataTable.Col<Outreach>;

/** The time that tells most about the send: when it started, when it is due, or when it was written. */
const dateOf = (send: Outreach) => send.started_at ?? send.send_at ?? send.created_at;

function SendTable() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const kinds = useKindNames();
  const count = (value: number | null) => (value === null ? '–' : formatCount(value));
  return (
    <DataTable<Outreach>
      resource="outreaches"
      bulkActionButtons={false}
      rowClick={(id) => {
        navigate(`/sends/${id}`);
        return false;
      }}
      empty={<Typography sx={{ p: 3 }}>{translate('app.sends.empty')}</Typography>}
    >
      <Column
        source="subject"
        label="app.sends.columns.subject"
        disableSort
        render={(row) => (
          // The subject is the row's link, so the keyboard reaches each send.
          <Link component={RouterLink} to={`/sends/${row.id}`} onClick={(event) => event.stopPropagation()}>
            {row.subject || translate('app.sends.no_subject')}
          </Link>
        )}
      />
      <Column source="segment_name" label="app.sends.columns.group" disableSort render={(row) => row.segment_name ?? translate('app.sends.deleted_group')} />
      <Column
        source="kind"
        label="app.sends.columns.kind"
        disableSort
        render={(row) => (row.kind === 'required' ? translate('app.sends.kind.required') : row.kind_label || kinds[row.kind])}
      />
      <Column source="channel" label="app.sends.columns.channel" disableSort render={(row) => translate(`app.sends.channel.${row.channel}`)} />
      <Column source="state" label="app.sends.columns.state" disableSort render={(row) => <SendStateChip state={row.state} />} />
      <Column
        source="sent"
        label="app.sends.columns.counts"
        disableSort
        align="right"
        render={(row) => `${count(row.recipient_count)} / ${count(row.sent)} / ${count(row.failed)}`}
      />
      <Column source="created_at" label="app.sends.columns.date" disableSort render={(row) => `${formatDate(dateOf(row))} ${formatTime(dateOf(row))}`} />
    </DataTable>
  );
}

export default function SendList() {
  const translate = useTranslate();
  return (
    <ListBase resource="outreaches" perPage={1000} disableSyncWithLocation>
      <PageTitle label="app.sends.title">
        <Button component={RouterLink} to="/sends/create" variant="contained" startIcon={<Add />}>
          {translate('app.sends.create')}
        </Button>
      </PageTitle>
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{translate('app.sends.intro')}</Typography>
      <Paper sx={{ overflowX: 'auto' }}>
        <SendTable />
      </Paper>
    </ListBase>
  );
}

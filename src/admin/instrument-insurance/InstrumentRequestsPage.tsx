/**
 * '/instrument-insurance/list/{memberId}' ('FORSIKRING AV INSTRUMENT'): the member's waiting
 * instruments with row selection. 'Aksepter' accepts the selected rows in one call, 'Avvis'
 * (one or more selected) opens the reject dialog from template 2, 'Rediger' opens the edit page.
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import { DataTable, ListBase, Title, useDataProvider, useGetOne, useListContext, useTranslate } from 'react-admin';
import type { Instrument, Member, RejectValues, StaffDataProvider } from '../../dataProvider/index.ts';
import { formatDate } from '../../common/format.ts';
import { MemberHeader } from '../layout/MemberHeader.tsx';
import { RejectDialog } from '../requests/RejectDialog.tsx';
import { useToast } from '../toast.tsx';
import { useChangeText } from './InstrumentReadTable.tsx';
import { useMemberInstruments } from './useMemberInstruments.ts';

const Column = DataTable.Col<Instrument>;

/** A refusal the server explains (already handled, blank reason) is shown as it says; anything else asks to contact the provider. */
function useFailure() {
  const toast = useToast();
  return (error: unknown) => {
    const status = (error as { status?: number })?.status;
    if (status === 409 || status === 422 || status === 404) toast.error((error as Error).message);
    else toast.contactProvider();
  };
}

function RequestActions({ memberId, memberName, refresh }: { memberId: number; memberName: string; refresh: () => Promise<unknown> }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const toast = useToast();
  const failure = useFailure();
  const { selectedIds, onUnselectItems } = useListContext<Instrument>();
  const [busy, setBusy] = useState(false);
  const [rejecting, setRejecting] = useState(false);

  const done = async () => {
    onUnselectItems();
    await refresh();
  };
  const accept = async () => {
    setBusy(true);
    try {
      await dataProvider.acceptInstruments(memberId, selectedIds);
      toast.success('app.instruments.accepted_many');
      await done();
    } catch (error) {
      failure(error);
    }
    setBusy(false);
  };
  const reject = async (values: RejectValues) => {
    try {
      if (selectedIds.length === 1) await dataProvider.rejectInstrument(selectedIds[0], values);
      else await dataProvider.rejectInstruments(memberId, selectedIds, values);
    } catch (error) {
      failure(error);
      throw error;
    }
    toast.success(selectedIds.length === 1 ? 'app.instruments.rejected_one' : 'app.instruments.rejected_many');
    setRejecting(false);
    await done();
  };

  return (
    <Stack direction="row" spacing={1} sx={{ my: 2, flexWrap: 'wrap', gap: 1 }}>
      <Button variant="contained" color="error" startIcon={<CloseIcon />} disabled={selectedIds.length === 0 || busy} onClick={() => setRejecting(true)}>
        {translate('app.requests.reject')}
      </Button>
      <Button variant="contained" color="success" startIcon={<CheckIcon />} disabled={selectedIds.length === 0 || busy} onClick={accept}>
        {translate('app.requests.accept')}
      </Button>
      <Button variant="outlined" startIcon={<EditIcon />} onClick={() => navigate(`/instrument-insurance/edit/${memberId}`)}>
        {translate('app.instruments.edit')}
      </Button>
      <RejectDialog
        open={rejecting}
        kind="instrument"
        memberId={memberId}
        title={translate('app.instruments.reject_title', { name: memberName })}
        onClose={() => setRejecting(false)}
        onReject={reject}
      />
    </Stack>
  );
}

function RequestTable() {
  const translate = useTranslate();
  const { error } = useListContext<Instrument>();
  const { categories } = useMemberInstruments(Number(useParams().id));
  const text = useChangeText(categories);
  if (error) return <Alert severity="error">{translate('app.errors.generic')}</Alert>;
  return (
    <Paper sx={{ overflowX: 'auto' }}>
      <DataTable<Instrument>
        bulkActionButtons={<></>}
        bulkActionsToolbar={<></>}
        rowClick={false}
        empty={<Typography sx={{ p: 3 }}>{translate('app.instruments.requested_empty')}</Typography>}
      >
        <Column source="instrument_category" label="app.instruments.columns.type" disableSort render={(row) => text(row, 'instrument_category')} />
        <Column source="make" label="app.instruments.columns.make" render={(row) => text(row, 'make')} />
        <Column source="model" label="app.instruments.columns.model" disableSort render={(row) => text(row, 'model')} />
        <Column source="serial_number" label="app.instruments.columns.serial_number" disableSort render={(row) => text(row, 'serial_number')} />
        <Column source="created_at" label="app.instruments.columns.registered" render={(row) => formatDate(row.created_at)} />
        <Column source="value" label="app.instruments.columns.value" render={(row) => text(row, 'value')} />
        <Column
          source="status"
          label="app.instruments.columns.status"
          disableSort
          render={(row) => (row.requested_change?.delete ? translate('app.instruments.pending_delete') : translate('app.instruments.request'))}
        />
      </DataTable>
    </Paper>
  );
}

export default function InstrumentRequestsPage() {
  const id = Number(useParams().id);
  const translate = useTranslate();
  const { data: member } = useGetOne<Member>('membership', { id });
  const { refresh } = useMemberInstruments(id);
  const title = translate('app.instruments.list_title');
  return (
    <>
      <Title title={title} />
      <MemberHeader member={member} backTo="/instrument-insurance" />
      <Typography variant="h6" component="h2">{title}</Typography>
      <ListBase resource="instrument-requests" filter={{ status: 0, member_id: id }} perPage={100} disableSyncWithLocation>
        <RequestActions memberId={id} memberName={member ? `${member.first_name} ${member.last_name}` : ''} refresh={refresh} />
        <RequestTable />
      </ListBase>
    </>
  );
}

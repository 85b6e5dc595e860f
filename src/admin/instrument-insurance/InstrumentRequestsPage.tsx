/**
 * '/instrument-insurance/list/{memberId}' ('FORSIKRING AV INSTRUMENT'): the member's waiting
 * instruments with row selection. 'Aksepter' asks first, naming each instrument, then accepts the
 * selected rows in one call (the focus then goes to the list's heading), 'Avvis'
 * (one or more selected) opens the reject dialog from template 2, 'Rediger' opens the edit page.
 */
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import { useMutation } from '@tanstack/react-query';
import { ListBase, Title, useDataProvider, useGetOne, useListContext, useTranslate, type Identifier } from 'react-admin';
import type { Instrument, Member, RejectValues, StaffDataProvider } from '../../dataProvider/index.ts';
import { formatDate } from '../../common/format.ts';
import { MemberHeader } from '../layout/MemberHeader.tsx';
import { RejectDialog } from '../requests/rejectDialogOnOpen.ts';
import { useToast } from '../toast.tsx';
import { useChangeText } from './InstrumentReadTable.tsx';
import { useMemberInstruments } from './useMemberInstruments.ts';
import { useCan } from '../access/rights.ts';
import { InstrumentDocuments } from '../documents/InstrumentDocuments.tsx';
import { ValuationChip } from './ValuationChip.tsx';
import '../../i18n/app/instruments-pages-nb.ts';
import '../../i18n/app/requests-pages-nb.ts';

/** A refusal the server explains (already handled, blank reason) is shown as it says; anything else asks to contact the provider. */
function useFailure() {
  const toast = useToast();
  return (error: unknown) => {
    const status = (error as { status?: number })?.status;
    if (status === 409 || status === 422 || status === 404) toast.error((error as Error).message);
    else toast.contactProvider();
  };
}

/** The question before an accept, as on the other queues: the count, and each instrument by make and model. */
function ConfirmAccept({ open, chosen, onCancel, onAccept }: { open: boolean; chosen: Instrument[]; onCancel: () => void; onAccept: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={open && chosen.length > 0} onClose={onCancel} aria-labelledby="accept-instrument-title" fullWidth maxWidth="xs">
      <DialogTitle id="accept-instrument-title">{translate('app.staff_review.accept_instrument_title', { smart_count: chosen.length })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('app.staff_review.accept_instrument_text', { smart_count: chosen.length })}</DialogContentText>
        <ul>
          {chosen.map((row) => (
            <li key={row.id}>{[row.make, row.model].filter(Boolean).join(' ')}</li>
          ))}
        </ul>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('app.cancel')}</Button>
        <Button variant="contained" color="success" onClick={onAccept} autoFocus>
          {translate('app.requests.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RequestActions({
  memberId,
  memberName,
  refresh,
  heading,
}: {
  memberId: number;
  memberName: string;
  refresh: () => Promise<unknown>;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const toast = useToast();
  const failure = useFailure();
  const { data = [], selectedIds, onUnselectItems } = useListContext<Instrument>();
  const [rejecting, setRejecting] = useState(false);
  const [asking, setAsking] = useState(false);
  const decides = useCan('requests.decide');

  // Accepting and rejecting are custom calls; what they change is read again by `refresh`.
  const done = async () => {
    onUnselectItems();
    await refresh();
  };
  const { mutate: acceptSelected, isPending: busy } = useMutation({
    mutationFn: (ids: Identifier[]) => dataProvider.acceptInstruments(memberId, ids),
    onSuccess: async (_accepted, ids) => {
      toast.success(ids.length === 1 ? 'app.instruments.accepted_one' : 'app.instruments.accepted_many');
      await done();
      // The accepted rows and the button's selection are gone: the focus goes to the list, not the page body.
      heading.current?.focus();
    },
    onError: failure,
  });
  // The dialog awaits the promise: it stays open (with what was typed) when the call fails.
  const { mutateAsync: reject } = useMutation({
    mutationFn: ({ ids, values }: { ids: Identifier[]; values: RejectValues }) =>
      ids.length === 1 ? dataProvider.rejectInstrument(ids[0], values) : dataProvider.rejectInstruments(memberId, ids, values),
    onSuccess: async (_rejected, { ids }) => {
      toast.success(ids.length === 1 ? 'app.instruments.rejected_one' : 'app.instruments.rejected_many');
      setRejecting(false);
      await done();
    },
    onError: failure,
  });
  const chosen = data.filter((row) => selectedIds.includes(row.id));
  const accept = () => {
    setAsking(false);
    acceptSelected(selectedIds);
  };

  return (
    <Stack direction="row" spacing={1} sx={{ my: 2, flexWrap: 'wrap', gap: 1 }}>
      {decides && (
        <>
          <Button variant="contained" color="error" startIcon={<CloseIcon />} disabled={selectedIds.length === 0 || busy} onClick={() => setRejecting(true)}>
            {translate('app.requests.reject')}
          </Button>
          <Button variant="contained" color="success" startIcon={<CheckIcon />} disabled={selectedIds.length === 0 || busy} onClick={() => setAsking(true)}>
            {translate('app.requests.accept')}
          </Button>
        </>
      )}
      <Button variant="outlined" startIcon={<EditIcon />} onClick={() => navigate(`/instrument-insurance/edit/${memberId}`)}>
        {translate('app.instruments.edit')}
      </Button>
      {decides && <ConfirmAccept open={asking} chosen={chosen} onCancel={() => setAsking(false)} onAccept={accept} />}
      {decides && (
        <RejectDialog
          open={rejecting}
          kind="instrument"
          memberId={memberId}
          title={translate('app.instruments.reject_title', { name: memberName })}
          onClose={() => setRejecting(false)}
          onReject={async (values) => {
            await reject({ ids: selectedIds, values });
          }}
        />
      )}
    </Stack>
  );
}

const COLUMNS = ['type', 'make', 'model', 'serial_number', 'registered', 'value', 'status', 'valuation'] as const;

/**
 * The waiting instruments with a labelled checkbox per row, on the list's selection (react-admin's
 * DataTable puts the checkbox's label on its wrapper, which leaves the input unnamed).
 */
function RequestTable() {
  const translate = useTranslate();
  const { data = [], error, isPending, selectedIds, onToggleItem, onSelect } = useListContext<Instrument>();
  const { categories, categoriesPending } = useMemberInstruments(Number(useParams().id));
  const text = useChangeText(categories);
  // Rows are chosen to accept or reject them: without the right to decide, no choosing.
  const decides = useCan('requests.decide');
  if (error) return <Alert severity="error">{translate('app.errors.generic')}</Alert>;
  // The table comes whole, rows and type names together: a header shown before them would change its widths.
  if (isPending || categoriesPending) return null;
  if (data.length === 0) return <Typography sx={{ p: 3 }}>{translate('app.instruments.requested_empty')}</Typography>;
  const all = data.length > 0 && data.every((row) => selectedIds.includes(row.id));
  const cells = (row: Instrument) => [
    text(row, 'instrument_category'),
    text(row, 'make'),
    text(row, 'model'),
    text(row, 'serial_number'),
    formatDate(row.created_at),
    text(row, 'value'),
    translate(row.requested_change?.delete ? 'app.instruments.pending_delete' : 'app.instruments.request'),
    <ValuationChip key="valuation" valuation={row.valuation} />,
  ];
  return (
    <Paper sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {decides && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={all}
                  indeterminate={!all && selectedIds.length > 0}
                  onChange={() => onSelect(all ? [] : data.map((row) => row.id))}
                  slotProps={{ input: { 'aria-label': translate('app.instruments.select_all') } }}
                />
              </TableCell>
            )}
            {COLUMNS.map((column) => (
              <TableCell key={column}>{translate(`app.instruments.columns.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((row) => (
            <TableRow key={row.id} hover selected={selectedIds.includes(row.id)}>
              {decides && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selectedIds.includes(row.id)}
                    onChange={() => onToggleItem(row.id)}
                    slotProps={{ input: { 'aria-label': translate('app.instruments.select', { name: `${row.make} ${row.model}` }) } }}
                  />
                </TableCell>
              )}
              {cells(row).map((cell, index) => (
                <TableCell key={COLUMNS[index]}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/**
 * What stands below the list comes once everything above it is whole (the member's name, the rows
 * and their type names), so nothing coming in pushes it down, and the documents below look at the
 * window only where the finished page puts them.
 */
function AfterTheList({ memberPending, children }: { memberPending: boolean; children: ReactNode }) {
  const { isPending } = useListContext();
  const { categoriesPending } = useMemberInstruments(Number(useParams().id));
  return isPending || categoriesPending || memberPending ? null : children;
}

export default function InstrumentRequestsPage() {
  const id = Number(useParams().id);
  const translate = useTranslate();
  const { data: member, isPending: memberPending } = useGetOne<Member>('membership', { id });
  const { refresh } = useMemberInstruments(id);
  const title = translate('app.instruments.list_title');
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <>
      <Title title={title} />
      <MemberHeader member={member} backTo="/instrument-insurance" />
      <Typography ref={heading} tabIndex={-1} variant="h6" component="h2">
        {title}
      </Typography>
      <ListBase resource="instrument-requests" filter={{ status: 0, member_id: id }} perPage={100} disableSyncWithLocation>
        <RequestActions memberId={id} memberName={member ? `${member.first_name} ${member.last_name}` : ''} refresh={refresh} heading={heading} />
        <RequestTable />
        <AfterTheList memberPending={memberPending}>
          <InstrumentDocuments memberId={id} waiting />
        </AfterTheList>
      </ListBase>
    </>
  );
}

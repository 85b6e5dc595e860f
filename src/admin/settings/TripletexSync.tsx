/**
 * The 'synchronise orders' action: starts a run in the background, follows it until it is done
 * and shows the counts and each failure; below it the earlier runs.
 */
import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import SyncIcon from '@mui/icons-material/Sync';
import { useMutation } from '@tanstack/react-query';
import { useReadAgain } from '../readAgain.ts';
import { Confirm, DataTable, ListBase, Pagination, useDataProvider, useGetOne, useTranslate, type HttpError } from 'react-admin';
import type { StaffDataProvider, TripletexRun } from '../../dataProvider/index.ts';
import { formatDate, formatTime } from '../../common/format.ts';
import { useToast } from '../toast.tsx';
import '../../i18n/app/settings-pages-nb.ts';

const Column = DataTable.Col<TripletexRun>;
const finished = (run: TripletexRun | undefined) => run?.state === 'done' || run?.state === 'failed';

function RunResult({ run }: { run: TripletexRun }) {
  const translate = useTranslate();
  if (!finished(run)) {
    return (
      <Box role="status" sx={{ my: 2 }}>
        <Typography>{translate('app.settings.tripletex.running')}</Typography>
        <LinearProgress sx={{ mt: 1 }} aria-label={translate('app.settings.tripletex.running')} />
      </Box>
    );
  }
  return (
    <Box role="status" sx={{ my: 2 }}>
      {run.error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {run.error}
        </Alert>
      )}
      {run.state === 'done' && <Alert severity={run.failures.length > 0 ? 'warning' : 'success'}>{translate('app.settings.tripletex.result', run)}</Alert>}
      {run.failures.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
            {translate('app.settings.tripletex.failures', { count: run.failures.length })}
          </Typography>
          <Box component="ul" sx={{ mt: 0.5 }}>
            {run.failures.map((failure, index) => (
              <li key={index}>
                <strong>{failure.what}</strong>: {failure.message}
              </li>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}

function RunHistory() {
  const translate = useTranslate();
  return (
    <ListBase resource="tripletex-runs" perPage={25} sort={{ field: 'id', order: 'DESC' }} disableSyncWithLocation>
      <Typography variant="h6" component="h3" sx={{ mt: 2, mb: 1 }}>
        {translate('app.settings.tripletex.history')}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable<TripletexRun>
          bulkActionButtons={false}
          rowClick={false}
          empty={<Typography sx={{ py: 2 }}>{translate('app.settings.tripletex.empty')}</Typography>}
        >
          <Column source="created_at" disableSort render={(run) => `${formatDate(run.created_at)} ${formatTime(run.created_at)}`} />
          <Column source="started_by" disableSort render={(run) => (run.started_by ? `${run.started_by.first_name} ${run.started_by.last_name}` : '')} />
          <Column source="state" disableSort render={(run) => translate(`app.settings.tripletex.states.${run.state}`)} />
          <Column
            source="orders_created"
            label="app.settings.tripletex.columns.result"
            disableSort
            render={(run) => run.error ?? translate('app.settings.tripletex.counts', { ...run, failures: run.failures.length })}
          />
        </DataTable>
      </Box>
      <Pagination rowsPerPageOptions={[25]} />
    </ListBase>
  );
}

export function TripletexSync() {
  const translate = useTranslate();
  const toast = useToast();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [runId, setRunId] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A run sends customers and orders to the accounting system: it starts only once confirmed.
  const [confirming, setConfirming] = useState(false);
  // The earlier runs below show each run's state, which the server changes in the background:
  // they are read again when a run starts and when the run followed here is done.
  const readRunsAgain = useReadAgain();
  // The followed run as last read: the list is read again when it becomes finished, once (reading
  // everything again reads this run again too, which must not start another round).
  const lastRead = useRef<TripletexRun | undefined>(undefined);
  const { data: run } = useGetOne<TripletexRun>(
    'tripletex-runs',
    { id: runId ?? 0 },
    {
      enabled: runId !== null,
      refetchInterval: (query) => (finished(query.state.data as TripletexRun | undefined) ? false : 1000),
      onSuccess: (current: TripletexRun) => {
        const before = lastRead.current;
        lastRead.current = current;
        if (finished(current) && !(before?.id === current.id && finished(before))) void readRunsAgain();
      },
    },
  );
  const { mutate: startSync, isPending: starting } = useMutation({
    mutationFn: () => dataProvider.startTripletexSync(),
    onMutate: () => setRefusal(null),
    onSuccess: (started) => {
      toast.success('app.settings.tripletex.running');
      setRunId(started.id);
      return readRunsAgain();
    },
    onError: (error) => {
      const failure = error as HttpError;
      if (failure.status === 503) setRefusal(failure.message || translate('app.settings.tripletex.not_configured'));
      else toast.error('app.errors.generic_bang');
    },
  });

  function start() {
    setConfirming(false);
    startSync();
  }

  const busy = starting || (run !== undefined && !finished(run));
  return (
    <Card variant="outlined" component="section" aria-labelledby="tripletex-title">
      <CardContent>
        <Typography id="tripletex-title" variant="h6" component="h2" gutterBottom>
          {translate('app.settings.tripletex.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.settings.tripletex.text')}
        </Typography>
        <Button variant="contained" startIcon={<SyncIcon />} onClick={() => setConfirming(true)} disabled={busy}>
          {translate('app.settings.tripletex.run')}
        </Button>
        <Confirm
          isOpen={confirming}
          title="app.settings.tripletex.confirm_title"
          content="app.settings.tripletex.confirm_text"
          confirm="app.settings.tripletex.confirm"
          onConfirm={start}
          onClose={() => setConfirming(false)}
        />
        {refusal && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {refusal}
          </Alert>
        )}
        {run && <RunResult run={run} />}
        <RunHistory />
      </CardContent>
    </Card>
  );
}

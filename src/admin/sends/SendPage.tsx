/**
 * '/sends/{id}': one send. A draft shows its form beside the preview and the buttons to test and
 * send it; once it is scheduled or started, what it is, the buttons its state allows, and (started)
 * the report, read again every few seconds while it sends.
 */
import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useGetOne, useTranslate } from 'react-admin';
import type { Outreach, StaffDataProvider } from '../../dataProvider/index.ts';
import { formatDate, formatTime } from '../../common/format.ts';
import { LoadFailed, PageHeader } from '../layout/PageHeader.tsx';
import { SendActions } from './SendActions.tsx';
import { SendForm } from './SendForm.tsx';
import { SendPreview } from './SendPreview.tsx';
import { POLL_MS, SendReport } from './SendReport.tsx';
import { useKindNames } from './sendText.tsx';
import { SendStateChip } from './SendStateChip.tsx';
import { useReadAgain } from '../readAgain.ts';
import '../../i18n/app/sends-pages-nb.ts';

/** The list of sends, where the page's back button leads. */
const LIST = '/sends';

const when = (value: string | null) => (value ? `${formatDate(value)} ${formatTime(value)}` : '–');

function Summary({ send }: { send: Outreach }) {
  const translate = useTranslate();
  const kinds = useKindNames();
  const rows: [string, ReactNode][] = [
    ['group', send.segment_name ?? translate('app.sends.deleted_group')],
    ['kind', kinds[send.kind]],
    ['channel', translate(`app.sends.channel.${send.channel}`)],
    ...(send.send_at ? [['send_at', when(send.send_at)] as [string, ReactNode]] : []),
    ...(send.started_at ? [['started_at', when(send.started_at)] as [string, ReactNode]] : []),
    ...(send.finished_at ? [['finished_at', when(send.finished_at)] as [string, ReactNode]] : []),
    ['created_by', send.created_by ?? '–'],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 2, rowGap: 0.5, m: 0, mb: 2 }}>
      {rows.map(([name, value]) => (
        <Box key={name} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {translate(`app.sends.summary.${name}`)}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function SendView({ send }: { send: Outreach }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const readAgain = useReadAgain();
  const staffData = useDataProvider<StaffDataProvider>();
  const [memberId, setMemberId] = useState<number | undefined>();
  const [unsaved, setUnsaved] = useState(false);
  const beforeStart = send.state === 'draft' || send.state === 'scheduled';
  const preview = useQuery({
    queryKey: ['outreach-preview', send.id, memberId ?? null],
    queryFn: ({ signal }) => staffData.outreachPreview(send.id, memberId, signal),
    enabled: beforeStart,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const started = send.started_at !== null || ['sending', 'paused', 'done'].includes(send.state);

  const changed = (updated: Outreach) => {
    queryClient.setQueryData(['outreaches', 'getOne', { id: String(send.id) }], updated);
    void readAgain();
  };

  const title = send.subject || translate('app.sends.no_subject');
  const actions = <SendActions send={send} recipients={preview.data?.recipients} unsaved={unsaved} onChanged={changed} />;
  const previewPanel = beforeStart ? (
    <SendPreview send={send} preview={preview.data} error={preview.error} fetching={preview.isFetching} onMember={setMemberId} />
  ) : null;

  return (
    <>
      <PageHeader back={LIST} title={title}>
        <SendStateChip state={send.state} />
      </PageHeader>
      {send.state === 'draft' ? (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: 2, alignItems: 'start' }}>
          <SendForm send={send} onDirty={setUnsaved} />
          <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
            <Paper sx={{ p: 2 }}>{actions}</Paper>
            {previewPanel}
          </Box>
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
          <Paper component="section" aria-labelledby="send-summary-heading" sx={{ p: 2, minWidth: 0 }}>
            <Typography id="send-summary-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
              {translate('app.sends.summary.heading')}
            </Typography>
            <Summary send={send} />
            {actions}
          </Paper>
          {started && <SendReport send={send} />}
          {previewPanel}
        </Box>
      )}
    </>
  );
}

export default function SendPage() {
  const translate = useTranslate();
  const { id } = useParams();
  const { data, error, isPending } = useGetOne<Outreach>(
    'outreaches',
    { id: Number(id) },
    {
      enabled: Number(id) > 0,
      // While it sends, its state and counts are read again until it is done (or paused, cancelled).
      refetchInterval: (query) => (query.state.data?.state === 'sending' ? POLL_MS : false),
    },
  );
  if (isPending) return <LinearProgress aria-label={translate('app.loading')} sx={{ mt: 2 }} />;
  if (error || !data) return <LoadFailed error={error} back={LIST} notFound="app.sends.not_found" notFoundText="app.sends.not_found_text" />;
  return <SendView send={data} />;
}

/**
 * '/settings/renewal' ('Fornyelse {year}'): the renewal run for next year (or this year). A preview
 * first, written by nobody: who renews and who is left out and why, the sums per product and per
 * channel, and the invoices it would make, page by page. Staff start it after a confirmation; it
 * runs as a job on the server, so the page can be left and come back to, and shows its progress.
 */
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import PlayArrow from '@mui/icons-material/PlayArrow';
import { Confirm, useDataProvider, useTranslate, type HttpError } from 'react-admin';
import { formatAmount, formatDate, formatKroner, formatTime, todayIso } from '../../common/format.ts';
import type { RenewalLeftOut, RenewalRun, RenewalSummary, StaffDataProvider } from '../../dataProvider/index.ts';
import { useToast } from '../toast.tsx';
import { PageTitle } from './PageTitle.tsx';
import { useCan } from '../access/rights.ts';
import '../../i18n/app/payments-pages-nb.ts';
import '../../i18n/app/settings-pages-nb.ts';

const PER_PAGE = 25;
const REASONS: RenewalLeftOut[] = ['ended', 'rejected', 'erased', 'blocked', 'invoiced', 'pending'];
const active = (run: RenewalRun | undefined) => run?.state === 'queued' || run?.state === 'running';
const runKey = (year: number) => ['renewal', year, 'run'] as const;
const previewKey = (year: number) => ['renewal', year, 'preview'] as const;

/** A small table of the summary: a heading and rows of a name and numbers, the first column a row header. */
function SummaryTable({ id, title, head, rows }: { id: string; title: string; head: string[]; rows: (string | number)[][] }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2, minWidth: 0 }}>
      <Typography id={id} variant="subtitle1" component="h3" gutterBottom>
        {title}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            {head.map((label, index) => (
              <TableCell key={label} align={index === 0 ? 'left' : 'right'}>
                {label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={head.length} sx={{ color: 'text.secondary' }}>
                {translate('app.settings.renewal.nothing')}
              </TableCell>
            </TableRow>
          )}
          {rows.map(([name, ...values]) => (
            <TableRow key={String(name)}>
              <TableCell component="th" scope="row">
                {name}
              </TableCell>
              {values.map((value, index) => (
                <TableCell key={index} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {value}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

function Summary({ summary }: { summary: RenewalSummary }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.settings.renewal.${key}`, options);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' }, mb: 3 }}>
      <SummaryTable
        id="renewal-left-out"
        title={`${t('renewing')}: ${t('renewing_text', { count: formatAmount(summary.renewing), amount: formatKroner(summary.amount) })}`}
        head={[t('left_out'), t('members')]}
        rows={REASONS.map((reason) => [t(`reasons.${reason}`), formatAmount(summary.left_out[reason])])}
      />
      <SummaryTable
        id="renewal-products"
        title={t('products')}
        head={[t('product'), t('lines'), t('amount')]}
        rows={summary.products.map((row) => [row.name, formatAmount(row.count), formatKroner(row.amount)])}
      />
      <SummaryTable
        id="renewal-channels"
        title={t('channels')}
        head={[t('channel'), t('invoices'), t('amount')]}
        rows={summary.channels.map((row) => [translate(`app.payments.channels.${row.channel}`), formatAmount(row.count), formatKroner(row.amount)])}
      />
    </Box>
  );
}

function InvoiceTable({ year }: { year: number }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.settings.renewal.${key}`, options);
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [page, setPage] = useState(1);
  const { data, error } = useQuery({
    queryKey: [...previewKey(year), page],
    queryFn: () => dataProvider.renewalPreview(year, page, PER_PAGE),
    placeholderData: keepPreviousData,
  });
  if (error) return <Alert severity="error">{(error as Error).message || translate('app.errors.generic')}</Alert>;
  if (!data) return <Typography>{translate('app.loading')}</Typography>;
  const pages = Math.max(1, data.last_page ?? 1);
  return (
    <>
      <Summary summary={data.summary} />
      <Typography id="renewal-table-title" variant="h6" component="h2" gutterBottom>
        {t('table')}
      </Typography>
      {data.total === 0 ? (
        <Typography color="text.secondary">{t('none', { year })}</Typography>
      ) : (
        <>
          <Paper sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-labelledby="renewal-table-title">
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('member_number')}</TableCell>
                  <TableCell>{t('member')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('channel')}</TableCell>
                  <TableCell>{t('what')}</TableCell>
                  <TableCell align="right">{t('total')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((row) => (
                  <TableRow key={row.member_id}>
                    <TableCell>{row.member_number}</TableCell>
                    <TableCell component="th" scope="row">
                      {row.member_name}
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{translate(`app.payments.channels.${row.channel}`)}</TableCell>
                    <TableCell>
                      {row.lines.map((line) => (
                        <Box key={`${line.product_id}-${line.description}`}>
                          {line.description}: {formatKroner(line.amount)}
                        </Box>
                      ))}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {formatKroner(row.total)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Paper>
          <Box component="nav" aria-label={t('table')} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
            <Button onClick={() => setPage(page - 1)} disabled={page <= 1}>
              {t('previous')}
            </Button>
            <Typography aria-live="polite">{t('pages', { page, pages })}</Typography>
            <Button onClick={() => setPage(page + 1)} disabled={page >= pages}>
              {t('next')}
            </Button>
          </Box>
        </>
      )}
    </>
  );
}

/** Where the year's run stands: waiting, its progress, done or stopped, and who started it when. */
function RunState({ run }: { run: RenewalRun }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.settings.renewal.${key}`, options);
  if (run.state === 'not_started') return null;
  const started =
    run.started_at && run.started_by_name ? (
      <Typography variant="body2" color="text.secondary">
        {t('last_started', { date: `${formatDate(run.started_at)} ${formatTime(run.started_at)}`, name: run.started_by_name })}
      </Typography>
    ) : null;
  if (active(run)) {
    const percent = run.total > 0 ? Math.round((100 * run.done) / run.total) : 0;
    return (
      <Box role="status" sx={{ mb: 2 }}>
        <Typography>{run.state === 'queued' ? t('queued') : t('running', { done: formatAmount(run.done), total: formatAmount(run.total) })}</Typography>
        <LinearProgress
          sx={{ my: 1 }}
          variant={run.state === 'queued' ? 'indeterminate' : 'determinate'}
          value={percent}
          aria-label={t('progress', { year: run.year, done: formatAmount(run.done), total: formatAmount(run.total) })}
        />
        {started}
      </Box>
    );
  }
  return (
    <Box role="status" sx={{ mb: 2 }}>
      {run.state === 'done' && (
        <Alert severity="success">
          {t('done', { year: run.year, date: formatDate(run.finished_at), done: formatAmount(run.done), amount: formatKroner(run.amount) })}
        </Alert>
      )}
      {run.state === 'failed' && <Alert severity="error">{t('failed', { error: run.error ?? translate('app.errors.generic') })}</Alert>}
      <Box sx={{ mt: 1 }}>{started}</Box>
    </Box>
  );
}

export function RenewalPage() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.settings.renewal.${key}`, options);
  const toast = useToast();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const thisYear = Number(todayIso().slice(0, 4));
  const [year, setYear] = useState(thisYear + 1);
  const [confirming, setConfirming] = useState(false);
  // The preview and a run's state need 'billing.read' (the page's right); starting a run 'billing.run'.
  const runs = useCan('billing.run');
  const preview = useQuery({
    queryKey: [...previewKey(year), 1],
    queryFn: () => dataProvider.renewalPreview(year, 1, PER_PAGE),
  });
  const { data: run } = useQuery({
    queryKey: runKey(year),
    queryFn: async () => {
      const before = queryClient.getQueryData<RenewalRun>(runKey(year));
      const current = await dataProvider.renewalRun(year);
      // The preview changes as the run invoices members: read it again once the run is through
      // (only then: reading more here on every answer would ask for the run again, and again).
      if (active(before) && !active(current)) void preview.refetch();
      return current;
    },
    refetchInterval: (query) => (active(query.state.data) ? 1000 : false),
  });
  const start = useMutation({
    mutationFn: () => dataProvider.startRenewal(year),
    onSuccess: (started) => {
      queryClient.setQueryData(runKey(year), started);
      toast.success('app.settings.renewal.started', { year });
    },
    onError: (error) => toast.error((error as HttpError).message || 'app.errors.generic_bang'),
  });

  const summary = preview.data?.summary;
  const busy = start.isPending || active(run);
  return (
    <>
      <PageTitle label={translate('app.settings.renewal.title', { year })} />
      <Typography sx={{ mb: 2 }}>{t('intro', { year })}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <ToggleButtonGroup
          exclusive
          value={year}
          onChange={(_event, value: number | null) => value !== null && setYear(value)}
          aria-label={t('year')}
          size="small"
        >
          <ToggleButton value={thisYear}>{thisYear}</ToggleButton>
          <ToggleButton value={thisYear + 1}>{thisYear + 1}</ToggleButton>
        </ToggleButtonGroup>
        {runs && (
          <Button variant="contained" startIcon={<PlayArrow />} onClick={() => setConfirming(true)} disabled={busy || !summary || summary.renewing === 0}>
            {t('start', { year })}
          </Button>
        )}
      </Box>
      {run && <RunState run={run} />}
      <Confirm
        isOpen={confirming}
        title={t('confirm_title', { year })}
        content={summary ? t('confirm_text', { count: formatAmount(summary.renewing), amount: formatKroner(summary.amount) }) : ''}
        confirm={t('start', { year })}
        onConfirm={() => {
          setConfirming(false);
          start.mutate();
        }}
        onClose={() => setConfirming(false)}
      />
      <InvoiceTable key={year} year={year} />
    </>
  );
}

export default RenewalPage;

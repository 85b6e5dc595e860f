/**
 * A started send's report: how many it was for, sent, failed, skipped and unsubscribed, read again
 * every few seconds while it sends; the failures with the reason the mail server or SMS gateway
 * gave, and the same list as a spreadsheet.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate, type HttpError } from 'react-admin';
import type { Outreach, OutreachReport, StaffDataProvider } from '../../dataProvider/index.ts';
import { useToast } from '../toast.tsx';
import { formatCount } from './sendText.tsx';
import '../../i18n/app/sends-pages-nb.ts';

/** How often the page reads the send and its report again while it sends. */
export const POLL_MS = 3000;

const COUNTS: (keyof Omit<OutreachReport, 'failures'>)[] = ['recipients', 'sent', 'failed', 'skipped', 'unsubscribed'];

export function SendReport({ send }: { send: Outreach }) {
  const translate = useTranslate();
  const toast = useToast();
  const staffData = useDataProvider<StaffDataProvider>();
  const [saving, setSaving] = useState(false);
  const sending = send.state === 'sending';
  const { data, error } = useQuery({
    queryKey: ['outreach-report', send.id],
    queryFn: ({ signal }) => staffData.outreachReport(send.id, signal),
    // Also after the last member's message is made, until the mail server has taken them all.
    refetchInterval: (query) => (sending || (query.state.data?.queued ?? 0) > 0 ? POLL_MS : false),
  });

  async function exportFailures() {
    setSaving(true);
    try {
      await staffData.outreachFailuresExport(send.id);
    } catch (failure) {
      toast.error('app.sends.report.export_failed', { message: (failure as HttpError).message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper component="section" aria-labelledby="send-report-heading" sx={{ p: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 2 }}>
        <Typography id="send-report-heading" variant="h6" component="h2">
          {translate('app.sends.report.heading')}
        </Typography>
        {sending && (
          <Typography variant="body2" color="text.secondary">
            {translate('app.sends.report.live')}
          </Typography>
        )}
      </Box>
      {error && (
        <Typography role="alert" color="error">
          {(error as Error).message}
        </Typography>
      )}
      {data && (
        <>
          <Box
            component="dl"
            aria-live={sending ? 'polite' : undefined}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 2, m: 0, my: 2 }}
          >
            {COUNTS.map((name) => (
              <Box key={name} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {translate(`app.sends.report.${name}`)}
                </Typography>
                <Typography component="dd" variant="h5" sx={{ m: 0 }} data-testid={`report-${name}`}>
                  {formatCount(data[name])}
                </Typography>
              </Box>
            ))}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="subtitle1" component="h3" id="send-failures-heading">
              {translate('app.sends.report.failures')}
            </Typography>
            <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exportFailures} disabled={saving || data.failures.length === 0}>
              {translate('app.sends.report.export')}
            </Button>
          </Box>
          {data.failures.length === 0 ? (
            <Typography sx={{ mt: 1 }}>{translate('app.sends.report.no_failures')}</Typography>
          ) : (
            <Box sx={{ overflowX: 'auto', mt: 1 }}>
              <Table size="small" aria-labelledby="send-failures-heading">
                <TableHead>
                  <TableRow>
                    {['name', 'channel', 'address', 'reason'].map((column) => (
                      <TableCell key={column}>{translate(`app.sends.report.${column}`)}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.failures.map((failure, index) => (
                    <TableRow key={`${failure.member_id ?? `row-${index}`}-${failure.channel}`}>
                      <TableCell>{failure.name}</TableCell>
                      <TableCell>{translate(`app.sends.channel.${failure.channel}`)}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{failure.address ?? '–'}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{failure.reason}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </>
      )}
    </Paper>
  );
}

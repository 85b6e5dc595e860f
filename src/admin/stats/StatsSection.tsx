/**
 * One section of 'Nøkkeltall' as a card: its h2 and 'Last ned (xlsx)', then its figures once they
 * have come, or its own loading, error (with 'Prøv igjen') or empty state, so one slow or failing
 * section leaves the others as they are. A screen's height is held while a section loads.
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Download from '@mui/icons-material/Download';
import { useDataProvider, useTranslate } from 'react-admin';
import type { StaffDataProvider, StatsAnswers, StatsPeriod, StatsSectionName } from '../../dataProvider/index.ts';
import { useDownload } from '../lists/useDownload.ts';
import { hasFigures, useStats } from './useStats.ts';
import '../../i18n/app/stats-pages-nb.ts';

interface Props<S extends StatsSectionName> {
  section: S;
  period: StatsPeriod;
  /** The section's h2, a catalogue key. */
  title: string;
  children: (answer: StatsAnswers[S]) => ReactNode;
}

export function StatsSection<S extends StatsSectionName>({ section, period, title, children }: Props<S>) {
  const translate = useTranslate();
  const query = useStats(section, period);
  const heading = translate(title);
  const headingId = `stats-${section}-title`;
  let body: ReactNode;
  if (query.isPending) {
    body = (
      // A whole screen's height while loading: a section that arrives pushes the ones below it
      // only where nobody sees them yet, so the page does not jump (CLS).
      <Box role="status" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1.5, minHeight: '100vh' }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{translate('app.stats.section.loading')}</Typography>
      </Box>
    );
  } else if (query.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void query.refetch()} aria-describedby={headingId}>
            {translate('app.stats.section.retry')}
          </Button>
        }
      >
        {translate('app.stats.section.failed')} {query.error.message}
      </Alert>
    );
  } else if (!hasFigures(query.data)) {
    body = <Typography sx={{ py: 2 }}>{translate('app.stats.section.empty')}</Typography>;
  } else {
    body = children(query.data);
  }
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Typography id={headingId} variant="h6" component="h2">
          {heading}
        </Typography>
        <DownloadButton section={section} period={period} describedBy={headingId} />
      </Box>
      {body}
    </Paper>
  );
}

function DownloadButton({ section, period, describedBy }: { section: StatsSectionName; period: StatsPeriod; describedBy: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { start, busy } = useDownload(() => dataProvider.downloadStats(section, period), { failure: 'app.stats.section.download_failed' });
  return (
    <Button
      variant="outlined"
      startIcon={<Download />}
      onClick={() => start()}
      disabled={busy}
      // Its name is the button's words; the section it saves is its description.
      aria-describedby={describedBy}
    >
      {translate('app.stats.section.download')}
    </Button>
  );
}

/**
 * 'Medlemmer': members at each month's end (a line), joins and leaves per month (bars; the leaves
 * by reason in the table), members now and the net growth, and members now by age band, primary
 * instrument and newsletter consent.
 */
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslate } from 'react-admin';
import type { MemberMonth, StatsBucket } from '../../../server/schemas/stats.ts';
import type { StatsAnswers, StatsPeriod } from '../../dataProvider/index.ts';
import { formatCount, formatMonth, formatShare, formatSigned } from './format.ts';
import { ChartWithTable, KeyFigures, TableRow } from './layout.tsx';
import { chartMotion, LINE_MARKS, SERIES_COLOURS, StatsChart } from './StatsChart.tsx';
import { StatsSection } from './StatsSection.tsx';
import { StatsTable, type StatsColumn } from './StatsTable.tsx';
import '../../i18n/app/stats-pages-nb.ts';

type Answer = StatsAnswers['members'];

export function MembersSection({ period }: { period: StatsPeriod }) {
  return (
    <StatsSection section="members" period={period} title="app.stats.members.title">
      {(answer) => <Members answer={answer} />}
    </StatsSection>
  );
}

function Members({ answer }: { answer: Answer }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.stats.members.${key}`, options);
  const { series, totals } = answer;
  const months = series.map((row) => formatMonth(row.month));
  const count = (value: number | null) => formatCount(value);
  const columns: StatsColumn<MemberMonth | 'total'>[] = [
    { label: translate('app.stats.section.month'), value: (row) => (row === 'total' ? t('total') : formatMonth(row.month)) },
    { label: t('members'), numeric: true, value: (row) => count(row === 'total' ? totals.members_at_end : row.members) },
    { label: t('joins'), numeric: true, value: (row) => count((row === 'total' ? totals : row).joins) },
    { label: t('leaves'), numeric: true, value: (row) => count((row === 'total' ? totals : row).leaves) },
    { label: t('resigned'), numeric: true, value: (row) => count((row === 'total' ? totals : row).leaves_resigned) },
    { label: t('lapsed'), numeric: true, value: (row) => count((row === 'total' ? totals : row).leaves_lapsed) },
    { label: t('erased'), numeric: true, value: (row) => count((row === 'total' ? totals : row).leaves_erased) },
    { label: t('net_month'), numeric: true, value: (row) => formatSigned((row === 'total' ? totals : row).net) },
  ];
  const summary = t('summary', {
    start: count(totals.members_at_start),
    end: count(totals.members_at_end),
    joins: count(totals.joins),
    leaves: count(totals.leaves),
  });
  const movesSummary = t('summary_moves', {
    joins: count(totals.joins),
    leaves: count(totals.leaves),
    resigned: count(totals.leaves_resigned),
    lapsed: count(totals.leaves_lapsed),
    erased: count(totals.leaves_erased),
  });
  const bucketColumns = (first: string, share = false): StatsColumn<StatsBucket>[] => [
    { label: first, value: (row) => row.label },
    { label: translate('app.stats.section.count'), numeric: true, value: (row) => count(row.count) },
    ...(share ? [{ label: t('share'), numeric: true, value: (row: StatsBucket) => formatShare(row.count, totals.members_now) }] : []),
  ];
  return (
    <>
      <KeyFigures
        figures={[
          { label: t('now'), value: count(totals.members_now) },
          { label: t('net'), value: formatSigned(totals.net) },
          { label: t('joins'), value: count(totals.joins) },
          { label: t('leaves'), value: count(totals.leaves) },
        ]}
      />
      <ChartWithTable
        chart={
          <>
            <StatsChart title={t('chart_members')} summary={summary}>
              <LineChart
                {...chartMotion}
                xAxis={[{ scaleType: 'point', data: months }]}
                yAxis={[{ valueFormatter: (value: number) => formatCount(value), width: 56 }]}
                series={[{ data: series.map((row) => row.members), label: t('members'), color: SERIES_COLOURS[0], shape: LINE_MARKS[0], showMark: true }]}
                margin={{ right: 32 }}
              />
            </StatsChart>
            <StatsChart title={t('chart_moves')} summary={movesSummary}>
              <BarChart
                {...chartMotion}
                xAxis={[{ scaleType: 'band', data: months }]}
                yAxis={[{ valueFormatter: (value: number) => formatCount(value), width: 48 }]}
                series={[
                  { data: series.map((row) => row.joins), label: t('joins'), color: SERIES_COLOURS[0] },
                  { data: series.map((row) => row.leaves), label: t('leaves'), color: SERIES_COLOURS[1] },
                ]}
                margin={{ right: 16 }}
              />
            </StatsChart>
          </>
        }
        table={
          <StatsTable caption={t('months_caption')} columns={columns} rows={series} rowKey={(row) => (row === 'total' ? 'total' : row.month)} total="total" />
        }
      />
      <TableRow>
        <StatsTable caption={t('age_caption')} columns={bucketColumns(t('age'))} rows={totals.age_bands} rowKey={(row) => row.key} />
        <StatsTable caption={t('instruments_caption')} columns={bucketColumns(t('instrument'))} rows={totals.instruments} rowKey={(row) => row.key} />
        <StatsTable caption={t('consents_caption')} columns={bucketColumns(t('consent'), true)} rows={totals.consents} rowKey={(row) => row.key} />
      </TableRow>
    </>
  );
}

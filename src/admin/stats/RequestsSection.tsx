/**
 * 'Forespørsler': membership, travel and instrument requests received and handled per month (bars
 * of all kinds together; the table pivoted by month with a pair of columns per kind), the median
 * and 90th-percentile waiting time per kind, and what waits now and for how long.
 */
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslate } from 'react-admin';
import type { RequestKind, RequestMonth, RequestsStats } from '../../../server/schemas/stats.ts';
import type { StatsPeriod } from '../../dataProvider/index.ts';
import { formatCount, formatMonth } from './format.ts';
import { ChartWithTable, KeyFigures, TableRow } from './layout.tsx';
import { chartMotion, SERIES_COLOURS, StatsChart } from './StatsChart.tsx';
import { StatsSection } from './StatsSection.tsx';
import { StatsTable, type StatsColumn } from './StatsTable.tsx';
import '../../i18n/app/stats-pages-nb.ts';

const KINDS: readonly RequestKind[] = ['membership', 'travel', 'instrument'];
type KindTotals = RequestsStats['totals']['kinds'][number];

export function RequestsSection({ period }: { period: StatsPeriod }) {
  return (
    <StatsSection section="requests" period={period} title="app.stats.requests.title">
      {(answer) => <Requests answer={answer} />}
    </StatsSection>
  );
}

/** The answer's rows (one per month and kind) as one row per month. */
function byMonth(series: readonly RequestMonth[]) {
  const months = new Map<string, Partial<Record<RequestKind, RequestMonth>>>();
  for (const row of series) months.set(row.month, { ...months.get(row.month), [row.kind]: row });
  return [...months].map(([month, kinds]) => ({ month, kinds }));
}

function Requests({ answer }: { answer: RequestsStats }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.stats.requests.${key}`, options);
  const kindName = (kind: RequestKind) => t(`kinds.${kind}`);
  const months = byMonth(answer.series);
  const kinds = KINDS.map((kind) => answer.totals.kinds.find((row) => row.kind === kind)).filter((row): row is KindTotals => !!row);
  const sum = (pick: (row: KindTotals) => number) => kinds.reduce((total, row) => total + pick(row), 0);
  const monthSum = (kindsOf: Partial<Record<RequestKind, RequestMonth>>, pick: (row: RequestMonth) => number) =>
    Object.values(kindsOf).reduce((total, row) => total + pick(row), 0);
  const days = (value: number | null) => (value === null ? translate('app.stats.section.none') : formatCount(value));

  const pivot: StatsColumn<(typeof months)[number]>[] = [
    { label: translate('app.stats.section.month'), value: (row) => formatMonth(row.month) },
    ...KINDS.flatMap((kind) => [
      {
        label: t('kind_received', { kind: kindName(kind) }),
        numeric: true,
        value: (row: (typeof months)[number]) => formatCount(row.kinds[kind]?.received ?? 0),
      },
      {
        label: t('kind_handled', { kind: kindName(kind) }),
        numeric: true,
        value: (row: (typeof months)[number]) => formatCount(row.kinds[kind]?.handled ?? 0),
      },
    ]),
  ];
  const perKind: StatsColumn<KindTotals>[] = [
    { label: t('kind'), value: (row) => kindName(row.kind) },
    { label: t('received'), numeric: true, value: (row) => formatCount(row.received) },
    { label: t('handled'), numeric: true, value: (row) => formatCount(row.handled) },
    { label: t('accepted'), numeric: true, value: (row) => formatCount(row.accepted) },
    { label: t('rejected'), numeric: true, value: (row) => formatCount(row.rejected) },
    { label: t('median'), numeric: true, value: (row) => days(row.median_wait_days) },
    { label: t('p90'), numeric: true, value: (row) => days(row.p90_wait_days) },
  ];
  const waiting: StatsColumn<KindTotals>[] = [
    { label: t('kind'), value: (row) => kindName(row.kind) },
    { label: t('waiting_now'), numeric: true, value: (row) => formatCount(row.waiting_now) },
    { label: t('oldest'), numeric: true, value: (row) => days(row.oldest_waiting_days) },
    { label: t('median_waiting'), numeric: true, value: (row) => days(row.median_waiting_days) },
  ];
  const summary = t('summary', {
    received: formatCount(sum((row) => row.received)),
    handled: formatCount(sum((row) => row.handled)),
    waiting: formatCount(sum((row) => row.waiting_now)),
  });
  return (
    <>
      <KeyFigures
        figures={[
          { label: t('received'), value: formatCount(sum((row) => row.received)) },
          { label: t('handled'), value: formatCount(sum((row) => row.handled)) },
          { label: t('waiting_now'), value: formatCount(sum((row) => row.waiting_now)) },
        ]}
      />
      <ChartWithTable
        chart={
          <StatsChart title={t('chart')} summary={summary}>
            <BarChart
              {...chartMotion}
              xAxis={[{ scaleType: 'band', data: months.map((row) => formatMonth(row.month)) }]}
              yAxis={[{ valueFormatter: (value: number) => formatCount(value), width: 48 }]}
              series={[
                { data: months.map((row) => monthSum(row.kinds, (kind) => kind.received)), label: t('received'), color: SERIES_COLOURS[0] },
                { data: months.map((row) => monthSum(row.kinds, (kind) => kind.handled)), label: t('handled'), color: SERIES_COLOURS[1] },
              ]}
              margin={{ right: 16 }}
            />
          </StatsChart>
        }
        table={<StatsTable caption={t('months_caption')} columns={pivot} rows={months} rowKey={(row) => row.month} />}
      />
      <TableRow>
        <StatsTable caption={t('kinds_caption')} columns={perKind} rows={kinds} rowKey={(row) => row.kind} />
        <StatsTable caption={t('waiting_caption')} columns={waiting} rows={kinds} rowKey={(row) => row.kind} />
      </TableRow>
    </>
  );
}

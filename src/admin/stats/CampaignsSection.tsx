/**
 * 'Kampanjer': sign-ups per campaign code (code, name, its period, sign-ups) and, per month, the
 * sign-ups with a code beside the Vipps quick checkouts started and completed.
 */
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslate } from 'react-admin';
import type { CampaignMonth, CampaignsStats } from '../../../server/schemas/stats.ts';
import type { StatsPeriod } from '../../dataProvider/index.ts';
import { formatCount, formatDay, formatMonth, formatShare } from './format.ts';
import { ChartWithTable, KeyFigures, TableRow } from './layout.tsx';
import { chartMotion, SERIES_COLOURS, StatsChart } from './StatsChart.tsx';
import { StatsSection } from './StatsSection.tsx';
import { StatsTable, type StatsColumn } from './StatsTable.tsx';
import '../../i18n/app/stats-pages-nb.ts';

type Campaign = CampaignsStats['totals']['campaigns'][number];

export function CampaignsSection({ period }: { period: StatsPeriod }) {
  return (
    <StatsSection section="campaigns" period={period} title="app.stats.campaigns.title">
      {(answer) => <Campaigns answer={answer} />}
    </StatsSection>
  );
}

function Campaigns({ answer }: { answer: CampaignsStats }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.stats.campaigns.${key}`, options);
  const { series, totals } = answer;
  const campaignPeriod = (row: Campaign) => {
    if (!row.period_start && !row.period_end) return translate('app.stats.section.none');
    return `${formatDay(row.period_start) || '…'}–${row.period_end ? formatDay(row.period_end) : t('no_end')}`;
  };
  const campaigns: StatsColumn<Campaign>[] = [
    { label: t('code'), value: (row) => row.code },
    { label: t('name'), value: (row) => row.name },
    { label: t('period'), value: campaignPeriod },
    { label: t('signups'), numeric: true, value: (row) => formatCount(row.signups) },
  ];
  const months: StatsColumn<CampaignMonth>[] = [
    { label: translate('app.stats.section.month'), value: (row) => formatMonth(row.month) },
    { label: t('signups'), numeric: true, value: (row) => formatCount(row.signups) },
    { label: t('started'), numeric: true, value: (row) => formatCount(row.quick_checkouts_started) },
    { label: t('completed'), numeric: true, value: (row) => formatCount(row.quick_checkouts_completed) },
  ];
  const summary = t('summary', {
    signups: formatCount(totals.signups),
    started: formatCount(totals.quick_checkouts_started),
    completed: formatCount(totals.quick_checkouts_completed),
  });
  return (
    <>
      <KeyFigures
        figures={[
          { label: t('signups'), value: formatCount(totals.signups) },
          { label: t('started'), value: formatCount(totals.quick_checkouts_started) },
          {
            label: t('completed'),
            value: `${formatCount(totals.quick_checkouts_completed)} (${formatShare(totals.quick_checkouts_completed, totals.quick_checkouts_started)})`,
          },
        ]}
      />
      <ChartWithTable
        chart={
          <StatsChart title={t('chart')} summary={summary}>
            <BarChart
              {...chartMotion}
              xAxis={[{ scaleType: 'band', data: series.map((row) => formatMonth(row.month)) }]}
              yAxis={[{ valueFormatter: (value: number) => formatCount(value), width: 48 }]}
              series={[
                { data: series.map((row) => row.signups), label: t('signups'), color: SERIES_COLOURS[0] },
                { data: series.map((row) => row.quick_checkouts_started), label: t('started'), color: SERIES_COLOURS[1] },
                { data: series.map((row) => row.quick_checkouts_completed), label: t('completed'), color: SERIES_COLOURS[2] },
              ]}
              margin={{ right: 16 }}
            />
          </StatsChart>
        }
        table={<StatsTable caption={t('months_caption')} columns={months} rows={series} rowKey={(row) => row.month} />}
      />
      <TableRow>
        {totals.campaigns.length > 0 ? (
          <StatsTable caption={t('campaigns_caption')} columns={campaigns} rows={totals.campaigns} rowKey={(row) => String(row.campaign_id)} />
        ) : (
          <p>{t('none')}</p>
        )}
      </TableRow>
    </>
  );
}

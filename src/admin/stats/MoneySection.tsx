/**
 * 'Økonomi': invoiced vs paid per month (bars) and year to date, what is outstanding now by age,
 * and what was paid per channel with its share of the amount.
 */
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslate } from 'react-admin';
import type { MoneyMonth, MoneyStats } from '../../../server/schemas/stats.ts';
import type { StatsPeriod } from '../../dataProvider/index.ts';
import { formatAmount, formatKroner } from '../../common/format.ts';
import { formatCount, formatMonth, formatShare } from './format.ts';
import { ChartWithTable, KeyFigures, TableRow } from './layout.tsx';
import { chartMotion, SERIES_COLOURS, StatsChart } from './StatsChart.tsx';
import { StatsSection } from './StatsSection.tsx';
import { StatsTable, type StatsColumn } from './StatsTable.tsx';
import '../../i18n/app/stats-pages-nb.ts';

type Age = MoneyStats['totals']['outstanding_by_age'][number];
type Channel = MoneyStats['totals']['paid_by_channel'][number];

export function MoneySection({ period }: { period: StatsPeriod }) {
  return (
    <StatsSection section="money" period={period} title="app.stats.money.title">
      {(answer) => <Money answer={answer} />}
    </StatsSection>
  );
}

function Money({ answer }: { answer: MoneyStats }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.stats.money.${key}`, options);
  const { series, totals } = answer;
  const paidTotal = totals.paid_by_channel.reduce((sum, row) => sum + row.amount_ore, 0);
  const months: StatsColumn<MoneyMonth>[] = [
    { label: translate('app.stats.section.month'), value: (row) => formatMonth(row.month) },
    { label: t('invoiced'), numeric: true, value: (row) => formatKroner(row.invoiced_ore) },
    { label: t('paid'), numeric: true, value: (row) => formatKroner(row.paid_ore) },
    { label: t('invoiced_ytd'), numeric: true, value: (row) => formatKroner(row.invoiced_ytd_ore) },
    { label: t('paid_ytd'), numeric: true, value: (row) => formatKroner(row.paid_ytd_ore) },
  ];
  const ages: StatsColumn<Age>[] = [
    { label: t('age'), value: (row) => row.label },
    { label: t('invoices'), numeric: true, value: (row) => formatCount(row.invoices) },
    { label: t('amount'), numeric: true, value: (row) => formatKroner(row.amount_ore) },
  ];
  const channels: StatsColumn<Channel>[] = [
    { label: t('channel'), value: (row) => row.label },
    { label: t('payments'), numeric: true, value: (row) => formatCount(row.payments) },
    { label: t('amount'), numeric: true, value: (row) => formatKroner(row.amount_ore) },
    { label: t('share'), numeric: true, value: (row) => formatShare(row.amount_ore, paidTotal) },
  ];
  const summary = t('summary', {
    invoiced: formatKroner(totals.invoiced_ore),
    paid: formatKroner(totals.paid_ore),
    outstanding: formatKroner(totals.outstanding_ore),
  });
  // The axis in whole kroner: the table has the øre.
  const kroner = (ore: number) => Math.round(ore / 100);
  return (
    <>
      <KeyFigures
        figures={[
          { label: t('invoiced'), value: formatKroner(totals.invoiced_ore) },
          { label: t('paid'), value: formatKroner(totals.paid_ore) },
          { label: t('outstanding'), value: formatKroner(totals.outstanding_ore) },
        ]}
      />
      <ChartWithTable
        chart={
          <StatsChart title={t('chart')} summary={summary}>
            <BarChart
              {...chartMotion}
              xAxis={[{ scaleType: 'band', data: series.map((row) => formatMonth(row.month)) }]}
              yAxis={[{ valueFormatter: (value: number) => formatAmount(value), width: 72 }]}
              series={[
                { data: series.map((row) => kroner(row.invoiced_ore)), label: t('invoiced'), color: SERIES_COLOURS[0] },
                { data: series.map((row) => kroner(row.paid_ore)), label: t('paid'), color: SERIES_COLOURS[1] },
              ]}
              margin={{ right: 16 }}
            />
          </StatsChart>
        }
        table={<StatsTable caption={t('months_caption')} columns={months} rows={series} rowKey={(row) => row.month} />}
      />
      <TableRow>
        <StatsTable caption={t('age_caption')} columns={ages} rows={totals.outstanding_by_age} rowKey={(row) => row.key} />
        <StatsTable caption={t('channels_caption')} columns={channels} rows={totals.paid_by_channel} rowKey={(row) => row.channel} />
      </TableRow>
    </>
  );
}

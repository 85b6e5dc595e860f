/**
 * 'Forsikring': members with travel insurance and instruments insured at each month's end (lines),
 * the insured value and its change, travel insurance per product, and requests accepted vs rejected.
 */
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslate } from 'react-admin';
import type { InsuranceMonth, InsuranceStats } from '../../../server/schemas/stats.ts';
import type { StatsPeriod } from '../../dataProvider/index.ts';
import { formatKroner } from '../../common/format.ts';
import { formatCount, formatMonth } from './format.ts';
import { ChartWithTable, KeyFigures, TableRow } from './layout.tsx';
import { chartMotion, LINE_DASHES, LINE_MARKS, SERIES_COLOURS, StatsChart } from './StatsChart.tsx';
import { StatsSection } from './StatsSection.tsx';
import { StatsTable, type StatsColumn } from './StatsTable.tsx';
import '../../i18n/app/stats-pages-nb.ts';

type Product = InsuranceStats['totals']['travel_by_product'][number];
interface Decision {
  key: string;
  label: string;
  accepted: number;
  rejected: number;
}

export function InsuranceSection({ period }: { period: StatsPeriod }) {
  return (
    <StatsSection section="insurance" period={period} title="app.stats.insurance.title">
      {(answer) => <Insurance answer={answer} />}
    </StatsSection>
  );
}

/** A change in kroner with its sign: '+kr 12 000,00'. */
const signedKroner = (ore: number) => (ore > 0 ? `+${formatKroner(ore)}` : formatKroner(ore));

function Insurance({ answer }: { answer: InsuranceStats }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.stats.insurance.${key}`, options);
  const { series, totals } = answer;
  const months: StatsColumn<InsuranceMonth>[] = [
    { label: translate('app.stats.section.month'), value: (row) => formatMonth(row.month) },
    { label: t('travel_members'), numeric: true, value: (row) => formatCount(row.travel_members) },
    { label: t('instruments'), numeric: true, value: (row) => formatCount(row.instruments_insured) },
    { label: t('value'), numeric: true, value: (row) => formatKroner(row.insured_value_ore) },
    { label: t('value_change'), numeric: true, value: (row) => signedKroner(row.insured_value_change_ore) },
  ];
  const products: StatsColumn<Product>[] = [
    { label: t('product'), value: (row) => row.name },
    { label: t('travel_members'), numeric: true, value: (row) => formatCount(row.count) },
  ];
  const decisionRows: Decision[] = [
    { key: 'travel', label: t('travel'), accepted: totals.travel_accepted, rejected: totals.travel_rejected },
    { key: 'instrument', label: t('instrument'), accepted: totals.instruments_accepted, rejected: totals.instruments_rejected },
  ];
  const decisions: StatsColumn<Decision>[] = [
    { label: t('request'), value: (row) => row.label },
    { label: t('accepted'), numeric: true, value: (row) => formatCount(row.accepted) },
    { label: t('rejected'), numeric: true, value: (row) => formatCount(row.rejected) },
  ];
  const summary = t('summary', {
    travel: formatCount(totals.travel_members),
    instruments: formatCount(totals.instruments_insured),
    value: formatKroner(totals.insured_value_ore),
    change: signedKroner(totals.insured_value_change_ore),
  });
  return (
    <>
      <KeyFigures
        figures={[
          { label: t('travel_members'), value: formatCount(totals.travel_members) },
          { label: t('instruments'), value: formatCount(totals.instruments_insured) },
          { label: t('value'), value: formatKroner(totals.insured_value_ore) },
          { label: t('value_change'), value: signedKroner(totals.insured_value_change_ore) },
        ]}
      />
      <ChartWithTable
        chart={
          <StatsChart title={t('chart')} summary={summary}>
            <LineChart
              {...chartMotion}
              xAxis={[{ scaleType: 'point', data: series.map((row) => formatMonth(row.month)) }]}
              yAxis={[{ valueFormatter: (value: number) => formatCount(value), width: 48 }]}
              series={[
                {
                  id: 'travel',
                  data: series.map((row) => row.travel_members),
                  label: t('travel_members'),
                  color: SERIES_COLOURS[0],
                  shape: LINE_MARKS[0],
                  showMark: true,
                },
                {
                  id: 'instruments',
                  data: series.map((row) => row.instruments_insured),
                  label: t('instruments'),
                  color: SERIES_COLOURS[1],
                  shape: LINE_MARKS[1],
                  showMark: true,
                },
              ]}
              sx={{ '& .MuiLineElement-series-instruments': { strokeDasharray: LINE_DASHES[1] } }}
              margin={{ right: 32 }}
            />
          </StatsChart>
        }
        table={<StatsTable caption={t('months_caption')} columns={months} rows={series} rowKey={(row) => row.month} />}
      />
      <TableRow>
        <StatsTable caption={t('products_caption')} columns={products} rows={totals.travel_by_product} rowKey={(row) => String(row.product_id)} />
        <StatsTable caption={t('decisions_caption')} columns={decisions} rows={decisionRows} rowKey={(row) => row.key} />
      </TableRow>
    </>
  );
}

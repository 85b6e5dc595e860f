/**
 * 'Nøkkeltall' → money: invoiced (by invoice date, less credits on their day) and paid (by the
 * payment's date; a reversal counts negative) per month and year to date, from the day counters
 * of migration 050; what is outstanding today by age, as the invoice page's aging
 * (server/domain/billing/aging.ts) reckons it, summed from the same counters on the invoices' due
 * dates; and the period's payments by the channel they came by.
 */
import type { Queryable } from '../../db/database.ts';
import type { MoneyMonth, MoneyStats } from '../../schemas/stats.ts';
import { AGING_BUCKETS } from '../billing/aging.ts';
import { flowIn, flowTotal, readCounters, rebuildSources, type CounterSource } from './day-counters.ts';
import { sheetOf, type StatsSection } from './section.ts';
import type { StatsPeriod } from './period.ts';

export const MONEY_METRICS = { invoiced: 'money.invoiced', paid: 'money.paid', payments: 'money.payments' } as const;
/** What is still owed and how many invoices owe it, on their due dates. */
const OWED_METRICS = { outstanding: 'money.outstanding', open: 'money.open' } as const;

export const CHANNELS = [
  { channel: 'efaktura', label: 'eFaktura' },
  { channel: 'email', label: 'E-post' },
  { channel: 'avtalegiro', label: 'AvtaleGiro' },
  { channel: 'vipps', label: 'Vipps' },
  { channel: 'vipps_agreement', label: 'Vipps-avtale' },
] as const;

/** The invoice page's bucket names (src/i18n/app/nb.ts), keyed as the stats answer keys them. */
const AGE_LABELS: Record<string, { key: string; label: string }> = {
  not_due: { key: 'not_due', label: 'Ikke forfalt' },
  '1-30': { key: '1_30', label: '1–30 dager' },
  '31-60': { key: '31_60', label: '31–60 dager' },
  '61-90': { key: '61_90', label: '61–90 dager' },
  over_90: { key: 'over_90', label: 'Over 90 dager' },
};

const MONEY_SOURCES: CounterSource[] = [
  { source: 'money-invoice', metrics: [...Object.values(MONEY_METRICS), ...Object.values(OWED_METRICS)], table: 'invoices' },
];

/** An open invoice's bucket by its due date against today ($1): its index in AGING_BUCKETS, as aging.ts decides it. */
const BUCKET_OF = `CASE ${AGING_BUCKETS.map((range, index) => (range.to === null ? `ELSE ${index}` : `WHEN day >= $1::date - ${range.to} THEN ${index}`)).join(' ')} END`;

/**
 * What is outstanding today by age: the same buckets and definition as the invoice page's aging
 * (server/domain/billing/aging.ts), summed from the invoices' day counters on their due dates.
 */
async function outstandingByAge(db: Queryable, today: string) {
  const rows = await db.query<{ b: number; count: string; owed: string }>(
    `SELECT ${BUCKET_OF} AS b, coalesce(sum(value) FILTER (WHERE metric = '${OWED_METRICS.open}'), 0)::bigint::text AS count,
            coalesce(sum(value) FILTER (WHERE metric = '${OWED_METRICS.outstanding}'), 0)::bigint::text AS owed
       FROM stats_counts WHERE metric = ANY ($2::text[]) GROUP BY 1`,
    [today, Object.values(OWED_METRICS)],
  );
  return AGING_BUCKETS.map((range, index) => {
    const row = rows.find((candidate) => candidate.b === index);
    return { ...AGE_LABELS[range.bucket], invoices: Number(row?.count ?? 0), amount_ore: Number(row?.owed ?? 0) };
  });
}

const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

async function readMoney(db: Queryable, period: StatsPeriod): Promise<MoneyStats> {
  const flows = Object.values(MONEY_METRICS);
  const yearStart = `${period.from.slice(0, 4)}-01-01`;
  const [sums, earlier, ages] = await Promise.all([
    readCounters(db, period, flows),
    // The first year's months before `from`: its year-to-date figures start on 1 January.
    period.from > yearStart ? readCounters(db, { from: yearStart, to: dayBefore(period.from) }, flows) : null,
    outstandingByAge(db, period.today),
  ]);
  const ytd = { year: '', invoiced: 0, paid: 0 };
  if (earlier) {
    ytd.year = yearStart.slice(0, 4);
    ytd.invoiced = flowTotal(earlier, MONEY_METRICS.invoiced);
    ytd.paid = flowTotal(earlier, MONEY_METRICS.paid);
  }
  const series: MoneyMonth[] = period.months.map((month) => {
    if (ytd.year !== month.slice(0, 4)) Object.assign(ytd, { year: month.slice(0, 4), invoiced: 0, paid: 0 });
    const invoiced = flowIn(sums, MONEY_METRICS.invoiced, month);
    const paid = flowIn(sums, MONEY_METRICS.paid, month);
    ytd.invoiced += invoiced;
    ytd.paid += paid;
    return { month, invoiced_ore: invoiced, paid_ore: paid, invoiced_ytd_ore: ytd.invoiced, paid_ytd_ore: ytd.paid };
  });
  return {
    from: period.from,
    to: period.to,
    series,
    totals: {
      invoiced_ore: flowTotal(sums, MONEY_METRICS.invoiced),
      paid_ore: flowTotal(sums, MONEY_METRICS.paid),
      outstanding_ore: ages.reduce((sum, age) => sum + age.amount_ore, 0),
      outstanding_by_age: ages,
      paid_by_channel: CHANNELS.map(({ channel, label }) => ({
        channel,
        label,
        payments: Math.max(flowTotal(sums, MONEY_METRICS.payments, channel), 0),
        amount_ore: flowTotal(sums, MONEY_METRICS.paid, channel),
      })),
    },
  };
}

type Totals = MoneyStats['totals'];

export const moneySection: StatsSection<MoneyStats> = {
  name: 'money',
  filename: 'nokkeltall-okonomi',
  read: readMoney,
  sheets: (answer) => [
    sheetOf<MoneyMonth>(
      'Fakturert og innbetalt',
      [
        { header: 'Måned', value: (row) => row.month },
        { header: 'Fakturert', value: (row) => row.invoiced_ore / 100, kind: 'amount' },
        { header: 'Innbetalt', value: (row) => row.paid_ore / 100, kind: 'amount' },
        { header: 'Fakturert hittil i år', value: (row) => row.invoiced_ytd_ore / 100, kind: 'amount' },
        { header: 'Innbetalt hittil i år', value: (row) => row.paid_ytd_ore / 100, kind: 'amount' },
      ],
      answer.series,
    ),
    sheetOf<Totals['outstanding_by_age'][number]>(
      'Utestående etter alder',
      [
        { header: 'Dager over forfall', value: (row) => row.label },
        { header: 'Fakturaer', value: (row) => row.invoices },
        { header: 'Utestående', value: (row) => row.amount_ore / 100, kind: 'amount' },
      ],
      answer.totals.outstanding_by_age,
    ),
    sheetOf<Totals['paid_by_channel'][number]>(
      'Innbetalt per kanal',
      [
        { header: 'Kanal', value: (row) => row.label },
        { header: 'Innbetalinger', value: (row) => row.payments },
        { header: 'Innbetalt', value: (row) => row.amount_ore / 100, kind: 'amount' },
      ],
      answer.totals.paid_by_channel,
    ),
  ],
  rebuild: (db) => rebuildSources(db, MONEY_SOURCES),
};

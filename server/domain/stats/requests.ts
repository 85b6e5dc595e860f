/**
 * 'Nøkkeltall' → requests: membership applications, travel insurance orders and instruments
 * asked for, received and handled per month (one row per month and kind), the median and 90th
 * percentile of the waiting time, and what waits now. Received and handled are summed from the
 * day counters migration 049 keeps per request; the waiting times of those handled are kept as
 * a histogram per day ('kind:days'), so the percentiles of any period are exact.
 */
import type { Queryable } from '../../db/database.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import type { RequestKind, RequestMonth, RequestsStats } from '../../schemas/stats.ts';
import type { StatsPeriod } from './period.ts';
import { percentile, rebuildSources } from './people-counters.ts';
import { waitingNow } from './requests-waiting.ts';
import { sheetOf, type StatsSection } from './section.ts';

export const REQUEST_KINDS: readonly RequestKind[] = ['membership', 'travel', 'instrument'];
export const REQUEST_METRICS = ['requests-received', 'requests-accepted', 'requests-rejected'] as const;
/** What waits now, by the day it came in (migration 051); forgotten and rebuilt with the rest. */
const WAITING_METRIC = 'requests-waiting';
export const KIND_LABELS: Record<RequestKind, string> = {
  membership: 'Medlemskap',
  travel: 'Reiseforsikring',
  instrument: 'Instrumentforsikring',
};

/** One cell of the answer while it is summed: the counts and the histogram of waiting days. */
class Tally {
  received = 0;
  accepted = 0;
  rejected = 0;
  waits = new Map<number, number>();

  add(metric: string, days: number, value: number) {
    if (metric === 'requests-received') {
      this.received += value;
      return;
    }
    if (metric === 'requests-accepted') this.accepted += value;
    else this.rejected += value;
    this.waits.set(days, (this.waits.get(days) ?? 0) + value);
  }

  figures() {
    return {
      received: this.received,
      handled: this.accepted + this.rejected,
      accepted: this.accepted,
      rejected: this.rejected,
      median_wait_days: percentile(this.waits, 50),
      p90_wait_days: percentile(this.waits, 90),
    };
  }
}

export async function readRequests(db: Queryable, period: StatsPeriod): Promise<RequestsStats> {
  const [rows, waiting] = await Promise.all([
    db.query<{ month: string; metric: string; dim: string; value: number }>(
      `SELECT to_char(day, 'YYYY-MM') AS month, metric, dim, sum(value)::int AS value FROM stats_counts
        WHERE metric = ANY ($1::text[]) AND day BETWEEN $2::date AND $3::date
        GROUP BY 1, 2, 3`,
      [REQUEST_METRICS, period.from, period.to],
    ),
    waitingNow(db, period.today),
  ]);
  const key = (month: string, kind: string) => `${month} ${kind}`;
  const cells = new Map<string, Tally>();
  for (const month of period.months) for (const kind of REQUEST_KINDS) cells.set(key(month, kind), new Tally());
  const totals = new Map(REQUEST_KINDS.map((kind) => [kind, new Tally()]));
  for (const row of rows) {
    const [kind, days] = row.dim.split(':');
    const cell = cells.get(key(row.month, kind));
    if (!cell) continue;
    cell.add(row.metric, Number(days ?? 0), row.value);
    totals.get(kind as RequestKind)!.add(row.metric, Number(days ?? 0), row.value);
  }
  const series: RequestMonth[] = period.months.flatMap((month) => REQUEST_KINDS.map((kind) => ({ month, kind, ...cells.get(key(month, kind))!.figures() })));
  return {
    from: period.from,
    to: period.to,
    series,
    totals: { kinds: REQUEST_KINDS.map((kind) => ({ kind, ...totals.get(kind)!.figures(), ...waiting[kind] })) },
  };
}

const figureColumns = <
  Row extends {
    kind: RequestKind;
    received: number;
    handled: number;
    accepted: number;
    rejected: number;
    median_wait_days: number | null;
    p90_wait_days: number | null;
  },
>(): CsvColumn<Row>[] => [
  { header: 'Type', value: (row) => KIND_LABELS[row.kind] },
  { header: 'Mottatt', value: (row) => row.received },
  { header: 'Behandlet', value: (row) => row.handled },
  { header: 'Godkjent', value: (row) => row.accepted },
  { header: 'Avvist', value: (row) => row.rejected },
  { header: 'Median ventetid (dager)', value: (row) => row.median_wait_days },
  { header: '90-persentil ventetid (dager)', value: (row) => row.p90_wait_days },
];

type KindTotals = RequestsStats['totals']['kinds'][number];

export function requestSheets(answer: RequestsStats) {
  return [
    sheetOf('Forespørsler per måned', [{ header: 'Måned', value: (row: RequestMonth) => row.month }, ...figureColumns<RequestMonth>()], answer.series),
    sheetOf(
      'Perioden og nå',
      [
        ...figureColumns<KindTotals>(),
        { header: 'Venter nå', value: (row: KindTotals) => row.waiting_now },
        { header: 'Eldste venter (dager)', value: (row: KindTotals) => row.oldest_waiting_days },
        { header: 'Median venter (dager)', value: (row: KindTotals) => row.median_waiting_days },
      ],
      answer.totals.kinds,
    ),
  ];
}

export const requestsSection: StatsSection<RequestsStats> = {
  name: 'requests',
  filename: 'nokkeltall-foresporsler',
  read: readRequests,
  sheets: requestSheets,
  rebuild: async (db) => {
    const all = [...REQUEST_METRICS, WAITING_METRIC];
    await rebuildSources(db, [
      { source: 'req-sub', metrics: all, ids: "SELECT id FROM subscriptions WHERE kind IN ('membership', 'travel') ORDER BY id" },
      // Both sources write the same metrics: the first forgets them, so the second forgets nothing.
      { source: 'req-instrument', metrics: [], ids: 'SELECT id FROM instruments ORDER BY id' },
      { source: 'req-waiting-instrument', metrics: [], ids: 'SELECT account_id AS id FROM list_count_shares WHERE waiting_instruments > 0 ORDER BY 1' },
    ]);
  },
};

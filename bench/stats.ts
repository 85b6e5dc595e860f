/**
 * 'Nøkkeltall' (issue 40): each stats route ≤ 20 ms p50 on PostgreSQL at 100 000 members with 5
 * years of history, the same at 1 000. The history (travel covers, instruments, invoices,
 * payments, credits, campaign sign-ups, quick checkouts spread over 5 years; the members' joins
 * spread by the bulk seed) is written with the triggers off, then the counters are filled by the
 * rebuild (`npm run stats:rebuild`'s rebuildStats), which is timed too. Beside each time, a figure
 * load cannot change: the shared buffers the section's statements touch (EXPLAIN (ANALYZE,
 * BUFFERS) of each statement one read makes). A section that answers 501 (not built yet) is
 * listed as such and measured once it answers.
 */
import type { Database, Queryable } from '../server/db/database.ts';
import { rebuildStats, STATS } from '../server/domain/stats/index.ts';
import { statsPeriod } from '../server/domain/stats/period.ts';
import { STATS_SECTIONS } from '../server/schemas/stats.ts';
import { prepare } from './member-list.ts';
import { percentile, serveBench, timed, withScratchPostgres } from './shared.ts';

export interface StatsTiming {
  section: string;
  period: string;
  status: number;
  p50: number;
  p95: number;
  buffers: number | null;
}
export interface StatsRun {
  members: number;
  seedSeconds: number;
  rebuildSeconds: number;
  counters: number;
  timings: StatsTiming[];
}

/** Five years of insurance, billing and campaign history for the members there are, by set-based statements. */
const HISTORY = [
  `INSERT INTO campaigns (name, code, period_start, period_end, product_category_id)
   SELECT 'Kampanje ' || g, 'BENCH' || g, current_date - 1825 + g * 180, current_date - 1825 + g * 180 + 90, 1 FROM generate_series(1, 10) g`,
  // Travel covers for 3 in 10 members: most running, some ended, some waiting or rejected.
  `INSERT INTO subscriptions (member_id, product_id, kind, state, subscription_start, subscription_end, validated_at, rejected_at, created_at, updated_at)
   SELECT a.id, 1 + a.id % 2, 'travel', s.state, s.start, CASE WHEN s.state = 'ended' THEN s.start + 200 END,
          CASE WHEN s.state IN ('active', 'ended') THEN s.start + 2 END, CASE WHEN s.state = 'rejected' THEN s.start + 3 END, s.start, s.start
     FROM accounts a
    CROSS JOIN LATERAL (SELECT current_date - ((a.id::bigint * 7919) % 1825)::int AS start,
                               (ARRAY['active', 'active', 'active', 'ended', 'pending', 'rejected'])[1 + a.id % 6] AS state) s
    WHERE a.role_id = 2 AND a.id % 10 < 3`,
  // Instruments for 2 in 10 members, two each: insured, some ended, some waiting or rejected.
  `INSERT INTO instruments (member_id, instrument_category, make, model, value, insurance_start, insurance_end, state, validated_at, rejected_at,
                            created_at, updated_at, deleted_at)
   SELECT a.id, 1, 'Yamaha', 'C40', 2000 + (a.id * 31 + k) % 60000, i.start, CASE WHEN i.state = 'deleted' THEN i.start + 300 END, i.state,
          CASE WHEN i.state IN ('active', 'deleted') THEN i.start + 1 END, CASE WHEN i.state = 'rejected' THEN i.start + 2 END,
          i.start, i.start, CASE WHEN i.state = 'deleted' THEN i.start + 300 END
     FROM accounts a CROSS JOIN generate_series(1, 2) k
    CROSS JOIN LATERAL (SELECT current_date - ((a.id::bigint * 104729 + k * 7) % 1825)::int AS start,
                               (ARRAY['active', 'active', 'deleted', 'requested', 'rejected'])[1 + (a.id + k) % 5] AS state) i
    WHERE a.role_id = 2 AND a.id % 10 < 2`,
  // A renewal invoice a year for each of the last 5 years the member was a member.
  `INSERT INTO invoices (number, member_id, member_number, year, kind, total_ore, invoice_date, due_date, kid, channel, state, created_at, updated_at)
   SELECT n, member_id, remote_id, y, 'renewal', 145000, d, d + 14, lpad(n::text, 15, '0'),
          (ARRAY['EFAKTURA', 'EMAIL', 'AVTALEGIRO'])[1 + member_id % 3], 'sent', d, d
     FROM (SELECT nextval('invoice_number_seq')::int AS n, a.id AS member_id, a.remote_id, y,
                  make_date(y, 1, 10) + (a.id % 40) AS d
             FROM accounts a CROSS JOIN generate_series(extract(year FROM current_date)::int - 4, extract(year FROM current_date)::int) y
            WHERE a.role_id = 2 AND make_date(y, 1, 10) + (a.id % 40) BETWEEN a.membership_start_date AND current_date) x`,
  // Nine in ten paid (by OCR, Vipps, a Vipps agreement), one in 30 credited.
  `INSERT INTO invoice_payments (invoice_id, amount_ore, paid_on, method, source)
   SELECT i.id, i.total_ore, least(i.invoice_date + (i.id % 30), current_date), CASE WHEN i.id % 5 < 3 THEN 'ocr' ELSE 'vipps' END,
          CASE WHEN i.id % 5 = 4 THEN 'vipps-charge:bench-' || i.id ELSE 'bench-' || i.id END
     FROM invoices i WHERE i.id % 10 <> 0`,
  `UPDATE invoices i SET paid_ore = total_ore, state = 'paid' WHERE i.id % 10 <> 0`,
  `INSERT INTO invoice_credits (invoice_id, amount_ore, reason, created_at)
   SELECT i.id, i.total_ore, 'Bench', i.invoice_date + 20 FROM invoices i WHERE i.id % 30 = 0`,
  `UPDATE invoices i SET credited_ore = total_ore, state = 'credited' WHERE i.id % 30 = 0`,
  // Campaign sign-ups (1 in 10 members) and quick checkouts (1 in 20 members).
  `UPDATE accounts a SET campaign_id = c.id, registration_completed_at = c.period_start + a.id % 90
     FROM campaigns c WHERE a.role_id = 2 AND a.id % 10 = 0 AND c.code = 'BENCH' || (1 + a.id / 10 % 10)`,
  `INSERT INTO vipps_registrations (reference, amount, state, created_at, updated_at, completed_at)
   SELECT 'bench-quick-' || a.id, 145000, CASE WHEN a.id % 3 = 0 THEN 'CREATED' ELSE 'CAPTURED' END,
          current_date - (a.id * 13) % 1825, current_date - (a.id * 13) % 1825,
          CASE WHEN a.id % 3 <> 0 THEN current_date - (a.id * 13) % 1825 END
     FROM accounts a WHERE a.role_id = 2 AND a.id % 20 = 0`,
];

async function seedHistory(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    // The history goes in as an import would, without the per-statement triggers; the rebuild fills the counters.
    await tx.query("SET LOCAL session_replication_role = 'replica'");
    for (const statement of HISTORY) await tx.query(statement);
  });
  await db.query('VACUUM ANALYZE');
}

/** Every statement a section's read makes, recorded, so each can be explained. */
function recorder(db: Queryable) {
  const statements: { sql: string; params: readonly unknown[] }[] = [];
  const queryable: Queryable = {
    query: (sql, params = [], options) => {
      statements.push({ sql, params });
      return db.query(sql, params, options);
    },
  } as Queryable;
  return { queryable, statements };
}

/** Shared buffers (hit and read) the section's statements touch for one read of `period`. */
async function buffersOf(db: Database, section: (typeof STATS_SECTIONS)[number], query: { from: string; to: string }): Promise<number> {
  const { queryable, statements } = recorder(db);
  await STATS[section].read(queryable, statsPeriod(query));
  let total = 0;
  for (const { sql, params } of statements) {
    if (!/^\s*(SELECT|WITH)/i.test(sql)) continue;
    const [row] = await db.query<{ 'QUERY PLAN': { Plan: Record<string, number> }[] }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params);
    const plan = row['QUERY PLAN'][0].Plan;
    total += (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
  }
  return total;
}

const addYears = (day: string, years: number) => `${Number(day.slice(0, 4)) + years}${day.slice(4)}`;

async function measure(db: Database, members: number, rounds: number, seedSeconds: number): Promise<StatsRun> {
  const [, rebuildSeconds] = await timed(() => rebuildStats(db));
  await db.query('VACUUM ANALYZE stats_counts');
  const [{ counters }] = await db.query<{ counters: number }>('SELECT count(*)::int AS counters FROM stats_counts');
  const today = statsPeriod({}).today;
  const periods = { '1 år': { from: addYears(today, -1), to: today }, '5 år': { from: addYears(today, -5), to: today } };
  const server = await serveBench(db);
  const timings: StatsTiming[] = [];
  try {
    for (const section of STATS_SECTIONS) {
      for (const [name, period] of Object.entries(periods)) {
        const url = `${server.base}/api/stats/${section}?from=${period.from}&to=${period.to}`;
        const first = await fetch(url, { headers: server.headers });
        await first.arrayBuffer();
        if (!first.ok) {
          timings.push({ section, period: name, status: first.status, p50: 0, p95: 0, buffers: null });
          continue;
        }
        const times: number[] = [];
        for (let i = 0; i < rounds; i += 1) {
          const start = performance.now();
          const response = await fetch(url, { headers: server.headers });
          await response.arrayBuffer();
          times.push(performance.now() - start);
        }
        times.sort((a, b) => a - b);
        timings.push({
          section,
          period: name,
          status: 200,
          p50: percentile(times, 50),
          p95: percentile(times, 95),
          buffers: await buffersOf(db, section, period),
        });
      }
    }
  } finally {
    await server.close();
  }
  return { members, seedSeconds, rebuildSeconds, counters, timings };
}

/** Seeds and measures at each size on a scratch PostgreSQL database. */
export async function measureStats(pgUrl: string, sizes: number[], rounds: number): Promise<StatsRun[]> {
  const runs: StatsRun[] = [];
  for (const members of sizes) {
    runs.push(
      await withScratchPostgres(pgUrl, 'portal_bench_stats', async (db) => {
        console.log(`  stats: seeding ${members} members and 5 years of history`);
        const [, seedSeconds] = await timed(async () => {
          await prepare(db, members);
          await seedHistory(db);
        });
        console.log(`  stats: rebuilding the counters and timing the routes at ${members} members`);
        const run = await measure(db, members, rounds, seedSeconds);
        for (const t of run.timings)
          console.log(
            `    ${t.section.padEnd(10)} ${t.period}  ${t.status === 200 ? `p50 ${t.p50.toFixed(1)} ms  p95 ${t.p95.toFixed(1)} ms  buffers ${t.buffers}` : `answers ${t.status}`}`,
          );
        return run;
      }),
    );
  }
  return runs;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The section's lines for bench/results.md. */
export function statsLines(runs: StatsRun[]): string[] {
  const lines = [
    '## Nøkkeltall (stats routes)',
    '',
    'Budget: each `GET /api/stats/{section}` ≤ 20 ms p50 on PostgreSQL at 100 000 members with 5 years of history, the same at 1 000. ' +
      'Over HTTP on a real socket, for the last year and the last 5 years. "Buffers" is the shared buffers (hit + read) the section\'s ' +
      "statements touch for one read (EXPLAIN (ANALYZE, BUFFERS)): it does not depend on the machine's load, and should not grow with the members.",
    '',
    '| members | section | period | p50 | p95 | buffers | verdict |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const run of runs) {
    for (const t of run.timings) {
      lines.push(
        t.status === 200
          ? `| ${run.members} | ${t.section} | ${t.period} | ${ms(t.p50)} | ${ms(t.p95)} | ${t.buffers} | ${t.p50 <= 20 ? 'within budget' : 'OVER BUDGET'} |`
          : `| ${run.members} | ${t.section} | ${t.period} | – | – | – | not built in this branch (answers ${t.status}) |`,
      );
    }
  }
  lines.push('');
  for (const run of runs) {
    lines.push(
      `${run.members} members: seeded with 5 years of history in ${run.seedSeconds.toFixed(1)} s; the rebuild (npm run stats:rebuild) filled ${run.counters} day counters in ${run.rebuildSeconds.toFixed(1)} s.`,
    );
  }
  const [small, large] = [runs[0], runs[runs.length - 1]];
  if (small && large && small !== large) {
    const ratios = large.timings
      .filter((t) => t.buffers !== null)
      .map((t) => {
        const base = small.timings.find((s) => s.section === t.section && s.period === t.period)?.buffers ?? null;
        return base ? `${t.section} ${t.period} ${(t.buffers! / base).toFixed(2)}×` : null;
      })
      .filter(Boolean);
    lines.push('', `Buffers at ${large.members} against ${small.members} members: ${ratios.join(', ')}.`);
  }
  lines.push('');
  return lines;
}

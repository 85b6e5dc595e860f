/**
 * The 'Nøkkeltall' members and requests figures counted directly over the raw tables, by the
 * definitions in docs/DECISIONS.md ("Statistics ('Nøkkeltall', issue 40)"), written apart from the counters so
 * a test can hold each figure of the answer against them.
 */
import type { Database } from '../../server/db/database.ts';
import { monthCutoff, monthsBetween, type StatsPeriod } from '../../server/domain/stats/period.ts';
import type { MembersStats, RequestsStats } from '../../server/schemas/stats.ts';

const OSLO = (column: string) => `to_char((${column} AT TIME ZONE 'Europe/Oslo')::date, 'YYYY-MM-DD')`;

export const periodOf = (from: string, to: string, today: string): StatsPeriod => ({ from, to, today, months: monthsBetween(from, to) });

interface Period {
  start: string;
  stop: string | null;
}

/** Each account's membership periods, merged where they overlap or touch. */
async function periods(db: Database) {
  const subs = await db.query<{
    member_id: number;
    state: string;
    start: string | null;
    end: string | null;
    validated: string | null;
    cancelled: string | null;
    created: string;
  }>(
    `SELECT s.member_id, s.state, to_char(s.subscription_start, 'YYYY-MM-DD') AS start, to_char(s.subscription_end, 'YYYY-MM-DD') AS "end",
            ${OSLO('s.validated_at')} AS validated, ${OSLO('s.cancelled_at')} AS cancelled, ${OSLO('s.created_at')} AS created
       FROM subscriptions s JOIN accounts a ON a.id = s.member_id
      WHERE s.kind = 'membership' AND s.deleted_at IS NULL AND a.role_id = 2`,
  );
  const byMember = new Map<number, Period[]>();
  for (const sub of subs) {
    const accepted = sub.state === 'active' || sub.state === 'ended' || (sub.state === 'cancelled' && (sub.validated !== null || sub.start !== null));
    if (!accepted) continue;
    const start = sub.start ?? sub.validated ?? sub.created;
    let stop = sub.state === 'active' ? sub.end : (sub.end ?? sub.cancelled ?? start);
    if (stop !== null && stop < start) stop = start;
    byMember.set(sub.member_id, [...(byMember.get(sub.member_id) ?? []), { start, stop }]);
  }
  const merged = new Map<number, Period[]>();
  for (const [member, list] of byMember) {
    list.sort((a, b) => a.start.localeCompare(b.start) || (a.stop ?? '9999').localeCompare(b.stop ?? '9999'));
    const out: Period[] = [];
    for (const period of list) {
      const last = out.at(-1);
      if (last && (last.stop === null || period.start <= last.stop)) {
        if (last.stop !== null && (period.stop === null || period.stop > last.stop)) last.stop = period.stop;
      } else out.push({ ...period });
    }
    merged.set(member, out);
  }
  return { subs, merged };
}

const BANDS = [
  [-1000, 'under_20'],
  [20, '20_29'],
  [30, '30_39'],
  [40, '40_49'],
  [50, '50_59'],
  [60, '60_69'],
  [70, '70_plus'],
] as const;

export async function directMembers(db: Database, period: StatsPeriod): Promise<MembersStats> {
  const { merged } = await periods(db);
  const accounts = await db.query<{ id: number; erased: string | null; born: number | null; instrument: number; news2: boolean; news3: boolean }>(
    `SELECT id, ${OSLO('erased_at')} AS erased, extract(year FROM birthdate)::int AS born, primary_instrument_type AS instrument,
            newsletter_2 AS news2, newsletter_3 AS news3 FROM accounts WHERE role_id = 2`,
  );
  const lapses = new Set(
    (
      await db.query<{ key: string }>(
        `SELECT DISTINCT i.member_id || ' ' || ${OSLO('e.at')} AS key FROM invoice_events e JOIN invoices i ON i.id = e.invoice_id WHERE e.to_state = 'lapsed'`,
      )
    ).map((row) => row.key),
  );
  const account = new Map(accounts.map((row) => [row.id, row]));
  const reasonOf = (member: number, stop: string) =>
    lapses.has(`${member} ${stop}`) ? 'lapsed' : account.get(member)!.erased === stop ? 'erased' : 'resigned';
  // A member is counted at a day's end when a period covers it: started that day or before, not ended by then.
  const isMemberAt = (list: Period[], day: string) => list.some((p) => p.start <= day && (p.stop === null || p.stop > day));
  const membersAt = (day: string) => [...merged.values()].filter((list) => isMemberAt(list, day)).length;
  const moves = (from: string, to: string) => {
    const figures = { joins: 0, leaves: 0, leaves_resigned: 0, leaves_lapsed: 0, leaves_erased: 0, net: 0 };
    for (const [member, list] of merged) {
      for (const p of list) {
        if (p.start >= from && p.start <= to) figures.joins++;
        if (p.stop !== null && p.stop >= from && p.stop <= to) {
          figures.leaves++;
          figures[`leaves_${reasonOf(member, p.stop)}` as 'leaves_lapsed']++;
        }
      }
    }
    figures.net = figures.joins - figures.leaves;
    return figures;
  };
  const dayBefore = new Date(`${period.from}T00:00:00Z`);
  dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
  const series = period.months.map((month) => {
    const first = `${month}-01` < period.from ? period.from : `${month}-01`;
    return { month, members: membersAt(monthCutoff(period, month)), ...moves(first, monthCutoff(period, month)) };
  });

  const now = [...merged.entries()].filter(([, list]) => isMemberAt(list, period.today)).map(([id]) => account.get(id)!);
  const year = Number(period.today.slice(0, 4));
  const band = (born: number | null) => (born === null ? 'unknown' : [...BANDS].reverse().find(([min]) => year - born >= min)![1]);
  const titles = new Map((await db.query<{ id: number; title: string }>('SELECT id, title FROM instrument_categories')).map((r) => [r.id, r.title]));
  const labels = new Map((await db.query<{ kind: string; label_nb: string }>('SELECT kind, label_nb FROM consent_kinds')).map((r) => [r.kind, r.label_nb]));
  const ageLabels: Record<string, string> = {
    under_20: 'Under 20',
    '20_29': '20–29',
    '30_39': '30–39',
    '40_49': '40–49',
    '50_59': '50–59',
    '60_69': '60–69',
    '70_plus': '70 og over',
    unknown: 'Ukjent alder',
  };
  const instruments = new Map<number, number>();
  for (const member of now) instruments.set(member.instrument, (instruments.get(member.instrument) ?? 0) + 1);
  return {
    from: period.from,
    to: period.to,
    series,
    totals: {
      members_at_start: membersAt(dayBefore.toISOString().slice(0, 10)),
      members_at_end: membersAt(period.to),
      ...moves(period.from, period.to),
      members_now: now.length,
      age_bands: Object.entries(ageLabels).map(([key, label]) => ({ key, label, count: now.filter((m) => band(m.born) === key).length })),
      instruments: [...instruments.entries()]
        .map(([id, count]) => ({ key: String(id), label: titles.get(id) ?? 'Ikke oppgitt', count }))
        .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'nb') || a.key.localeCompare(b.key)),
      consents: (['newsletter_2', 'newsletter_3'] as const).map((key) => ({
        key,
        label: labels.get(key)!,
        count: now.filter((m) => (key === 'newsletter_2' ? m.news2 : m.news3)).length,
      })),
    },
  };
}

type Kind = 'membership' | 'travel' | 'instrument';
const KINDS: Kind[] = ['membership', 'travel', 'instrument'];

/** percentile_disc: the smallest value with at least `percent` % of the values at or below it. */
const percentileDisc = (values: number[], percent: number) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil((percent * sorted.length) / 100) - 1];
};

export async function directRequests(db: Database, period: StatsPeriod): Promise<RequestsStats> {
  const decision = (table: string) => `${OSLO(`${table}.created_at`)} AS received,
    CASE WHEN ${table}.rejected_at IS NOT NULL AND (${table}.validated_at IS NULL OR ${table}.rejected_at > ${table}.validated_at) THEN 'rejected'
         WHEN ${table}.validated_at IS NOT NULL THEN 'accepted' END AS outcome,
    CASE WHEN ${table}.rejected_at IS NOT NULL AND (${table}.validated_at IS NULL OR ${table}.rejected_at > ${table}.validated_at)
         THEN ${OSLO(`${table}.rejected_at`)} ELSE ${OSLO(`${table}.validated_at`)} END AS decided`;
  const rows = await db.query<{ kind: Kind; received: string; outcome: 'accepted' | 'rejected' | null; decided: string | null }>(
    `SELECT s.kind, ${decision('s')} FROM subscriptions s JOIN accounts a ON a.id = s.member_id
      WHERE s.kind IN ('membership', 'travel') AND s.deleted_at IS NULL AND a.role_id IN (1, 2)
        AND (s.validated_at IS NULL OR s.validated_at <> s.created_at) AND (s.kind = 'travel' OR a.registration_completed = 1)
     UNION ALL
     SELECT 'instrument', ${decision('i')} FROM instruments i JOIN accounts a ON a.id = i.member_id
      WHERE a.role_id IN (1, 2) AND (i.validated_at IS NULL OR i.validated_at <> i.created_at)`,
  );
  const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);
  const figures = (kind: Kind, from: string, to: string) => {
    const mine = rows.filter((row) => row.kind === kind);
    const handled = mine.filter((row) => row.outcome !== null && row.decided! >= from && row.decided! <= to);
    const waits = handled.map((row) => days(row.received, row.decided!));
    return {
      received: mine.filter((row) => row.received >= from && row.received <= to).length,
      handled: handled.length,
      accepted: handled.filter((row) => row.outcome === 'accepted').length,
      rejected: handled.filter((row) => row.outcome === 'rejected').length,
      median_wait_days: percentileDisc(waits, 50),
      p90_wait_days: percentileDisc(waits, 90),
    };
  };
  const waiting = await db.query<{ kind: Kind; waited: number }>(
    `SELECT s.kind, $1::date - (s.created_at AT TIME ZONE 'Europe/Oslo')::date AS waited
       FROM subscriptions s JOIN accounts a ON a.id = s.member_id
      WHERE s.kind IN ('membership', 'travel') AND s.state = 'pending' AND s.deleted_at IS NULL AND a.role_id IN (1, 2)
        AND (s.kind = 'travel' OR a.registration_completed = 1)
     UNION ALL
     SELECT 'instrument', $1::date - (min(i.created_at) AT TIME ZONE 'Europe/Oslo')::date
       FROM instruments i JOIN accounts a ON a.id = i.member_id
      WHERE a.role_id IN (1, 2) AND i.deleted_at IS NULL AND (i.state = 'requested' OR (i.state = 'active' AND i.requested_change IS NOT NULL))
      GROUP BY i.member_id`,
    [period.today],
  );
  const series = period.months.flatMap((month) =>
    KINDS.map((kind) => {
      const first = `${month}-01` < period.from ? period.from : `${month}-01`;
      return { month, kind, ...figures(kind, first, monthCutoff(period, month)) };
    }),
  );
  return {
    from: period.from,
    to: period.to,
    series,
    totals: {
      kinds: KINDS.map((kind) => {
        const waits = waiting.filter((row) => row.kind === kind).map((row) => row.waited);
        return {
          kind,
          ...figures(kind, period.from, period.to),
          waiting_now: waits.length,
          oldest_waiting_days: waits.length === 0 ? null : Math.max(...waits),
          median_waiting_days: percentileDisc(waits, 50),
        };
      }),
    },
  };
}

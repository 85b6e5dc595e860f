/**
 * 'Nøkkeltall' → members: members at each month's end, joins and leaves (by reason) and net
 * growth over the period, and today's members by age, primary instrument and newsletter consent.
 * Everything is summed from the day counters migration 049 keeps per account (a member's
 * periods, merged so nobody counts twice), so a read costs the same at any number of members.
 */
import type { Queryable } from '../../db/database.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import type { MemberMonth, MembersStats, StatsBucket } from '../../schemas/stats.ts';
import type { StatsPeriod } from './period.ts';
import { dayBefore, rebuildSources } from './people-counters.ts';
import { sheetOf, type StatsSection } from './section.ts';

const REASONS = ['resigned', 'lapsed', 'erased'] as const;
type Reason = (typeof REASONS)[number];

const NOW_METRICS = ['members-now-birth-year', 'members-now-instrument', 'members-now-consent'] as const;
export const MEMBER_METRICS = ['members-joins', 'members-leaves', ...NOW_METRICS] as const;

/** Age at the end of this year; `min` inclusive, the last band open-ended. */
export const AGE_BANDS = [
  { key: 'under_20', label: 'Under 20', min: -Infinity },
  { key: '20_29', label: '20–29', min: 20 },
  { key: '30_39', label: '30–39', min: 30 },
  { key: '40_49', label: '40–49', min: 40 },
  { key: '50_59', label: '50–59', min: 50 },
  { key: '60_69', label: '60–69', min: 60 },
  { key: '70_plus', label: '70 og over', min: 70 },
] as const;
export const UNKNOWN_AGE = { key: 'unknown', label: 'Ukjent alder' } as const;
/** What a member with no primary instrument (0, or a type since removed) is shown as. */
export const NO_INSTRUMENT = 'Ikke oppgitt';
export const CONSENTS = ['newsletter_2', 'newsletter_3'] as const;

export const ageBandOf = (birthYear: number | null, year: number): string => {
  if (birthYear === null) return UNKNOWN_AGE.key;
  const age = year - birthYear;
  return [...AGE_BANDS].reverse().find((band) => age >= band.min)!.key;
};

interface Row {
  month: string;
  metric: string;
  dim: string;
  value: number;
}

const emptyMonth = (month: string): MemberMonth => ({
  month,
  members: 0,
  joins: 0,
  leaves: 0,
  leaves_resigned: 0,
  leaves_lapsed: 0,
  leaves_erased: 0,
  net: 0,
});

function addMove(target: Omit<MemberMonth, 'month' | 'members'>, row: Pick<Row, 'metric' | 'dim' | 'value'>) {
  if (row.metric === 'members-joins') {
    target.joins += row.value;
    target.net += row.value;
    return;
  }
  target.leaves += row.value;
  target.net -= row.value;
  if ((REASONS as readonly string[]).includes(row.dim)) target[`leaves_${row.dim as Reason}`] += row.value;
}

async function nowFigures(db: Queryable, period: StatsPeriod) {
  const [counts, instruments, consents] = await Promise.all([
    db.query<{ metric: string; dim: string; value: number }>(
      `SELECT metric, dim, sum(value)::int AS value FROM stats_counts
        WHERE metric = ANY ($1::text[]) AND day <= $2::date GROUP BY metric, dim HAVING sum(value) <> 0`,
      [NOW_METRICS, period.today],
    ),
    db.query<{ id: number; title: string }>('SELECT id, title FROM instrument_categories'),
    db.query<{ kind: string; label_nb: string }>('SELECT kind, label_nb FROM consent_kinds'),
  ]);
  const year = Number(period.today.slice(0, 4));
  const ages = new Map<string, number>();
  const byInstrument = new Map<string, number>();
  const byConsent = new Map<string, number>();
  let membersNow = 0;
  for (const row of counts) {
    if (row.metric === 'members-now-birth-year') {
      membersNow += row.value;
      const band = ageBandOf(row.dim === '' ? null : Number(row.dim), year);
      ages.set(band, (ages.get(band) ?? 0) + row.value);
    } else if (row.metric === 'members-now-instrument') {
      byInstrument.set(row.dim, row.value);
    } else {
      byConsent.set(row.dim, row.value);
    }
  }
  const titles = new Map(instruments.map((row) => [String(row.id), row.title]));
  const labels = new Map(consents.map((row) => [row.kind, row.label_nb]));
  const age_bands: StatsBucket[] = [...AGE_BANDS, UNKNOWN_AGE].map(({ key, label }) => ({ key, label, count: ages.get(key) ?? 0 }));
  const instrumentBuckets: StatsBucket[] = [...byInstrument.entries()]
    .map(([key, count]) => ({ key, label: titles.get(key) ?? NO_INSTRUMENT, count }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label, 'nb') || a.key.localeCompare(b.key));
  const consentBuckets: StatsBucket[] = CONSENTS.map((key) => ({ key, label: labels.get(key) ?? key, count: byConsent.get(key) ?? 0 }));
  return { members_now: membersNow, age_bands, instruments: instrumentBuckets, consents: consentBuckets };
}

export async function readMembers(db: Queryable, period: StatsPeriod): Promise<MembersStats> {
  const [moves, [before], now] = await Promise.all([
    db.query<Row>(
      `SELECT to_char(day, 'YYYY-MM') AS month, metric, dim, sum(value)::int AS value FROM stats_counts
        WHERE metric IN ('members-joins', 'members-leaves') AND day BETWEEN $1::date AND $2::date
        GROUP BY 1, 2, 3`,
      [period.from, period.to],
    ),
    db.query<{ members: number }>(
      `SELECT coalesce(sum(CASE WHEN metric = 'members-joins' THEN value ELSE -value END), 0)::int AS members
         FROM stats_counts WHERE metric IN ('members-joins', 'members-leaves') AND day <= $1::date`,
      [dayBefore(period.from)],
    ),
    nowFigures(db, period),
  ]);
  const months = new Map(period.months.map((month) => [month, emptyMonth(month)]));
  const totals = emptyMonth('');
  for (const row of moves) {
    addMove(months.get(row.month)!, row);
    addMove(totals, row);
  }
  // The months are consecutive and cover [from, to]: each month's end is the one before plus its net.
  let members = before.members;
  const series = [...months.values()].map((month) => {
    members += month.net;
    return { ...month, members };
  });
  return {
    from: period.from,
    to: period.to,
    series,
    totals: {
      members_at_start: before.members,
      members_at_end: members,
      joins: totals.joins,
      leaves: totals.leaves,
      leaves_resigned: totals.leaves_resigned,
      leaves_lapsed: totals.leaves_lapsed,
      leaves_erased: totals.leaves_erased,
      net: totals.net,
      ...now,
    },
  };
}

const MONTH_COLUMNS: CsvColumn<MemberMonth>[] = [
  { header: 'Måned', value: (row) => row.month },
  { header: 'Medlemmer ved månedens slutt', value: (row) => row.members },
  { header: 'Innmeldte', value: (row) => row.joins },
  { header: 'Utmeldte', value: (row) => row.leaves },
  { header: 'Meldte seg ut', value: (row) => row.leaves_resigned },
  { header: 'Strøket for manglende betaling', value: (row) => row.leaves_lapsed },
  { header: 'Slettet', value: (row) => row.leaves_erased },
  { header: 'Netto vekst', value: (row) => row.net },
];

type Figure = { figure: string; value: number };
const FIGURE_COLUMNS: CsvColumn<Figure>[] = [
  { header: 'Tall', value: (row) => row.figure },
  { header: 'Antall', value: (row) => row.value },
];

const bucketColumns = (group: string): CsvColumn<StatsBucket>[] => [
  { header: group, value: (row) => row.label },
  { header: 'Medlemmer', value: (row) => row.count },
];

export function memberSheets(answer: MembersStats) {
  const { totals } = answer;
  const figures: Figure[] = [
    { figure: `Medlemmer ${answer.from} (dagen før perioden)`, value: totals.members_at_start },
    { figure: `Medlemmer ${answer.to} (periodens slutt)`, value: totals.members_at_end },
    { figure: 'Innmeldte', value: totals.joins },
    { figure: 'Utmeldte', value: totals.leaves },
    { figure: 'Meldte seg ut', value: totals.leaves_resigned },
    { figure: 'Strøket for manglende betaling', value: totals.leaves_lapsed },
    { figure: 'Slettet', value: totals.leaves_erased },
    { figure: 'Netto vekst', value: totals.net },
    { figure: 'Medlemmer i dag', value: totals.members_now },
  ];
  return [
    sheetOf('Medlemmer per måned', MONTH_COLUMNS, answer.series),
    sheetOf('Perioden', FIGURE_COLUMNS, figures),
    sheetOf('Alder', bucketColumns('Alder ved årets slutt'), totals.age_bands),
    sheetOf('Hovedinstrument', bucketColumns('Hovedinstrument'), totals.instruments),
    sheetOf('Samtykke', bucketColumns('Nyhetsbrev'), totals.consents),
  ];
}

export const membersSection: StatsSection<MembersStats> = {
  name: 'members',
  filename: 'nokkeltall-medlemmer',
  read: readMembers,
  sheets: memberSheets,
  rebuild: (db) => rebuildSources(db, [{ source: 'mem-account', metrics: MEMBER_METRICS, ids: 'SELECT id FROM accounts WHERE role_id = 2 ORDER BY id' }]),
};

/**
 * 'Tilgangsrapport': one staff user's role and rights, and what they did with members' data in a
 * period, read from the access log: opened, exported (with the rows the exports held), changed,
 * erased, and read or sent messages, counted per kind and listed entry by entry. The page gets the
 * counts and the newest entries; the spreadsheet has a summary, the rights and every entry.
 *
 * The period is Oslo calendar days, both ends included.
 */
import type { Queryable } from '../../db/database.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { validationFailed } from '../../lib/http-errors.ts';
import { xlsxSheet, type XlsxSheet } from '../../lib/xlsx.ts';
import { isPickerDate } from '../../schemas/rules.ts';
import type { AccessReport, ReportEntry, ReportKind, StaffUserDetail } from '../../schemas/staff-users.ts';
import type { AccessLogWriter } from '../accounts/access-log.ts';
import { ERASURE_DETAIL } from '../privacy/erased.ts';
import { norwegianDate } from '../shared/oslo-date.ts';
import { orderedBatches } from '../shared/export-batches.ts';
import { RIGHTS, isRight } from './rights.ts';
import { staffUser } from './staff-users.ts';

export const REPORT_TEXTS = {
  date: 'Ugyldig dato: skriv åååå-mm-dd, fra år 1905 til neste år.',
  order: 'Til-datoen kan ikke være før fra-datoen.',
} as const;

/** What each kind is called, in the report's words. */
export const REPORT_KINDS: Record<ReportKind, string> = {
  read: 'Åpnet',
  export: 'Eksporterte',
  change: 'Endret',
  erase: 'Slettet personopplysninger',
  messages: 'Meldinger lest eller sendt på nytt',
};

/** Entries the page shows; the spreadsheet has every one. */
export const REPORT_ENTRIES_SHOWN = 200;

export interface ReportPeriod {
  from: string;
  to: string;
}

/** The period as asked for, or 422 on the field: a date that is not one, or an end before the start. */
export function reportPeriod(query: { from: string; to: string }): ReportPeriod {
  const from = query.from.trim();
  const to = query.to.trim();
  const errors: Record<string, string[]> = {};
  if (!isPickerDate(from)) errors.from = [REPORT_TEXTS.date];
  if (!isPickerDate(to)) errors.to = [REPORT_TEXTS.date];
  if (!errors.from && !errors.to && to < from) errors.to = [REPORT_TEXTS.order];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return { from, to };
}

/** The actor's entries in the period ($1 the staff user, $2 and $3 the days); erasures are their own kind. */
const IN_PERIOD = `FROM access_log l LEFT JOIN accounts m ON m.id = l.member_id
  WHERE l.actor_id = $1
    AND l.at >= ($2::date::timestamp AT TIME ZONE 'Europe/Oslo')
    AND l.at < (($3::date + 1)::timestamp AT TIME ZONE 'Europe/Oslo')`;
const KIND = `CASE WHEN l.kind = 'change' AND l.detail = '${ERASURE_DETAIL}' THEN 'erase' ELSE l.kind END`;
const ENTRY_COLUMNS = `l.id, l.at, ${KIND} AS kind, l.detail, cardinality(l.member_ids) AS members_in_list, l.row_count, l.ip,
  CASE WHEN m.id IS NULL THEN NULL
       ELSE json_build_object('id', m.id, 'remote_id', m.remote_id, 'first_name', m.first_name, 'last_name', m.last_name) END AS member`;

type Entry = Omit<ReportEntry, 'at'> & { at: Date | string };
const entryOf = ({ key: _key, ...row }: Entry & { key?: number }): ReportEntry => ({ ...row, at: new Date(row.at).toISOString() });

/** The period's newest entries. */
async function newestEntries(db: Queryable, staffId: number, period: ReportPeriod, limit: number): Promise<ReportEntry[]> {
  const rows = await db.query<Entry>(`SELECT ${ENTRY_COLUMNS} ${IN_PERIOD} ORDER BY l.at DESC, l.id DESC LIMIT $4`, [staffId, period.from, period.to, limit]);
  return rows.map(entryOf);
}

/** The staff user, the period's counts and its newest entries (flushes the log's buffer first, so the report sees what was just done). */
export async function accessReport(db: Queryable, writer: AccessLogWriter, staffId: number, period: ReportPeriod): Promise<AccessReport> {
  const staff = await staffUser(db, staffId);
  await writer.flush();
  const rows = await db.query<{ kind: ReportKind; n: number; rows: number }>(
    `SELECT ${KIND} AS kind, count(*)::int AS n, coalesce(sum(l.row_count) FILTER (WHERE l.kind = 'export'), 0)::int AS rows
       ${IN_PERIOD} GROUP BY 1`,
    [staffId, period.from, period.to],
  );
  const counts = { read: 0, export: 0, change: 0, erase: 0, messages: 0 };
  for (const row of rows) counts[row.kind] = row.n;
  return {
    staff,
    ...period,
    counts,
    exported_rows: rows.reduce((sum, row) => sum + row.rows, 0),
    total: rows.reduce((sum, row) => sum + row.n, 0),
    entries: await newestEntries(db, staffId, period, REPORT_ENTRIES_SHOWN),
    shown_limit: REPORT_ENTRIES_SHOWN,
  };
}

/** Every entry of the period, newest first, a batch at a time (their ids first, then the rows by id). */
async function* allEntries(db: Queryable, staffId: number, period: ReportPeriod): AsyncGenerator<ReportEntry[]> {
  const batches = orderedBatches<Entry & { key: number }>(db, {
    keysSql: `SELECT l.id AS key ${IN_PERIOD} ORDER BY l.at DESC, l.id DESC`,
    keysParams: [staffId, period.from, period.to],
    rowsSql: `SELECT l.id AS key, ${ENTRY_COLUMNS} FROM access_log l LEFT JOIN accounts m ON m.id = l.member_id WHERE l.id = ANY($1::bigint[])`,
  });
  for await (const rows of batches) yield rows.map(entryOf);
}

async function* once<Row>(rows: Row[]): AsyncGenerator<Row[]> {
  yield rows;
}

const OSLO_TIME = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
const dots = (day: string) => norwegianDate(day).replace(/-/g, '.');
const nameOf = (person: { first_name: string | null; last_name: string | null } | null) => [person?.first_name, person?.last_name].filter(Boolean).join(' ');

interface SummaryRow {
  label: string;
  text?: string;
  count?: number;
}

const SUMMARY_COLUMNS: CsvColumn<SummaryRow>[] = [
  { header: 'Hva', value: (row) => row.label },
  { header: 'Verdi', value: (row) => row.text ?? '' },
  { header: 'Antall', value: (row) => row.count ?? null },
];

interface RightRow {
  name: string;
  description: string;
  source: string;
  held: boolean;
}

const RIGHT_COLUMNS: CsvColumn<RightRow>[] = [
  { header: 'Rettighet', value: (row) => row.name },
  { header: 'Beskrivelse', value: (row) => row.description },
  { header: 'Kilde', value: (row) => row.source },
  { header: 'Har retten', value: (row) => row.held },
];

const ENTRY_SHEET_COLUMNS: CsvColumn<ReportEntry>[] = [
  { header: 'Dato', value: (row) => norwegianDate(row.at), kind: 'date' },
  { header: 'Klokkeslett', value: (row) => OSLO_TIME.format(new Date(row.at)) },
  { header: 'Type', value: (row) => REPORT_KINDS[row.kind] },
  { header: 'Hva', value: (row) => row.detail },
  { header: 'Medlemsnummer', value: (row) => row.member?.remote_id ?? null },
  { header: 'Medlem', value: (row) => (row.member ? nameOf(row.member) || 'Slettet' : '') },
  { header: 'Medlemmer i listen', value: (row) => row.members_in_list },
  { header: 'Rader', value: (row) => row.row_count },
  { header: 'Adresse', value: (row) => row.ip ?? '' },
];

/** The rights they hold and those taken from their role, each with where it comes from. */
function rightRows(staff: StaffUserDetail): RightRow[] {
  const named = (names: readonly string[]) => names.filter(isRight);
  const removed = new Set(staff.removed_rights);
  const extra = new Set(staff.extra_rights);
  return [...named(staff.rights), ...named(staff.removed_rights)].map((name) => ({
    name,
    description: RIGHTS[name],
    source: extra.has(name) ? 'Gitt i tillegg til rollen' : removed.has(name) ? `Tatt bort fra rollen «${staff.role_name}»` : `Rollen «${staff.role_name}»`,
    held: !removed.has(name),
  }));
}

/** The spreadsheet's file name. */
export const reportFilename = (staffId: number, period: ReportPeriod): string => `tilgangsrapport-${staffId}-${period.from}-${period.to}.xlsx`;

/** The report as a workbook: 'Sammendrag', 'Rettigheter' and 'Hendelser' (every entry of the period). */
export async function reportSheets(db: Queryable, writer: AccessLogWriter, staffId: number, period: ReportPeriod): Promise<XlsxSheet[]> {
  const report = await accessReport(db, writer, staffId, period);
  const { staff } = report;
  const summary: SummaryRow[] = [
    { label: 'Ansatt', text: nameOf(staff) },
    { label: 'E-post', text: staff.email },
    { label: 'Rolle', text: staff.role_name },
    { label: 'Aktiv', text: staff.active ? 'Ja' : 'Nei' },
    { label: 'Totrinnsinnlogging', text: staff.two_factor ? 'Ja' : 'Nei' },
    { label: 'Periode', text: `${dots(period.from)}–${dots(period.to)}` },
    ...(Object.keys(REPORT_KINDS) as ReportKind[]).map((kind) => ({ label: REPORT_KINDS[kind], count: report.counts[kind] })),
    { label: 'Rader eksportert', count: report.exported_rows },
    { label: 'Hendelser i alt', count: report.total },
  ];
  return [
    xlsxSheet('Sammendrag', SUMMARY_COLUMNS, once(summary)),
    xlsxSheet('Rettigheter', RIGHT_COLUMNS, once(rightRows(staff))),
    xlsxSheet('Hendelser', ENTRY_SHEET_COLUMNS, allEntries(db, staffId, period)),
  ];
}

/** Reading the staff logs: the message log and the iterations of instruments and travel insurance. */
import type { Static } from 'typebox';
import type { Queryable } from '../../db/database.ts';
import { parseListQuery, type FilterBuilder, type ListDefinition } from '../../lib/list.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { queryPage, type Page, type PagedSource } from '../../lib/paged-query.ts';
import { sanitizeRichText } from '../../lib/html.ts';
import { TRAVEL_PRODUCT_IDS } from '../insurance/subscriptions.ts';
import { personJson } from '../shared/person-json.ts';
import type { MessageLogEntry } from '../../schemas/logs.ts';

type MessageLogRow = Static<typeof MessageLogEntry>;
/** A row as read: whether its body was sanitised when it was written (migration 017). */
type StoredMessageRow = MessageLogRow & { content_sanitised: boolean };

/** `filter[x]=1,2` on an integer column; anything but ids is refused. */
const idFilter =
  (column: string): FilterBuilder =>
  (values, params) => {
    if (!values.every((value) => /^\d{1,9}$/.test(value))) throw badRequest('Filteret må være en liste med id-er.');
    return `${column} IN (${params.list(values.map(Number))})`;
  };

export interface LogSource extends PagedSource {
  list: ListDefinition;
}

const messageLog: LogSource = {
  list: {
    filters: {
      member_id: idFilter('m.member_id'),
      outreach_id: idFilter('m.outreach_id'),
      channel: (values, params) => `m.channel IN (${params.list(values)})`,
    },
    // 'time' is the time of day in Oslo the TID column shows, whatever the day.
    sorts: { id: 'm.id', sent_at: 'm.sent_at', subject: 'm.subject', email_to: 'm.email_to', time: "(m.sent_at AT TIME ZONE 'Europe/Oslo')::time" },
    defaultSort: '-id',
    tieBreaker: 'm.id',
    // The unfiltered total is kept by migration 017's counter; a member's messages are counted by index.
    counter: 'messages',
  },
  from: 'FROM message_log m WHERE TRUE',
  // The page's ids come from the primary key (or the member's index) alone; then 25 rows are read.
  keyFirst: { key: 'm.id', table: 'message_log m LEFT JOIN accounts sa ON sa.id = m.sender_id' },
  columns: `m.id, m.subject, m.sent_at, m.email_from, m.from_name, m.email_to, m.content, m.channel, m.delivery,
            m.status, m.attempts, m.error, ${personJson('sa')} AS sender, m.member_id, m.outreach_id, m.content_sanitised`,
};

interface IterationLog {
  /** The iterations table, and the column naming what it versions (instrument_id, subscription_id). */
  table: string;
  owner: string;
  /** The table `owner` points at, as `alias`, with the member_id the log filters on. */
  versioned: string;
  alias: string;
  /** What is always true of the log's rows. */
  where: string;
  /** The counter of migration 017 that keeps the log's unfiltered total. */
  counter: string;
  /** Sorts beyond id, date and who made the version. */
  sorts?: Record<string, string>;
}

/** A log of iterations: each version with who made it and, read by index per row, the version before. */
const iterationLog = ({ table, owner, versioned, alias, where, counter, sorts }: IterationLog): LogSource => ({
  list: {
    filters: { member_id: idFilter(`${alias}.member_id`), [owner]: idFilter(`it.${owner}`) },
    // by_name: the UTFØRT AV column, by first and last name; a version the system made sorts first.
    sorts: { id: 'it.id', created_at: 'it.created_at', by_name: ["coalesce(cb.first_name, '')", "coalesce(cb.last_name, '')"], ...sorts },
    defaultSort: '-id',
    tieBreaker: 'it.id',
    counter,
  },
  from: `FROM ${table} it
           JOIN ${versioned} ${alias} ON ${alias}.id = it.${owner}
           LEFT JOIN accounts cb ON cb.id = it.created_by
          WHERE ${where}`,
  columns: `it.id, it.${owner}, ${alias}.member_id, it.created_at, ${personJson('cb')} AS created_by, it.snapshot,
            (SELECT p.snapshot FROM ${table} p WHERE p.${owner} = it.${owner} AND p.id < it.id ORDER BY p.id DESC LIMIT 1)
              AS previous`,
});

export const instrumentLog = iterationLog({
  table: 'instrument_iterations',
  owner: 'instrument_id',
  versioned: 'instruments',
  alias: 'i',
  where: 'TRUE',
  counter: 'instrument-log',
});

export const travelLog = iterationLog({
  table: 'subscription_iterations',
  owner: 'subscription_id',
  versioned: 'subscriptions',
  alias: 's',
  // Migration 017's 'travel-log' counter counts the versions of products 1 and 2 too.
  where: `s.product_id IN (${TRAVEL_PRODUCT_IDS.join(', ')})`,
  counter: 'travel-log',
  // The product as the version names it (older versions kept its name flat).
  sorts: { product_name: "coalesce(it.snapshot->'product'->>'name', it.snapshot->>'product_name')" },
});

export const logPage = <Row>(db: Queryable, source: LogSource, query: Record<string, unknown>): Promise<Page<Row>> =>
  queryPage<Row>(db, source, parseListQuery(query, source.list));

/**
 * An e-mail's body is sanitised when it is written (sendMail) and marked so; only a row without the
 * mark (written before migration 017, or by anything that does not vouch for its HTML) is
 * sanitised here, on its way out.
 */
export const sanitiseMessage = ({ content_sanitised: clean, ...row }: StoredMessageRow): MessageLogRow =>
  row.channel === 'email' && !clean ? { ...row, content: sanitizeRichText(row.content) } : row;

export async function messageLogPage(db: Queryable, query: Record<string, unknown>): Promise<Page<MessageLogRow>> {
  const page = await logPage<StoredMessageRow>(db, messageLog, query);
  return { ...page, rows: page.rows.map(sanitiseMessage) };
}

export async function messageLogEntry(db: Queryable, id: number): Promise<MessageLogRow | null> {
  const [row] = await db.query<StoredMessageRow>(`SELECT ${messageLog.columns} FROM ${messageLog.keyFirst!.table} WHERE m.id = $1`, [id]);
  return row ? sanitiseMessage(row) : null;
}

/** The list's filters and sorts, which the route's query schema documents (lib/list.ts listQuery). */
export { messageLog };

/** Reading the staff logs: the message log and the iterations of instruments and travel insurance. */
import type { Static } from 'typebox';
import type { Queryable } from '../db/database.ts';
import { parseListQuery, type FilterBuilder, type ListDefinition } from '../lib/list.ts';
import { badRequest } from '../lib/http-errors.ts';
import { queryPage, type Page, type PagedSource } from '../lib/paged-query.ts';
import { sanitizeRichText } from '../lib/html.ts';
import { TRAVEL_PRODUCT_IDS } from './subscriptions.ts';
import { personJson } from './person-json.ts';
import type { MessageLogEntry } from '../schemas/logs.ts';

type MessageLogRow = Static<typeof MessageLogEntry>;

/** `filter[x]=1,2` on an integer column; anything but ids is refused. */
const idFilter = (column: string): FilterBuilder => (values, params) => {
  if (!values.every((value) => /^\d{1,9}$/.test(value))) throw badRequest('Filteret må være en liste med id-er.');
  return `${column} IN (${params.list(values.map(Number))})`;
};

export interface LogSource extends PagedSource {
  list: ListDefinition;
}

const messageLog: LogSource = {
  list: {
    filters: { member_id: idFilter('m.member_id'), channel: (values, params) => `m.channel IN (${params.list(values)})` },
    sorts: { id: 'm.id', sent_at: 'm.sent_at', subject: 'm.subject', email_to: 'm.email_to' },
    defaultSort: '-id',
    tieBreaker: 'm.id',
  },
  from: 'FROM message_log m LEFT JOIN accounts sa ON sa.id = m.sender_id WHERE TRUE',
  columns: `m.id, m.subject, m.sent_at, m.email_from, m.from_name, m.email_to, m.content, m.channel, m.delivery,
            m.status, m.attempts, m.error, ${personJson('sa')} AS sender, m.member_id`,
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
}

/** A log of iterations: each version with who made it and, read by index per row, the version before. */
const iterationLog = ({ table, owner, versioned, alias, where }: IterationLog): LogSource => ({
  list: {
    filters: { member_id: idFilter(`${alias}.member_id`), [owner]: idFilter(`it.${owner}`) },
    sorts: { id: 'it.id', created_at: 'it.created_at' },
    defaultSort: '-id',
    tieBreaker: 'it.id',
  },
  from: `FROM ${table} it
           JOIN ${versioned} ${alias} ON ${alias}.id = it.${owner}
           LEFT JOIN accounts cb ON cb.id = it.created_by
          WHERE ${where}`,
  columns: `it.id, it.${owner}, it.created_at, ${personJson('cb')} AS created_by, it.snapshot,
            (SELECT p.snapshot FROM ${table} p WHERE p.${owner} = it.${owner} AND p.id < it.id ORDER BY p.id DESC LIMIT 1)
              AS previous`,
});

export const instrumentLog = iterationLog({
  table: 'instrument_iterations', owner: 'instrument_id', versioned: 'instruments', alias: 'i', where: 'TRUE',
});

export const travelLog = iterationLog({
  table: 'subscription_iterations',
  owner: 'subscription_id',
  versioned: 'subscriptions',
  alias: 's',
  where: `s.product_id IN (${TRAVEL_PRODUCT_IDS.join(', ')})`,
});

export const logPage = <Row>(db: Queryable, source: LogSource, query: Record<string, unknown>): Promise<Page<Row>> =>
  queryPage<Row>(db, source, parseListQuery(query, source.list));

/** Message bodies are sanitised again on the way out: rows may predate today's rules. */
const sanitiseMessage = (row: MessageLogRow): MessageLogRow =>
  row.channel === 'email' ? { ...row, content: sanitizeRichText(row.content) } : row;

export async function messageLogPage(db: Queryable, query: Record<string, unknown>): Promise<Page<MessageLogRow>> {
  const page = await logPage<MessageLogRow>(db, messageLog, query);
  return { ...page, rows: page.rows.map(sanitiseMessage) };
}

export async function messageLogEntry(db: Queryable, id: number): Promise<MessageLogRow | null> {
  const [row] = await db.query<MessageLogRow>(`SELECT ${messageLog.columns} ${messageLog.from} AND m.id = $1`, [id]);
  return row ? sanitiseMessage(row) : null;
}

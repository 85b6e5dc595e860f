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
            ${personJson('sa')} AS sender, m.member_id`,
};

/** The iteration before each one of the same thing, read by index per row of the page. */
const previousOf = (table: string, owner: string) =>
  `(SELECT p.snapshot FROM ${table} p WHERE p.${owner} = it.${owner} AND p.id < it.id ORDER BY p.id DESC LIMIT 1)`;

export const instrumentLog: LogSource = {
  list: {
    filters: { member_id: idFilter('i.member_id'), instrument_id: idFilter('it.instrument_id') },
    sorts: { id: 'it.id', created_at: 'it.created_at' },
    defaultSort: '-id',
    tieBreaker: 'it.id',
  },
  from: `FROM instrument_iterations it
           JOIN instruments i ON i.id = it.instrument_id
           LEFT JOIN accounts cb ON cb.id = it.created_by
          WHERE TRUE`,
  columns: `it.id, it.instrument_id, it.created_at, ${personJson('cb')} AS created_by, it.snapshot,
            ${previousOf('instrument_iterations', 'instrument_id')} AS previous`,
};

export const travelLog: LogSource = {
  list: {
    filters: { member_id: idFilter('s.member_id'), subscription_id: idFilter('it.subscription_id') },
    sorts: { id: 'it.id', created_at: 'it.created_at' },
    defaultSort: '-id',
    tieBreaker: 'it.id',
  },
  from: `FROM subscription_iterations it
           JOIN subscriptions s ON s.id = it.subscription_id
           LEFT JOIN accounts cb ON cb.id = it.created_by
          WHERE s.product_id IN (${TRAVEL_PRODUCT_IDS.join(', ')})`,
  columns: `it.id, it.subscription_id, it.created_at, ${personJson('cb')} AS created_by, it.snapshot,
            ${previousOf('subscription_iterations', 'subscription_id')} AS previous`,
};

export const logPage = <Row>(db: Queryable, source: LogSource, query: Record<string, unknown>): Promise<Page<Row>> =>
  queryPage<Row>(db, source, parseListQuery(query, source.list));

/** Message bodies are sanitised again on the way out: rows may predate today's rules. */
const sanitiseMessage = (row: MessageLogRow): MessageLogRow =>
  row.channel === 'email' ? { ...row, content: sanitizeRichText(row.content) } : row;

export async function messageLogPage(db: Queryable, query: Record<string, unknown>): Promise<Page<MessageLogRow>> {
  const page = await logPage<MessageLogRow>(db, messageLog, query);
  return { ...page, rows: page.rows.map(sanitiseMessage) };
}

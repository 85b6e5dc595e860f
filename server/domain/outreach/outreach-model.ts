/** A send as staff read it (schemas/outreach.ts `Outreach`): one, or all of them newest first. */
import type { Queryable } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/http-errors.ts';
import type { Outreach, OutreachState } from '../../schemas/outreach.ts';
import type { SegmentFilter } from '../../schemas/segments.ts';
import { kindLabels, type OutreachKind } from './consent-kinds.ts';

export type OutreachChannel = 'email' | 'sms' | 'email_sms';

/** The stored send, as the domain works with it. */
export interface OutreachRecord {
  id: number;
  segment_id: number | null;
  segment_name: string | null;
  kind: OutreachKind;
  channel: OutreachChannel;
  subject: string;
  body: string;
  sms_text: string | null;
  send_at: Date | null;
  state: OutreachState;
  confirmed_count: number | null;
  recipient_count: number | null;
  created_by: number | null;
}

type OutreachRow = Omit<Outreach, 'kind_label' | 'send_at' | 'created_at' | 'updated_at' | 'started_at' | 'finished_at'> & {
  send_at: Date | null;
  created_at: Date;
  updated_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
};

// The segment's current name while it exists, the name it had when it is gone.
const COLUMNS = `o.id, o.segment_id, coalesce(s.name, o.segment_name) AS segment_name, o.kind, o.channel, o.subject, o.body,
  o.sms_text, o.send_at, o.state, o.recipient_count, o.created_at, o.updated_at, o.started_at, o.finished_at,
  CASE WHEN c.id IS NULL THEN NULL ELSE c.first_name || ' ' || c.last_name END AS created_by,
  (SELECT count(*)::int FROM message_log m WHERE m.outreach_id = o.id AND m.status = 'sent') AS sent,
  (SELECT count(*)::int FROM message_log m WHERE m.outreach_id = o.id AND m.status = 'failed') AS failed`;
const FROM = 'FROM outreaches o LEFT JOIN segments s ON s.id = o.segment_id LEFT JOIN accounts c ON c.id = o.created_by';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function shown(row: OutreachRow, labels: Record<OutreachKind, string>): Outreach {
  return {
    ...row,
    kind_label: labels[row.kind],
    send_at: iso(row.send_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}

export async function listOutreaches(db: Queryable): Promise<Outreach[]> {
  const rows = await db.query<OutreachRow>(`SELECT ${COLUMNS} ${FROM} ORDER BY o.id DESC`);
  const labels = await kindLabels(db);
  return rows.map((row) => shown(row, labels));
}

export async function findOutreach(db: Queryable, id: number): Promise<Outreach | null> {
  const [row] = await db.query<OutreachRow>(`SELECT ${COLUMNS} ${FROM} WHERE o.id = $1`, [id]);
  return row ? shown(row, await kindLabels(db)) : null;
}

/** The send as answered, which must exist (it was just written). */
export const outreachOf = async (db: Queryable, id: number): Promise<Outreach> => (await findOutreach(db, id))!;

/** The stored send, locked for the transaction with `lock`; 404 when there is none. */
export async function outreachRecord(db: Queryable, id: number, lock = false): Promise<OutreachRecord> {
  const [row] = await db.query<OutreachRecord>(
    `SELECT id, segment_id, segment_name, kind, channel, subject, body, sms_text, send_at, state, confirmed_count, recipient_count, created_by
       FROM outreaches WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  if (!row) throw notFound();
  return row;
}

export const NO_GROUP = 'Utvalget finnes ikke lenger. Velg et annet utvalg.';

/** The filter of the send's group now; 409 when the group has been deleted. */
export async function groupFilter(db: Queryable, outreach: OutreachRecord): Promise<SegmentFilter> {
  const [segment] =
    outreach.segment_id === null ? [] : await db.query<{ filter: SegmentFilter }>('SELECT filter FROM segments WHERE id = $1', [outreach.segment_id]);
  if (!segment) throw conflict(NO_GROUP);
  return segment.filter;
}

export const STATE_MESSAGES = {
  notEditable: 'Utsendelsen er startet og kan ikke endres.',
  notDeletable: 'Bare utkast kan slettes.',
  notDraft: 'Utsendelsen er allerede sendt eller planlagt.',
  notSending: 'Bare en utsendelse som pågår, kan settes på pause.',
  notPaused: 'Bare en utsendelse som er satt på pause, kan fortsette.',
  notCancellable: 'Bare en planlagt eller pågående utsendelse kan avbrytes.',
} as const;

/**
 * The access log: who read, exported or changed a member's data, or read their messages, when
 * and from which address. Members read their own on Min side; staff read it per member and
 * across members.
 *
 * Writing is batched so a logged read costs the request a push onto an array: entries wait in
 * this process for at most FLUSH_MS (or until MAX_BUFFERED have gathered) and go to the database
 * in one INSERT; the app's onClose flushes the rest. A process killed with SIGKILL loses what it
 * had not flushed (at most FLUSH_MS of entries): the same trade-off as the request log, chosen
 * over a write per read. Several processes on one PostgreSQL each write their own batches; the
 * rows need no coordination.
 *
 * Any feature that lets staff see a member's data records it with `recordAccess` (or, for a
 * route, `config.accessLog`, which calls it from plugins/access-log.ts).
 */
import type { Static } from 'typebox';
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest } from '../../lib/http-errors.ts';
import { parseListQuery, type FilterBuilder, type ListDefinition } from '../../lib/list.ts';
import { queryPage, type Page } from '../../lib/paged-query.ts';
import type { AccessLogEntry, AccessLogRow } from '../../schemas/access-log.ts';

export type AccessKind = 'read' | 'export' | 'change' | 'messages';

export interface AccessRecord {
  /** The account that looked (staff; a member only for their own export). */
  actorId: number;
  /** The member whose data it was; null for a list or export of several (then `memberIds` and `rowCount`). */
  memberId: number | null;
  /** Every member a list or export of several held (one entry, however many); absent for one member's entry. */
  memberIds?: readonly number[] | null;
  kind: AccessKind;
  /** What was seen, in a few Norwegian words ('Medlemsopplysninger', 'Meldinger'); never personal data. */
  detail: string;
  rowCount?: number | null;
  ip?: string | null;
}

interface Buffered extends AccessRecord {
  at: Date;
}

export const FLUSH_MS = 250;
export const MAX_BUFFERED = 200;
/** While the database refuses, entries are kept and retried up to this many. */
const MAX_HELD = 50_000;

export class AccessLogWriter {
  readonly #db: Queryable;
  #buffer: Buffered[] = [];
  #timer: NodeJS.Timeout | null = null;
  #flushing: Promise<void> = Promise.resolve();
  readonly #making = new Set<Promise<unknown>>();

  constructor(db: Queryable) {
    this.#db = db;
  }

  /** Takes the entry at once; it reaches the database with the next batch. */
  record(entry: AccessRecord): void {
    this.#buffer.push({ ...entry, at: new Date() });
    if (this.#buffer.length >= MAX_BUFFERED) {
      void this.flush();
    } else if (!this.#timer) {
      this.#timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.#timer.unref();
    }
  }

  /** Writes what is buffered; resolves when every entry taken before the call is written. */
  /** An entry still being made (its request answered, its member looked up): a flush waits for it. */
  track(entry: Promise<unknown>): void {
    this.#making.add(entry);
    void entry.finally(() => this.#making.delete(entry));
  }

  /** Writes what is held, once the entries being made are in: a read after a flush sees every answered request. */
  flush(): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = null;
    }
    const making = Promise.allSettled([...this.#making]);
    this.#flushing = this.#flushing.then(async () => {
      await making;
      await this.#write();
    });
    return this.#flushing;
  }

  async #write(): Promise<void> {
    const batch = this.#buffer;
    if (batch.length === 0) return;
    this.#buffer = [];
    try {
      await this.#db.query(
        // A list's members go as one array literal per entry ('{4,9}'): the arrays differ in length,
        // which a two-dimensional int[][] parameter cannot carry.
        `INSERT INTO access_log (at, actor_id, member_id, kind, detail, row_count, ip, member_ids)
         SELECT at, actor_id, member_id, kind, detail, row_count, ip, member_ids::int[]
           FROM unnest($1::timestamptz[], $2::int[], $3::int[], $4::text[], $5::text[], $6::int[], $7::text[], $8::text[])
             AS e(at, actor_id, member_id, kind, detail, row_count, ip, member_ids)`,
        [
          batch.map((e) => e.at.toISOString()),
          batch.map((e) => e.actorId),
          batch.map((e) => e.memberId),
          batch.map((e) => e.kind),
          batch.map((e) => e.detail),
          batch.map((e) => e.rowCount ?? null),
          batch.map((e) => e.ip ?? null),
          batch.map((e) => (e.memberIds ? `{${e.memberIds.join(',')}}` : null)),
        ],
      );
    } catch (error) {
      console.error('Tilgangsloggen kunne ikke skrives; prøver igjen:', error);
      this.#buffer = [...batch, ...this.#buffer].slice(-MAX_HELD);
      if (!this.#timer) {
        this.#timer = setTimeout(() => void this.flush(), FLUSH_MS * 4);
        this.#timer.unref();
      }
    }
  }
}

/**
 * Records that `actor` saw or changed a member's data. Staff accesses are recorded; a member's own
 * use of their data is not (except their own export, which the export route records itself).
 * This is the function other features call, e.g. when staff download a member's certificate.
 */
export function recordAccess(
  writer: AccessLogWriter,
  actor: { id: number; role_id: number },
  entry: Omit<AccessRecord, 'actorId'>,
  options: { evenForSelf?: boolean } = {},
): void {
  const staff = actor.role_id >= 3;
  if (!staff && !(options.evenForSelf && entry.memberId === actor.id)) return;
  writer.record({ ...entry, actorId: actor.id });
}

const ENTRY_COLUMNS = `l.id, l.at, l.kind, l.detail, cardinality(l.member_ids) AS members_in_list,
  CASE WHEN s.id IS NULL THEN NULL ELSE json_build_object('first_name', s.first_name, 'last_name', s.last_name) END AS staff`;

/** The entries about a member: those naming them alone, and the lists that held them (migration 022). */
const aboutMember = (param: string) => `(l.member_id = ${param} OR l.member_ids @> ARRAY[${param}::int])`;

const memberLog: ListDefinition = {
  filters: {},
  sorts: { at: 'l.at', id: 'l.id' },
  defaultSort: '-at',
  tieBreaker: 'l.id',
};

/** One member's log, newest first (flushes this process's buffer first, so a read sees its own entries). */
export async function memberAccessLog(
  db: Queryable,
  writer: AccessLogWriter,
  memberId: number,
  query: Record<string, unknown>,
): Promise<Page<Static<typeof AccessLogEntry>> | null> {
  const [member] = await db.query('SELECT 1 FROM accounts WHERE id = $1 AND role_id IN (1, 2)', [memberId]);
  if (!member) return null;
  await writer.flush();
  const list = parseListQuery(query, memberLog);
  const id = list.params.add(memberId);
  return queryPage(
    db,
    {
      from: `FROM access_log l LEFT JOIN accounts s ON s.id = l.actor_id WHERE ${aboutMember(id)}`,
      columns: ENTRY_COLUMNS,
    },
    list,
  );
}

/** `filter[from]`/`filter[to]` are dates (yyyy-MM-dd, Oslo time), both ends included. */
const dateFilter =
  (operator: '>=' | '<'): FilterBuilder =>
  (values, params) => {
    const [value] = values;
    if (values.length !== 1 || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
      throw badRequest('Datoen må skrives som åååå-mm-dd.');
    }
    const day = operator === '<' ? `(${params.add(value)}::date + 1)` : `${params.add(value)}::date`;
    return `l.at ${operator} (${day}::timestamp AT TIME ZONE 'Europe/Oslo')`;
  };

const ids = (values: string[]): number[] => {
  if (!values.every((value) => /^\d{1,9}$/.test(value))) throw badRequest('Filteret må være en liste med id-er.');
  return values.map(Number);
};

const idsFilter =
  (column: string): FilterBuilder =>
  (values, params) =>
    `${column} IN (${params.list(ids(values))})`;

/** A member's entries include the lists that held them. */
const membersFilter: FilterBuilder = (values, params) => {
  const list = ids(values)
    .map((id) => `${params.add(id)}::int`)
    .join(', ');
  return `(l.member_id IN (${list}) OR l.member_ids && ARRAY[${list}])`;
};

const allLog: ListDefinition = {
  filters: {
    staff_id: idsFilter('l.actor_id'),
    member_id: membersFilter,
    kind: (values, params) => `l.kind IN (${params.list(values)})`,
    from: dateFilter('>='),
    to: dateFilter('<'),
  },
  sorts: { at: 'l.at', id: 'l.id' },
  defaultSort: '-at',
  tieBreaker: 'l.id',
  // The unfiltered total is kept by migration 052's counter, so the first page counts nothing.
  counter: 'access-log',
};

/** The log across members, for staff: who looked at whom, exported what, from where. */
export async function accessLogPage(db: Queryable, writer: AccessLogWriter, query: Record<string, unknown>): Promise<Page<Static<typeof AccessLogRow>>> {
  await writer.flush();
  return queryPage(
    db,
    {
      from: `FROM access_log l LEFT JOIN accounts s ON s.id = l.actor_id LEFT JOIN accounts m ON m.id = l.member_id WHERE TRUE`,
      columns: `${ENTRY_COLUMNS}, l.actor_id AS staff_id, l.member_id, l.row_count, l.ip,
      CASE WHEN m.id IS NULL THEN NULL
           ELSE json_build_object('id', m.id, 'remote_id', m.remote_id, 'first_name', m.first_name, 'last_name', m.last_name) END AS member`,
    },
    parseListQuery(query, allLog),
  );
}

/** The whole log of one member, oldest first, for their data export. */
export async function accessLogOf(db: Queryable, memberId: number): Promise<Static<typeof AccessLogEntry>[]> {
  return db.query(
    `SELECT ${ENTRY_COLUMNS} FROM access_log l LEFT JOIN accounts s ON s.id = l.actor_id
      WHERE ${aboutMember('$1')} ORDER BY l.at, l.id`,
    [memberId],
  );
}

/** Deletes entries older than `months`; the table's trigger lets only this through. */
export async function purgeAccessLog(db: Database, months: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT set_config('portal.access_log_purge_before', (now() - make_interval(months => $1))::text, true)`, [months]);
    const deleted = await tx.query('DELETE FROM access_log WHERE at < now() - make_interval(months => $1) RETURNING 1', [months]);
    return deleted.length;
  });
}

/** The member an instrument belongs to (the access log's member for /instrument/:id routes). */
export async function instrumentOwner(db: Queryable, id: number): Promise<number | null> {
  const [row] = await db.query<{ member_id: number }>('SELECT member_id FROM instruments WHERE id = $1', [id]);
  return row?.member_id ?? null;
}

/** The member a subscription belongs to. */
export async function subscriptionOwner(db: Queryable, id: number): Promise<number | null> {
  const [row] = await db.query<{ member_id: number }>('SELECT member_id FROM subscriptions WHERE id = $1', [id]);
  return row?.member_id ?? null;
}

/** The staff users, for the log's filter by staff user. */
export const staffUsers = (db: Queryable): Promise<{ id: number; first_name: string; last_name: string }[]> =>
  db.query('SELECT id, first_name, last_name FROM accounts WHERE role_id >= 3 ORDER BY first_name, last_name, id');

/** The list's filters and sorts, which the route's query schema documents (lib/list.ts listQuery). */
export { memberLog, allLog };

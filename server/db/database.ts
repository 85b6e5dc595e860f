/**
 * One small interface over the two drivers: PGlite (embedded, the default) and a PostgreSQL
 * server (node-postgres) when DATABASE_URL is set. Both answer dates as 'YYYY-MM-DD' strings,
 * timestamps as Date and bigint/numeric as number, so the rest of the server sees no difference.
 */
import { createHash } from 'node:crypto';
import type { RequestsInFlight } from './requests-in-flight.ts';

export interface QueryOptions {
  /**
   * The text is the same on every call (values only as parameters): it is kept as a named
   * prepared statement (per connection on PostgreSQL, in PGlite's one session) and not parsed
   * and planned again. For the hot, fixed queries only: every distinct text stays prepared.
   */
  prepare?: boolean;
}

const statementNames = new Map<string, string>();
/** A prepared statement's name: the same for the same text, within PostgreSQL's 63 characters. */
export function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (!name) {
    name = `s${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    statementNames.set(sql, name);
  }
  return name;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/**
 * What the database announces on 'session_changes' (migration 018): the id of an account whose
 * tokens, role, blocking or two-factor sign-in changed, or null when this process may have missed
 * announcements (no connection listens any longer).
 */
export type SessionChangeListener = (accountId: number | null) => void;

export interface SessionChanges {
  /** True while at least one connection listens: only then may what was read be kept. */
  readonly live: boolean;
  subscribe(listener: SessionChangeListener): void;
}

export const SESSION_CHANNEL = 'session_changes';

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * The announcements, where a lookup is worth keeping (a PostgreSQL server: a round trip per
   * request); absent on PGlite, whose lookups cost no round trip.
   */
  readonly sessionChanges?: SessionChanges;
  /**
   * The requests this process is answering, where long jobs must step aside for them (PGlite: one
   * session for all; server/db/step-aside.ts); absent on PostgreSQL.
   */
  readonly requests?: RequestsInFlight;
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Type ids of the PostgreSQL types we parse ourselves. */
export const PG_TYPES = { INT8: 20, NUMERIC: 1700, DATE: 1082 } as const;

export const parseDate = (value: string): string => value;
export const parseNumber = (value: string): number => Number(value);

/**
 * One small interface over the two drivers: PGlite (embedded, the default) and a PostgreSQL
 * server (node-postgres) when DATABASE_URL is set. Both answer dates as 'YYYY-MM-DD' strings,
 * timestamps as Date and bigint/numeric as number, so the rest of the server sees no difference.
 */
import { createHash } from 'node:crypto';

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

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Type ids of the PostgreSQL types we parse ourselves. */
export const PG_TYPES = { INT8: 20, NUMERIC: 1700, DATE: 1082 } as const;

export const parseDate = (value: string): string => value;
export const parseNumber = (value: string): number => Number(value);

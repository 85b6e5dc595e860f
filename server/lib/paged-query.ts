/**
 * One page of a list and the list's total, for every paged /api list: the page's rows and
 * the total found side by side over the same conditions, so the paginator always agrees with
 * its rows. The total comes from the list's counter when nothing narrows it (see TotalSource).
 */
import type { Queryable } from '../db/database.ts';
import type { ListQuery } from './list.ts';

export interface PagedSource {
  /** `FROM … WHERE <what is always true of the list>`; the request's filters are ANDed on. */
  from: string;
  /** The SELECT list of one row. */
  columns: string;
  /**
   * For a wide row over a large table: the page's keys are found first (an index-only walk even
   * for deep pages), then only those rows are read in full from `table` joined on `key`.
   * `columns` must then read from `table` alone.
   */
  keyFirst?: { key: string; table: string };
}

export interface Page<Row> {
  list: ListQuery;
  rows: Row[];
  total: number;
}

function pageSql(source: PagedSource, list: ListQuery): string {
  const window = `ORDER BY ${list.orderBy} LIMIT ${list.perPage} OFFSET ${list.offset}`;
  const filtered = `${source.from} AND ${list.where}`;
  if (!source.keyFirst) return `SELECT ${source.columns} ${filtered} ${window}`;
  const { key, table } = source.keyFirst;
  return `SELECT ${source.columns}
            FROM (SELECT ${key} AS page_key ${filtered} ${window}) page
            JOIN ${table} ON ${key} = page.page_key
           ORDER BY ${list.orderBy}`;
}

function totalQuery(db: Queryable, source: PagedSource, list: ListQuery): Promise<{ total: number }[]> {
  const params = list.params.values;
  const total = list.totalFrom;
  if (total === 'count') return db.query(`SELECT count(*)::int AS total ${source.from} AND ${list.where}`, params);
  if ('counter' in total) return db.query('SELECT total::int AS total FROM list_counts WHERE list = $1', [total.counter]);
  return db.query(
    `SELECT count(*)::int AS total FROM (SELECT 1 ${source.from} AND ${list.where} LIMIT ${total.atMost}) matching`,
    params,
  );
}

/** The rows of the requested page and how many rows the filtered list holds in all. */
export async function queryPage<Row>(db: Queryable, source: PagedSource, list: ListQuery): Promise<Page<Row>> {
  if (typeof list.totalFrom === 'object' && 'atMost' in list.totalFrom) {
    // A short search that few rows match walks the whole table for its page already; a page
    // that is not full then gives the total without walking it a second time to count.
    const rows = await db.query<Row>(pageSql(source, list), list.params.values);
    if (rows.length < list.perPage && (rows.length > 0 || list.offset === 0)) {
      return { list, rows, total: list.offset + rows.length };
    }
    const [{ total }] = await totalQuery(db, source, list);
    return { list, rows, total };
  }
  const [rows, [{ total }]] = await Promise.all([
    db.query<Row>(pageSql(source, list), list.params.values),
    totalQuery(db, source, list),
  ]);
  return { list, rows, total };
}

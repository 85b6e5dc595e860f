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
  keyFirst?: {
    key: string;
    table: string;
    /**
     * `from` holds `table` under the same name, so it can give `columns` itself: a page that skips
     * no rows (the first, and the last read from the far end) reads them straight, since the keys
     * first would cost one more lookup per row and save nothing.
     */
    direct?: boolean;
  };
  /**
   * For a large list whose middle pages are reached ('gå til side'): the list's rows counted per
   * block of `size` key values in `table` (block, members), kept by the database as the rows change.
   * A page of the unfiltered list in key order then finds its block from those counts and walks at
   * most one block, instead of every row before the page.
   */
  blocks?: { table: string; key: string; size: number };
}

export interface Page<Row> {
  list: ListQuery;
  rows: Row[];
  total: number;
  /** False when the total is a search's count as far as it counts: there may be more. */
  exact?: boolean;
}

/** One window of the list: `limit` rows from `offset` in the given order. */
function pageSql(source: PagedSource, list: ListQuery, order: string, limit: number, offset: number): string {
  const window = `ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`;
  const filtered = `${source.from} AND ${list.where}`;
  if (!source.keyFirst || (source.keyFirst.direct && offset === 0)) return `SELECT ${source.columns} ${filtered} ${window}`;
  const { key, table } = source.keyFirst;
  return `SELECT ${source.columns}
            FROM (SELECT ${key} AS page_key ${filtered} ${window}) page
            JOIN ${table} ON ${key} = page.page_key
           ORDER BY ${order}`;
}

/** A counter's total: its row in list_counts plus the deltas not yet folded into it (migration 017). */
export const COUNTER_SQL = `SELECT (coalesce((SELECT total FROM list_counts WHERE list = $1), 0)
                                  + coalesce((SELECT sum(n) FROM list_count_deltas WHERE list = $1), 0))::int AS total`;

function totalQuery(db: Queryable, source: PagedSource, list: ListQuery): Promise<{ total: number }[]> {
  const params = list.params.values;
  const total = list.totalFrom;
  if (total === 'count') return db.query(`SELECT count(*)::int AS total ${source.from} AND ${list.where}`, params);
  if ('counter' in total) return db.query(COUNTER_SQL, [total.counter], { prepare: true });
  return db.query(`SELECT count(*)::int AS total FROM (SELECT 1 ${source.from} AND ${list.where} LIMIT ${total.atMost}) matching`, params);
}

/** Pages past this many rows are worth knowing the total first (to read them from the far end). */
const DEEP_OFFSET = 500;

/**
 * The page's rows once the total is known exactly: a page in the second half of the list is read
 * in the reverse order from the far end and turned round, so no page walks more than half the list
 * and the last page costs what the first does.
 */
export async function rowsKnowingTotal<Row>(db: Queryable, source: PagedSource, list: ListQuery, total: number): Promise<Row[]> {
  const params = list.params.values;
  if (list.offset <= total / 2) return db.query<Row>(pageSql(source, list, list.orderBy, list.perPage, list.offset), params);
  const limit = Math.min(list.perPage, total - list.offset);
  if (limit <= 0) return [];
  const rows = await db.query<Row>(pageSql(source, list, list.reverseOrderBy, limit, total - list.offset - limit), params);
  return rows.reverse();
}

/**
 * A page of the unfiltered list in key order, from the nearer end as rowsKnowingTotal reads it,
 * starting in the block of keys that holds its first row: the blocks before it are skipped by
 * their counts, so the page walks at most one block however deep it is.
 */
async function rowsFromBlocks<Row>(
  db: Queryable,
  source: PagedSource,
  blocks: NonNullable<PagedSource['blocks']>,
  list: ListQuery,
  total: number,
): Promise<Row[]> {
  const fromStart = list.offset <= total / 2;
  const limit = fromStart ? list.perPage : Math.min(list.perPage, total - list.offset);
  if (limit <= 0) return [];
  const skip = fromStart ? list.offset : total - list.offset - limit;
  // The direction the page is walked in: the list's own from its start, the other from its end.
  const descending = (list.keyOrder === 'desc') === fromStart;
  const direction = descending ? 'DESC' : 'ASC';
  const [start] = await db.query<{ block: number; before: number }>(
    `SELECT block, before FROM (
       SELECT block, members, (sum(members) OVER (ORDER BY block ${direction}) - members)::int AS before
         FROM ${blocks.table} WHERE members > 0) counted
      WHERE before + members > $1 ORDER BY block ${direction} LIMIT 1`,
    [skip],
  );
  if (!start) return [];
  const bound = descending ? `${blocks.key} < ${(start.block + 1) * blocks.size}` : `${blocks.key} >= ${start.block * blocks.size}`;
  const order = fromStart ? list.orderBy : list.reverseOrderBy;
  const rows = await db.query<Row>(pageSql(source, { ...list, where: bound }, order, limit, skip - start.before), list.params.values);
  return fromStart ? rows : rows.reverse();
}

/**
 * A search's page and its total from one walk: the matching keys in the list's order as far as the
 * horizon (the page's own and the pages after it), so counting them costs no second walk; then the
 * page's rows by their keys.
 */
async function searchPage<Row>(
  db: Queryable,
  keyFirst: NonNullable<PagedSource['keyFirst']>,
  source: PagedSource,
  list: ListQuery,
  atMost: number,
): Promise<Page<Row>> {
  const { key, table } = keyFirst;
  const found = await db.query<{ page_key: number }>(
    `SELECT ${key} AS page_key ${source.from} AND ${list.where} ORDER BY ${list.orderBy} LIMIT ${atMost}`,
    list.params.values,
  );
  const keys = found.slice(list.offset, list.offset + list.perPage).map((row) => row.page_key);
  const exact = found.length < atMost;
  if (keys.length === 0) return { list, rows: [], total: found.length, exact };
  const rows = await db.query<Row>(`SELECT ${source.columns} FROM ${table} WHERE ${key} = ANY($1::int[]) ORDER BY ${list.orderBy}`, [keys]);
  return { list, rows, total: found.length, exact };
}

/** COUNTER_SQL with its parameter as the n-th of a statement, worked out once per n. */
const countersAt: string[] = [];
const counterSqlAt = (n: number): string => (countersAt[n] ??= COUNTER_SQL.replaceAll('$1', `$${n}`));

/** Texts of pageWithCounter's statement built so far, by the source's columns, its FROM, then the rest of what shapes it. */
const counterPageTexts = new Map<string, Map<string, Map<string, string>>>();
const COUNTER_PAGE_TEXTS_KEPT = 256;
let counterPageTextsKept = 0;

/**
 * The statement text of a first page with its counter, built once for each shape (a list's few
 * texts: no filter, one sort): the same string each time, so its prepared statement is found by
 * a hash the string already holds, where a text built anew (the member list's is some 2 KB) was
 * built and hashed in full on every request. Looked up by the source's own strings, which are
 * constants, never by a key made from them.
 */
function counterPageText(source: PagedSource, list: ListQuery, parameters: number, build: () => string): string {
  const shape = `${list.where}|${list.orderBy}|${list.perPage}|${list.offset}|${parameters}|${source.keyFirst?.key}|${source.keyFirst?.table}|${source.keyFirst?.direct}`;
  let byFrom = counterPageTexts.get(source.columns);
  let byShape = byFrom?.get(source.from);
  const known = byShape?.get(shape);
  if (known !== undefined) return known;
  const sql = build();
  if (counterPageTextsKept >= COUNTER_PAGE_TEXTS_KEPT) return sql;
  if (!byFrom) counterPageTexts.set(source.columns, (byFrom = new Map()));
  if (!byShape) byFrom.set(source.from, (byShape = new Map()));
  byShape.set(shape, sql);
  counterPageTextsKept += 1;
  return sql;
}

/** The column that carries the counter's total on each row of pageWithCounter's statement. */
const TOTAL_COLUMN = 'page_counter_total';

/**
 * The first page of a list whose total is a counter (the page every list opens on): the rows and
 * the counter in one statement (the counter as an uncorrelated subquery, worked out once), so one
 * round trip rather than two. Other pages read the total first, to know which end to read from.
 * An empty page carries no total, which is then read on its own.
 */
async function pageWithCounter<Row>(db: Queryable, source: PagedSource, list: ListQuery, counter: string, rebuilt: boolean): Promise<Page<Row>> {
  const params = [...list.params.values, counter];
  const build = () =>
    pageSql({ ...source, columns: `${source.columns}, (${counterSqlAt(params.length)}) AS ${TOTAL_COLUMN}` }, list, list.orderBy, list.perPage, list.offset);
  // The page every visit opens on: kept prepared when its text is one of the list's few, and then
  // built once (see counterPageText).
  const sql = list.fewTexts ? counterPageText(source, list, params.length, build) : build();
  const rows = await db.query<Row & { [TOTAL_COLUMN]?: number }>(sql, params, { prepare: list.fewTexts });
  if (rows.length === 0) {
    const [{ total }] = await db.query<{ total: number }>(COUNTER_SQL, [counter], { prepare: true });
    return { list, rows: [], total };
  }
  const total = rows[0][TOTAL_COLUMN] ?? 0;
  // Rows rebuilt by the caller leave the column behind as they are built; others lose it here (a
  // delete costs each row its fast shape, a microsecond a row, what the member list was spared).
  if (!rebuilt) for (const row of rows) delete row[TOTAL_COLUMN];
  return { list, rows, total };
}

/** The rows of the requested page and how many rows the filtered list holds in all. */
export async function queryPage<Row>(db: Queryable, source: PagedSource, list: ListQuery): Promise<Page<Row>> {
  return pageOfRows<Row>(db, source, list, false);
}

/** As queryPage, each row read built into the answered item by `toItem` (a new object with the answer's fields only). */
export async function queryItems<Row, Item>(db: Queryable, source: PagedSource, list: ListQuery, toItem: (row: Row) => Item): Promise<Page<Item>> {
  const page = await pageOfRows<Row>(db, source, list, true);
  return { ...page, rows: page.rows.map(toItem) };
}

async function pageOfRows<Row>(db: Queryable, source: PagedSource, list: ListQuery, rebuilt: boolean): Promise<Page<Row>> {
  const forward = () => db.query<Row>(pageSql(source, list, list.orderBy, list.perPage, list.offset), list.params.values);
  if (typeof list.totalFrom === 'object' && 'atMost' in list.totalFrom) {
    if (list.offset >= DEEP_OFFSET) {
      // Deep in a search: counted first (as far as its horizon); when that count is the real total
      // (the search's last pages), a page past its middle is read from the far end.
      const [{ total }] = await totalQuery(db, source, list);
      if (total < list.totalFrom.atMost) return { list, rows: await rowsKnowingTotal<Row>(db, source, list, total), total };
      return { list, rows: await forward(), total, exact: false };
    }
    if (source.keyFirst) return searchPage<Row>(db, source.keyFirst, source, list, list.totalFrom.atMost);
    // A search that few rows match walks the whole table for its page already; a page that is not
    // full then gives the total without walking it a second time to count.
    const rows = await forward();
    if (rows.length < list.perPage && (rows.length > 0 || list.offset === 0)) {
      return { list, rows, total: list.offset + rows.length };
    }
    const [{ total }] = await totalQuery(db, source, list);
    return { list, rows, total, exact: total < list.totalFrom.atMost };
  }
  if (typeof list.totalFrom === 'object' && 'counter' in list.totalFrom && list.offset === 0) {
    return pageWithCounter<Row>(db, source, list, list.totalFrom.counter, rebuilt);
  }
  if (typeof list.totalFrom === 'object' || list.offset >= DEEP_OFFSET) {
    // A counter costs nothing to read first; a deep page is worth a count first.
    const [{ total }] = await totalQuery(db, source, list);
    if (source.blocks && list.keyOrder && list.where === 'TRUE' && list.offset >= source.blocks.size) {
      return { list, rows: await rowsFromBlocks<Row>(db, source, source.blocks, list, total), total };
    }
    return { list, rows: await rowsKnowingTotal<Row>(db, source, list, total), total };
  }
  const [rows, [{ total }]] = await Promise.all([forward(), totalQuery(db, source, list)]);
  return { list, rows, total };
}

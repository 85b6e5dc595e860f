/**
 * The list conventions of every /api list, in one place:
 * `page` (1-based), `per_page` (25, 50, 75, 100), `filter[x]=a,b`, `sort=a,-b`;
 * unknown filters and sort fields are refused with 400, and the answer is Laravel's paginator.
 */
import { Type, type TSchema } from 'typebox';
import { badRequest } from './http-errors.ts';
import { SqlParams } from './sql.ts';

export const PAGE_SIZES = [25, 50, 75, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;

/** Builds the SQL condition for one filter from its comma-separated values. */
export type FilterBuilder = (values: string[], params: SqlParams) => string;

export interface ListDefinition {
  filters: Record<string, FilterBuilder>;
  /** Sort field on the wire → SQL expression, or several for a field that sorts on more than one column. */
  sorts: Record<string, string | readonly string[]>;
  defaultSort: string;
  /**
   * A unique column appended to every ORDER BY, in the direction of the last sort field, so pages
   * never overlap and an index on (sort column, id) serves the whole ordering.
   */
  tieBreaker: string;
  /** The row of `list_counts` (migration 011) that holds the list's total when no filter narrows it. */
  counter?: string;
  /** The filter that is a free-text search, so a short search is counted only as far as anyone pages. */
  search?: string;
}

/**
 * How a page's total is found: the list's counter when no filter narrows it; for a search whose
 * words have one or two characters (no index narrows it), by counting no further than `atMost`
 * rows; otherwise by counting every matching row.
 */
export type TotalSource = { counter: string } | { atMost: number } | 'count';

/** Rows a short search counts past the page's first row: 40 pages of 25, 10 of 100. */
export const SHORT_SEARCH_HORIZON = 1000;

export interface ListQuery {
  page: number;
  perPage: number;
  offset: number;
  /** `AND`-joined conditions, or 'TRUE'. */
  where: string;
  orderBy: string;
  params: SqlParams;
  filters: Record<string, string[]>;
  /** Where the page's total comes from. */
  totalFrom: TotalSource;
}

const FILTER_KEY = /^filter\[([A-Za-z0-9_]+)\]$/;

export const listQuerySchema = Type.Object(
  {
    page: Type.Optional(Type.String({ description: '1-based page number; anything invalid means 1' })),
    per_page: Type.Optional(Type.String({ description: 'Rows per page: 25, 50, 75 or 100' })),
    sort: Type.Optional(Type.String({ description: 'Comma-separated fields, "-" for descending' })),
  },
  { additionalProperties: Type.String(), description: 'filter[field]=value1,value2' },
);

function parsePage(raw: unknown): number {
  const page = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : 1;
  return page >= 1 && Number.isSafeInteger(page) ? page : 1;
}

function parsePerPage(raw: unknown): number {
  if (raw === undefined || raw === '') return DEFAULT_PAGE_SIZE;
  const size = Number(raw);
  if (!(PAGE_SIZES as readonly number[]).includes(size)) {
    throw badRequest(`per_page må være ${PAGE_SIZES.join(', ').replace(/, (\d+)$/, ' eller $1')}.`);
  }
  return size;
}

function splitValues(raw: unknown): string[] {
  const text = Array.isArray(raw) ? raw.join(',') : String(raw ?? '');
  return text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

function orderBy(raw: unknown, definition: ListDefinition): string {
  const text = typeof raw === 'string' && raw.trim() !== '' ? raw : definition.defaultSort;
  const fields = text.split(',').map((field) => field.trim());
  const unknown = fields.map((field) => field.replace(/^-/, '')).filter((field) => !(field in definition.sorts));
  if (unknown.length > 0) {
    throw badRequest(`Requested sort(s) \`${unknown.join(', ')}\` is not allowed.`);
  }
  const parts = fields.flatMap((field) => {
    const direction = field.startsWith('-') ? 'DESC' : 'ASC';
    const expressions = definition.sorts[field.replace(/^-/, '')];
    return (typeof expressions === 'string' ? [expressions] : expressions).map((expression) => `${expression} ${direction}`);
  });
  const lastDirection = fields[fields.length - 1].startsWith('-') ? 'DESC' : 'ASC';
  return [...parts, `${definition.tieBreaker} ${lastDirection}`].join(', ');
}

export function parseListQuery(query: Record<string, unknown>, definition: ListDefinition): ListQuery {
  const params = new SqlParams();
  const filters: Record<string, string[]> = {};
  const unknown: string[] = [];
  for (const [key, raw] of Object.entries(query)) {
    const match = FILTER_KEY.exec(key);
    if (!match) continue;
    const name = match[1];
    if (!(name in definition.filters)) unknown.push(name);
    else filters[name] = splitValues(raw);
  }
  if (unknown.length > 0) {
    throw badRequest(`Requested filter(s) \`${unknown.join(', ')}\` are not allowed.`);
  }
  const conditions = Object.entries(filters)
    .filter(([, values]) => values.length > 0)
    .map(([name, values]) => definition.filters[name](values, params));
  const page = parsePage(query.page);
  const perPage = parsePerPage(query.per_page);
  const offset = (page - 1) * perPage;
  // A word of three characters or more narrows the search through the trigram index; shorter ones cannot.
  const words = definition.search ? (filters[definition.search] ?? []).join(' ').split(/\s+/).filter(Boolean) : [];
  const shortSearch = words.length > 0 && words.every((word) => word.length <= 2);
  let totalFrom: TotalSource = 'count';
  if (conditions.length === 0 && definition.counter) totalFrom = { counter: definition.counter };
  else if (shortSearch) totalFrom = { atMost: offset + SHORT_SEARCH_HORIZON };
  return {
    page,
    perPage,
    offset,
    where: conditions.length > 0 ? conditions.map((c) => `(${c})`).join(' AND ') : 'TRUE',
    orderBy: orderBy(query.sort, definition),
    params,
    filters,
    totalFrom,
  };
}

export interface Paginator<T> {
  current_page: number;
  data: T[];
  first_page_url: string;
  from: number | null;
  last_page: number;
  last_page_url: string;
  next_page_url: string | null;
  path: string;
  per_page: number;
  prev_page_url: string | null;
  to: number | null;
  total: number;
}

/** Laravel's length-aware paginator body; URLs keep the request's other query parameters. */
export function paginate<T>(
  { list, rows, total }: { list: ListQuery; rows: T[]; total: number },
  requestUrl: string,
  baseUrl: string,
): Paginator<T> {
  const url = new URL(requestUrl, baseUrl);
  const path = `${url.origin}${url.pathname}`;
  const pageUrl = (page: number) => {
    const next = new URL(url);
    next.searchParams.set('page', String(page));
    return next.toString();
  };
  const lastPage = Math.max(1, Math.ceil(total / list.perPage));
  return {
    current_page: list.page,
    data: rows,
    first_page_url: pageUrl(1),
    from: rows.length > 0 ? list.offset + 1 : null,
    last_page: lastPage,
    last_page_url: pageUrl(lastPage),
    next_page_url: list.page < lastPage ? pageUrl(list.page + 1) : null,
    path,
    per_page: list.perPage,
    prev_page_url: list.page > 1 ? pageUrl(list.page - 1) : null,
    to: rows.length > 0 ? list.offset + rows.length : null,
    total,
  };
}

const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);
const NullableString = Type.Union([Type.String(), Type.Null()]);

/** The response schema of a paginated list of `item`. */
export function paginatorSchema<T extends TSchema>(item: T) {
  return Type.Object({
    current_page: Type.Integer(),
    data: Type.Array(item),
    first_page_url: Type.String(),
    from: NullableInteger,
    last_page: Type.Integer(),
    last_page_url: Type.String(),
    next_page_url: NullableString,
    path: Type.String(),
    per_page: Type.Integer(),
    prev_page_url: NullableString,
    to: NullableInteger,
    total: Type.Integer(),
  });
}

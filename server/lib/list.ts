/**
 * The list conventions of every /api list, in one place:
 * `page` (1-based), `per_page` (25, 50, 75, 100), `filter[x]=a,b`, `sort=a,-b`;
 * unknown filters and sort fields are refused with 400, and the answer is Laravel's paginator.
 */
import { Type, type TSchema } from 'typebox';
import { badRequest } from './http-errors.ts';
import { SqlParams } from './sql.ts';
import { PAGE_SIZES } from '../schemas/page-sizes.ts';

export { PAGE_SIZES };
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
  /** The filter that is a free-text search, so a search is counted only as far as anyone pages. */
  search?: string;
}

/**
 * How a page's total is found: the list's counter when no filter narrows it; for a search, by
 * counting no further than `atMost` rows (a common name matches thousands, and counting them all
 * cost more than the page: 'hansen', 3 302 matches in 100 000, 4 ms of a 4.4 ms page); otherwise
 * by counting every matching row.
 */
export type TotalSource = { counter: string } | { atMost: number } | 'count';

/**
 * Pages a search counts past the page's first row (100 rows of 25 a page): its total is exact when
 * fewer match, and otherwise reaches that far and grows as one pages on.
 */
export const SEARCH_HORIZON_PAGES = 4;

export interface ListQuery {
  page: number;
  perPage: number;
  offset: number;
  /** `AND`-joined conditions, or 'TRUE'. */
  where: string;
  orderBy: string;
  /**
   * The same order reversed (ASC and DESC swapped, so NULLs swap ends too): a page past the middle
   * of a list whose total is known is read from the far end, so the last page costs what the first does.
   */
  reverseOrderBy: string;
  params: SqlParams;
  filters: Record<string, string[]>;
  /**
   * No filter and at most one sort field: the page's statement is one of a few texts per list
   * (sort field, direction, page size), worth keeping prepared. Any other text is made once.
   */
  fewTexts: boolean;
  /** Where the page's total comes from. */
  totalFrom: TotalSource;
  /** The list is in the order of its key alone (its tie-breaker), ascending or descending; else null. */
  keyOrder: 'asc' | 'desc' | null;
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

interface Ordering {
  forward: string;
  reverse: string;
  fields: number;
  keyOrder: ListQuery['keyOrder'];
}

/** Orderings already worked out, per list and sort text (valid ones only, at most ORDERINGS_KEPT a list). */
const orderings = new WeakMap<ListDefinition, Map<string, Ordering>>();
const ORDERINGS_KEPT = 64;

/**
 * The ORDER BY of the request, and the same ordering reversed (every direction flipped). Worked out
 * once per list and sort: the same text each time also finds its prepared statement at once.
 */
function orderBy(raw: unknown, definition: ListDefinition): Ordering {
  const text = typeof raw === 'string' && raw.trim() !== '' ? raw : definition.defaultSort;
  let kept = orderings.get(definition);
  const known = kept?.get(text);
  if (known) return known;
  const ordering = workOutOrder(text, definition);
  if (!kept) orderings.set(definition, (kept = new Map()));
  if (kept.size < ORDERINGS_KEPT) kept.set(text, ordering);
  return ordering;
}

function workOutOrder(text: string, definition: ListDefinition): Ordering {
  const fields = text.split(',').map((field) => field.trim());
  const unknown = fields.map((field) => field.replace(/^-/, '')).filter((field) => !(field in definition.sorts));
  if (unknown.length > 0) {
    throw badRequest(`Requested sort(s) \`${unknown.join(', ')}\` is not allowed.`);
  }
  const parts = fields.flatMap((field) => {
    const descending = field.startsWith('-');
    const expressions = definition.sorts[field.replace(/^-/, '')];
    return (typeof expressions === 'string' ? [expressions] : expressions).map((expression) => ({ expression, descending }));
  });
  parts.push({ expression: definition.tieBreaker, descending: fields[fields.length - 1].startsWith('-') });
  const join = (flip: boolean) => parts.map(({ expression, descending }) => `${expression} ${descending !== flip ? 'DESC' : 'ASC'}`).join(', ');
  const keyOnly = parts.every(({ expression, descending }) => expression === definition.tieBreaker && descending === parts[0].descending);
  return { forward: join(false), reverse: join(true), fields: fields.length, keyOrder: keyOnly ? (parts[0].descending ? 'desc' : 'asc') : null };
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
  // Any search is counted only as far as anyone pages: exact when fewer match, growing as one pages on.
  const words = definition.search ? (filters[definition.search] ?? []).join(' ').split(/\s+/).filter(Boolean) : [];
  let totalFrom: TotalSource = 'count';
  if (conditions.length === 0 && definition.counter) totalFrom = { counter: definition.counter };
  else if (words.length > 0) totalFrom = { atMost: offset + SEARCH_HORIZON_PAGES * perPage };
  const order = orderBy(query.sort, definition);
  return {
    page,
    perPage,
    offset,
    where: conditions.length > 0 ? conditions.map((c) => `(${c})`).join(' AND ') : 'TRUE',
    orderBy: order.forward,
    reverseOrderBy: order.reverse,
    params,
    filters,
    fewTexts: conditions.length === 0 && order.fields === 1,
    totalFrom,
    keyOrder: order.keyOrder,
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
  /** False when `total` is a search's count as far as it counts (there may be more); see TotalSource. */
  total_exact: boolean;
}

const PAGE_MARK = 'PAGE0MARK';

/** The origin (scheme, host and port) of each base URL seen: one URL parse per configured base, not per answer. */
const origins = new Map<string, string>();
const originOf = (baseUrl: string): string => {
  let origin = origins.get(baseUrl);
  if (origin === undefined) {
    origin = new URL(baseUrl).origin;
    origins.set(baseUrl, origin);
  }
  return origin;
};

/**
 * The list's URL for any page, keeping the request's other query parameters: worked out once with
 * a mark for the page number (the paginator names up to four pages), or per page when the request
 * itself holds the mark. Strings and one URLSearchParams rather than a URL per page, which cost the
 * member list's answer a tenth of its own CPU.
 */
function pageUrls(path: string, search: string): (page: number) => string {
  const params = new URLSearchParams(search);
  const perPage = (page: string) => {
    params.set('page', page);
    return `${path}?${params.toString()}`;
  };
  const [before, after, ...more] = perPage(PAGE_MARK).split(PAGE_MARK);
  if (after === undefined || more.length > 0) return (page) => perPage(String(page));
  return (page) => `${before}${page}${after}`;
}

/**
 * Laravel's length-aware paginator body; URLs keep the request's other query parameters.
 * `requestUrl` is the request's own path and query (a route's path: no dots, no host of its own).
 */
export function paginate<T>(
  { list, rows, total, exact = true }: { list: ListQuery; rows: T[]; total: number; exact?: boolean },
  requestUrl: string,
  baseUrl: string,
): Paginator<T> {
  const query = requestUrl.indexOf('?');
  const path = `${originOf(baseUrl)}${query === -1 ? requestUrl : requestUrl.slice(0, query)}`;
  const pageUrl = pageUrls(path, query === -1 ? '' : requestUrl.slice(query + 1));
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
    total_exact: exact,
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
    total_exact: Type.Boolean({ description: 'false når totalen er et søk talt så langt det telles (fire sider forbi siden): det kan finnes flere' }),
  });
}

/**
 * A list route's query schema from the list's own definition: page, per_page, sort (naming the
 * sort fields and the default) and one `filter[x]` parameter per filter, so the OpenAPI document
 * names exactly the filters the list takes. Other keys still reach parseListQuery, which refuses
 * an unknown filter with 400 as before.
 */
export function listQuery(definition: Pick<ListDefinition, 'filters' | 'sorts' | 'defaultSort' | 'search'>, filters: Record<string, string> = {}) {
  const sorts = Object.keys(definition.sorts).join(', ');
  return Type.Object(
    {
      page: listQuerySchema.properties.page,
      per_page: listQuerySchema.properties.per_page,
      sort: Type.Optional(Type.String({ description: `Kommaseparerte felt, "-" foran for synkende: ${sorts} (standard ${definition.defaultSort})` })),
      ...Object.fromEntries(
        Object.keys(definition.filters).map((name) => [
          `filter[${name}]`,
          Type.Optional(
            Type.String({
              description:
                filters[name] ?? (name === definition.search ? 'Fritekstsøk: hvert ord må finnes' : 'Kommaseparerte verdier; en rad må ha en av dem'),
            }),
          ),
        ]),
      ),
    },
    { additionalProperties: Type.String() },
  );
}

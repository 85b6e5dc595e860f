/**
 * A react-admin data provider speaking our list conventions for any resource in the table:
 * `page` 1-based, `per_page`, `filter[x]=a,b`, `sort=-field`, answers { data, total }.
 */
import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { http, type QueryValue } from '../common/http.ts';
import { unwrap } from './errors.ts';
import { apiPathsOf } from '../common/staff-areas/registry.ts';
import type { ApiPaths } from '../common/staff-areas/types.ts';
import type { InvoiceTotals } from './billing-types.ts';

export interface Page<T> {
  data: T[];
  total: number;
  current_page?: number;
  last_page?: number;
  per_page?: number;
  /** False when `total` is a search's count as far as the server counts: there may be more. */
  total_exact?: boolean;
  /** The invoice list's sums over every filtered row. */
  totals?: InvoiceTotals;
}

/** What a list answer tells beside its rows, in react-admin's `meta` (read with useListContext). */
export interface PageMeta {
  /** The total is a lower bound: more rows may match than it says. */
  totalAtLeast: boolean;
  /** The list's sums over every filtered row (the invoice list), when the answer has them. */
  totals?: InvoiceTotals;
}

function filterValue(value: unknown): QueryValue {
  if (Array.isArray(value)) return value.map(String);
  if (value === null || value === undefined || value === '') return undefined;
  return String(value);
}

export function listQuery(params: Partial<GetListParams>, fixed: Record<string, string> = {}): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = { ...fixed };
  if (params.pagination) {
    query.page = params.pagination.page;
    query.per_page = params.pagination.perPage;
  }
  for (const [field, value] of Object.entries(params.filter ?? {})) {
    query[`filter[${field}]`] = filterValue(value);
  }
  if (params.sort?.field) {
    query.sort = `${params.sort.order === 'DESC' ? '-' : ''}${params.sort.field}`;
  }
  return query;
}

function required<K extends keyof ApiPaths>(resource: string, key: K): NonNullable<ApiPaths[K]> {
  const value = apiPathsOf(resource)[key];
  if (!value) throw new Error(`Ressursen ${resource} støtter ikke ${String(key)}`);
  return value as NonNullable<ApiPaths[K]>;
}

async function getPage<T>(resource: string, params: Partial<GetListParams>): Promise<{ data: T[]; total: number; meta: PageMeta }> {
  const paths = apiPathsOf(resource);
  const body = unwrap(
    await http.get<Page<T>>(required(resource, 'list'), {
      query: listQuery(params, paths.listQuery),
      signal: params.signal,
    }),
  );
  const meta: PageMeta = { totalAtLeast: body.total_exact === false, ...(body.totals ? { totals: body.totals } : {}) };
  return { data: body.data, total: paths.unpaged ? body.data.length : body.total, meta };
}

async function getOne<T>(resource: string, id: Identifier, signal?: AbortSignal): Promise<T> {
  return unwrap(await http.get<{ data: T }>(required(resource, 'one')(id), { signal })).data;
}

export const baseDataProvider: DataProvider = {
  getList: (resource, params) => getPage(resource, params) as never,
  getOne: async (resource, params) => ({ data: await getOne(resource, params.id, params.signal) }) as never,
  getMany: async (resource, params) =>
    ({
      data: await Promise.all(params.ids.map((id) => getOne<RaRecord>(resource, id, params.signal))),
    }) as never,
  getManyReference: async (resource, params) => {
    const of = apiPathsOf(resource).of;
    if (!of) return getPage(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } }) as never;
    const body = unwrap(await http.get<Page<RaRecord>>(of(params.id), { query: listQuery(params), signal: params.signal }));
    return { data: body.data, total: body.total } as never;
  },
  create: async (resource, params) =>
    ({
      data: unwrap(await http.post<{ data: RaRecord }>(required(resource, 'create'), params.data)).data,
    }) as never,
  update: async (resource, params) =>
    ({
      data: unwrap(await http.patch<{ data: RaRecord }>(required(resource, 'update')(params.id), params.data)).data,
    }) as never,
  updateMany: async (resource, params) => {
    const update = required(resource, 'update');
    await Promise.all(params.ids.map(async (id) => unwrap(await http.patch(update(id), params.data))));
    return { data: params.ids };
  },
  delete: async (resource, params) => {
    unwrap(await http.delete(required(resource, 'remove')(params.id)));
    return { data: params.previousData as never };
  },
  deleteMany: async (resource, params) => {
    const remove = required(resource, 'remove');
    await Promise.all(params.ids.map(async (id) => unwrap(await http.delete(remove(id)))));
    return { data: params.ids };
  },
};

/**
 * GET /api/subscription/list: subscriptions by product and member, as the travel form reads the
 * member's travel insurance (filter[product_id]=1,2&filter[member_id]=…). A member sees only
 * their own; asking for another member's answers 404.
 */
import type { Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/http-errors.ts';
import { parseListQuery, type FilterBuilder, type ListDefinition } from '../../lib/list.ts';
import { queryPage, type Page } from '../../lib/paged-query.ts';
import type { Subscription } from '../../schemas/member.ts';
import { personJson } from '../shared/person-json.ts';
import { withStatus } from './subscriptions.ts';

const ids =
  (column: string): FilterBuilder =>
  (values, params) => {
    if (!values.every((value) => /^\d{1,9}$/.test(value))) throw badRequest(`filter må være tall: ${values.join(',')}`);
    return `${column} IN (${params.list(values.map(Number))})`;
  };

const LIST: ListDefinition = {
  filters: { product_id: ids('s.product_id'), member_id: ids('s.member_id') },
  sorts: { id: 's.id', created_at: 's.created_at', subscription_start: 's.subscription_start' },
  defaultSort: '-id',
  tieBreaker: 's.id',
};

const COLUMNS = `s.id, s.member_id, s.product_id, s.kind,
  json_build_object('id', p.id, 'name', p.name, 'price', p.price, 'remote_id', p.remote_id) AS product,
  s.state, s.value, s.subscription_start, s.subscription_end, s.invoiced_for, s.reason_for_rejection,
  s.created_at, s.updated_at, ${personJson('vb')} AS validated_by_user, ${personJson('rb')} AS rejected_by_user,
  CASE WHEN s.accepted_cover IS NULL THEN NULL
       ELSE json_build_object('product_id', (s.accepted_cover->>'product_id')::int,
                              'subscription_start', s.accepted_cover->>'subscription_start',
                              'subscription_end', s.accepted_cover->>'subscription_end') END AS accepted_cover`;

const FROM = `FROM subscriptions s
  JOIN products p ON p.id = s.product_id
  LEFT JOIN accounts vb ON vb.id = s.validated_by
  LEFT JOIN accounts rb ON rb.id = s.rejected_by
 WHERE s.deleted_at IS NULL`;

/** `ownMemberId` is the member's own id when a member asks, null for staff. */
export async function subscriptionPage(db: Queryable, query: Record<string, unknown>, ownMemberId: number | null): Promise<Page<Subscription>> {
  const list = parseListQuery(query, LIST);
  let from = FROM;
  if (ownMemberId !== null) {
    const asked = list.filters.member_id ?? [];
    if (asked.some((id) => Number(id) !== ownMemberId)) throw notFound();
    from += ` AND s.member_id = ${list.params.add(ownMemberId)}`;
  }
  const page = await queryPage<Parameters<typeof withStatus>[0]>(db, { from, columns: COLUMNS }, list);
  return { ...page, rows: page.rows.map(withStatus) };
}

/** The list's filters and sorts, which the route's query schema documents (lib/list.ts listQuery). */
export { LIST as subscriptionList };

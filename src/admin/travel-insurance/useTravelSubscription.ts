/** A member's travel insurance as the forms read it: GET /api/subscription/list?filter[product_id]=1,2&filter[member_id]=…. */
import { useGetList } from 'react-admin';
import type { Subscription } from '../../dataProvider/types.ts';
import { TRAVEL_PRODUCT_IDS } from '../../../server/schemas/travel-rules.ts';

/** `subscription` is the active or pending one (or the one asked for by id); null when there is none. */
export function useTravelSubscription(memberId: number, subscriptionId?: number) {
  const { data, isPending, error } = useGetList<Subscription>('travel-subscriptions', {
    filter: { product_id: TRAVEL_PRODUCT_IDS, member_id: memberId },
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'id', order: 'DESC' },
  });
  const rows = data ?? [];
  const subscription =
    subscriptionId !== undefined
      ? (rows.find((row) => row.id === subscriptionId) ?? null)
      : (rows.find((row) => row.state === 'active') ?? rows.find((row) => row.state === 'pending') ?? null);
  return { subscription, isPending, error };
}

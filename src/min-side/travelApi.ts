/** The travel insurance calls of Min side, typed with the server's schemas (types only). */
import { http } from '../common/http.ts';
import type { Subscription } from '../../server/schemas/member.ts';
import type { Product } from '../../server/schemas/reference.ts';
import type { TravelOrderBody } from '../../server/schemas/travel.ts';
import { TRAVEL_PRODUCT_IDS } from '../../server/schemas/travel-rules.ts';

export type { Subscription } from '../../server/schemas/member.ts';
export type { Product } from '../../server/schemas/reference.ts';

export const travelApi = {
  products: () => http.get<{ data: Product[] }>('/api/product/list'),
  subscriptions: (memberId: number) =>
    http.get<{ data: Subscription[]; total: number }>('/api/subscription/list', {
      query: { 'filter[product_id]': TRAVEL_PRODUCT_IDS, 'filter[member_id]': memberId, sort: '-id' },
    }),
  order: (body: TravelOrderBody) => http.post<{ data: Subscription }>('/api/subscription/new', body),
  change: (id: number, body: TravelOrderBody) => http.patch<{ data: Subscription }>(`/api/subscription/${id}`, body),
};

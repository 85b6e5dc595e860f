/**
 * The pending-request counts behind the menu badges: one small request (`GET /api/counters`) for
 * the resources the areas name as badges, instead of a page of each queue.
 */
import { useDataProvider } from 'react-admin';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { STAFF_AREAS } from '../../common/staff-areas/registry.ts';
import type { StaffDataProvider } from '../../dataProvider/index.ts';

/** The query key of the counts; ListSpace reads a queue's count from it before the queue loads. */
export const BADGE_COUNTS_KEY = ['badge-counts'] as const;

const badgeResources = () => STAFF_AREAS.flatMap((area) => (area.menu.badge ? [area.menu.badge] : []));

export function usePendingCounts(): { of: Record<string, number>; sum: number } {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { data } = useQuery({ queryKey: BADGE_COUNTS_KEY, queryFn: () => dataProvider.badgeCounts() });
  const of = Object.fromEntries(badgeResources().map((resource) => [resource, data?.[resource] ?? 0]));
  return { of, sum: Object.values(of).reduce((sum, count) => sum + count, 0) };
}

/** Call after any accept or reject so the menu counts (and the queues) follow. */
export function invalidatePendingCounts(queryClient: QueryClient): Promise<void[]> {
  return Promise.all([BADGE_COUNTS_KEY, ...badgeResources().map((resource) => [resource])]
    .map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** The pending-request counts behind the menu badges, read from the totals of the resources the areas name as badges. */
import { useDataProvider } from 'react-admin';
import { useQueries, type QueryClient } from '@tanstack/react-query';
import { STAFF_AREAS } from '../areas/registry.ts';

const FIRST_PAGE = { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };

const badgeResources = () => STAFF_AREAS.flatMap((area) => (area.menu.badge ? [area.menu.badge] : []));

export function usePendingCounts(): { of: Record<string, number>; sum: number } {
  const dataProvider = useDataProvider();
  const resources = badgeResources();
  const totals = useQueries({
    queries: resources.map((resource) => ({
      // react-admin's own list key, so its invalidations reach these counts too.
      queryKey: [resource, 'getList', FIRST_PAGE],
      queryFn: ({ signal }: { signal: AbortSignal }) => dataProvider.getList(resource, { ...FIRST_PAGE, signal }),
    })),
  });
  const of = Object.fromEntries(resources.map((resource, index) => [resource, totals[index].data?.total ?? 0]));
  return { of, sum: Object.values(of).reduce((sum, count) => sum + count, 0) };
}

/** Call after any accept or reject so the menu counts follow. */
export function invalidatePendingCounts(queryClient: QueryClient): Promise<void[]> {
  return Promise.all(badgeResources().map((resource) => queryClient.invalidateQueries({ queryKey: [resource] })));
}

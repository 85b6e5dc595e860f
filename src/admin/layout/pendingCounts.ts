/** The three pending-request counts behind the menu, read from the lists' totals. */
import { useGetList } from 'react-admin';
import type { QueryClient } from '@tanstack/react-query';

export const PENDING_RESOURCES = ['pending-memberships', 'pending-travel', 'pending-instruments'] as const;

const FIRST_PAGE = { pagination: { page: 1, perPage: 25 } };

export function usePendingCounts() {
  const memberships = useGetList(PENDING_RESOURCES[0], FIRST_PAGE).total ?? 0;
  const travel = useGetList(PENDING_RESOURCES[1], FIRST_PAGE).total ?? 0;
  const instruments = useGetList(PENDING_RESOURCES[2], FIRST_PAGE).total ?? 0;
  return { memberships, travel, instruments, sum: memberships + travel + instruments };
}

/** Call after any accept or reject so the menu counts follow. */
export function invalidatePendingCounts(queryClient: QueryClient): Promise<void[]> {
  return Promise.all(PENDING_RESOURCES.map((resource) => queryClient.invalidateQueries({ queryKey: [resource] })));
}

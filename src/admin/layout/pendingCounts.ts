/**
 * The pending-request counts behind the menu badges: one small request (`GET /api/counters`) for
 * the resources the areas name as badges, instead of a page of each queue.
 */
import { useDataProvider } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import { STAFF_AREAS } from '../../common/staff-areas/registry.ts';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import { useCan } from '../access/rights.ts';

/** The query key of the counts (read again with everything on screen after an accept or reject). */
const BADGE_COUNTS_KEY = ['badge-counts'] as const;

const badgeResources = () => STAFF_AREAS.flatMap((area) => (area.menu.badge ? [area.menu.badge] : []));

export interface PendingCounts {
  /** Each badge resource's count, 0 until the counts have come. */
  of: Record<string, number>;
  sum: number;
  /** A queue's count once the counts have come, else undefined (the list then reserves a full page). */
  known: (resource: string) => number | undefined;
}

/** The menu badges and the queues' place holders read the counts here, and only here. */
export function usePendingCounts(): PendingCounts {
  const dataProvider = useDataProvider<StaffDataProvider>();
  // The counts are of the queues, which need 'members.read' as the counts do.
  const enabled = useCan('members.read');
  const { data } = useQuery({ queryKey: BADGE_COUNTS_KEY, queryFn: () => dataProvider.badgeCounts(), enabled });
  const of = Object.fromEntries(badgeResources().map((resource) => [resource, data?.[resource] ?? 0]));
  return {
    of,
    sum: Object.values(of).reduce((sum, count) => sum + count, 0),
    known: (resource) => data?.[resource],
  };
}

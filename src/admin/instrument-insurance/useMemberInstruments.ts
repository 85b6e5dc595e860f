/** A member's instruments (active, waiting, deleted) and the instrument types, read once per screen. */
import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useGetList, type Identifier } from 'react-admin';
import type { InstrumentCategory, StaffDataProvider } from '../../dataProvider/index.ts';
import { toRow } from '../../common/instrument-rows.ts';
import { invalidatePendingCounts } from '../layout/pendingCounts.ts';

export const memberInstrumentsKey = (memberId: Identifier) => ['member-instruments', String(memberId)];

export function useMemberInstruments(memberId: Identifier) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: memberInstrumentsKey(memberId),
    queryFn: () => dataProvider.memberInstruments(memberId),
  });
  const { data: categories = [] } = useGetList<InstrumentCategory>('instrument-categories', { pagination: { page: 1, perPage: 100 } });
  const activeRows = useMemo(() => (query.data?.active ?? []).map(toRow), [query.data]);
  const requestedRows = useMemo(() => (query.data?.requested ?? []).filter((row) => row.state === 'requested').map(toRow), [query.data]);
  /**
   * What an instrument change touches beyond the `instruments` resource react-admin keeps itself,
   * for the mutations' onSettled: this member's lists (one answer of their own), the request queue
   * and its members' rows, the member (their insurance card) and the menu badges.
   */
  const refresh = () => Promise.all([
    queryClient.invalidateQueries({ queryKey: memberInstrumentsKey(memberId) }),
    queryClient.invalidateQueries({ queryKey: ['pending-instruments'] }),
    queryClient.invalidateQueries({ queryKey: ['instrument-requests'] }),
    queryClient.invalidateQueries({ queryKey: ['membership', 'getOne'] }),
    invalidatePendingCounts(queryClient),
  ]);
  return { ...query, categories, activeRows, requestedRows, refresh };
}

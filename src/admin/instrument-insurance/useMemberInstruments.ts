/** A member's instruments (active, waiting, deleted) and the instrument types, read once per screen. */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetList, type Identifier } from 'react-admin';
import type { InstrumentCategory, StaffDataProvider } from '../../dataProvider/index.ts';
import { toRow } from '../../common/instrument-rows.ts';
import { useReadAgain } from '../readAgain.ts';

export const memberInstrumentsKey = (memberId: Identifier) => ['member-instruments', String(memberId)];

export function useMemberInstruments(memberId: Identifier) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const refresh = useReadAgain();
  const query = useQuery({
    queryKey: memberInstrumentsKey(memberId),
    queryFn: () => dataProvider.memberInstruments(memberId),
  });
  const { data: categories = [], isPending: categoriesPending } = useGetList<InstrumentCategory>('instrument-categories', {
    pagination: { page: 1, perPage: 100 },
  });
  const activeRows = useMemo(() => (query.data?.active ?? []).map(toRow), [query.data]);
  const requestedRows = useMemo(() => (query.data?.requested ?? []).filter((row) => row.state === 'requested').map(toRow), [query.data]);
  // An instrument change also shows in the request queue, its menu badge and the member's card: `refresh` reads them again.
  return { ...query, categories, categoriesPending, activeRows, requestedRows, refresh };
}

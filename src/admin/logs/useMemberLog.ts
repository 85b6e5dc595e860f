/** One whole log of a member, read once and paged in the browser. */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import type { LogResource } from '../../dataProvider/types.ts';

export function useMemberLog<T>(resource: LogResource, memberId: number) {
  const dataProvider = useDataProvider<StaffDataProvider>();
  return useQuery({
    queryKey: [resource, 'member', memberId],
    queryFn: () => dataProvider.logs<T>(resource, memberId),
  });
}

/** What the staff user's page and the roles table read besides the user: the roles and the rights catalogue. */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetList } from 'react-admin';
import type { RoleView } from '../../../server/schemas/staff.ts';
import type { StaffDataProvider } from '../../dataProvider/index.ts';
import type { RightInfo } from '../../dataProvider/staff.ts';
import { UNCHANGING } from '../readAgain.ts';

/** Every role with its rights, in id order (react-admin's cache: a saved role shows at once). */
export function useRoles() {
  return useGetList<RoleView>('roles', { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' } });
}

/** Every right with its description, in the catalogue's order; it changes only with a new server. */
export function useRightsCatalogue(): { rights: RightInfo[]; isPending: boolean; error: unknown } {
  const dataProvider = useDataProvider<StaffDataProvider>();
  const { data, isPending, error } = useQuery({ queryKey: ['rights-catalogue'], queryFn: () => dataProvider.rightsCatalogue(), ...UNCHANGING });
  return { rights: data ?? [], isPending, error };
}

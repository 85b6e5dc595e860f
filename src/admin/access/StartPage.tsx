/**
 * Where a signed-in member of staff starts (after signing in, or at '/'): 'Nøkkeltall' for those
 * who may read it (the board's dashboard), the member overview for everyone else, as before.
 */
import { Navigate } from 'react-router-dom';
import { usePermissions } from 'react-admin';
import { areaNamed } from '../../common/staff-areas/registry.ts';
import { holds, WATCH_RIGHTS, type StaffRights } from './rights.ts';

/** The start page for these rights (none, or not read: the member overview). */
export function startPath(rights: StaffRights | null | undefined): string {
  const stats = areaNamed('stats');
  return rights && holds(rights, stats.right) ? stats.path : areaNamed('membership').path;
}

/** Goes to the start page once the rights are known (nothing is drawn meanwhile). */
export function StartPage() {
  const { permissions, isPending } = usePermissions<StaffRights | null>({}, WATCH_RIGHTS);
  if (isPending) return null;
  return <Navigate to={startPath(permissions)} replace />;
}

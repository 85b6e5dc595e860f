/** Which app owns a path: member paths go to Min side, the staff areas (from their registry) to the staff app. */
import { STAFF_AREAS } from '../admin/areas/registry.ts';

const MEMBER_PATHS = /^\/(profile|new-member|password\/change|vipps-thanks|vipps-error)(\/|$)/;
/** The staff page outside any area besides its login at '/'. */
const RESET_PASSWORD = '/reset-password';

export type AppName = 'member' | 'staff' | null;

const within = (pathname: string, root: string) => pathname === root || pathname.startsWith(`${root}/`);

export function appForPath(pathname: string): AppName {
  if (MEMBER_PATHS.test(pathname)) return 'member';
  if (pathname === '/' || within(pathname, RESET_PASSWORD)) return 'staff';
  if (STAFF_AREAS.some((area) => within(pathname, area.path))) return 'staff';
  return null;
}

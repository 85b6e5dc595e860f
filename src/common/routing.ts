/** Which app owns a path: member paths go to Min side, the staff areas (from their registry) to the staff app. */
import { STAFF_AREAS } from './staff-areas/registry.ts';
import { isMemberPath } from './member-paths.ts';
import { homePath, isMemberRole, isStaffRole, type Session } from './session.ts';

/** The staff page outside any area besides its login at '/'. */
const RESET_PASSWORD = '/reset-password';

export type AppName = 'member' | 'staff' | null;

const within = (pathname: string, root: string) => pathname === root || pathname.startsWith(`${root}/`);

export function appForPath(pathname: string): AppName {
  if (isMemberPath(pathname)) return 'member';
  if (pathname === '/' || within(pathname, RESET_PASSWORD)) return 'staff';
  if (STAFF_AREAS.some((area) => within(pathname, area.path))) return 'staff';
  return null;
}

export type Entry = { app: 'member' | 'staff' } | { redirect: string };

/**
 * What a page load at `pathname` starts (spec section 2's routing, for every address): member
 * paths open Min side; a signed-in member anywhere else goes to their own page (never to the
 * staff app, whose sign-in check would sign them out); an unknown path sends staff home and
 * visitors to '/'.
 */
export function entryFor(pathname: string, session: Pick<Session, 'role' | 'userId' | 'registrationCompleted'> | null): Entry {
  const app = appForPath(pathname);
  if (app === 'member') return { app };
  if (session && isMemberRole(session.role)) return { redirect: homePath(session) };
  if (app === 'staff') return { app };
  return { redirect: session && isStaffRole(session.role) ? homePath(session) : '/' };
}

/** Which app owns a path (DESIGN.md section 2). */
const MEMBER_PATHS = /^\/(profile|new-member|password\/change|vipps-thanks|vipps-error)(\/|$)/;
const STAFF_PATHS = /^\/(reset-password|membership|membership-request|travel-insurance|instrument-insurance|settings)(\/|$)/;

export type AppName = 'member' | 'staff' | null;

export function appForPath(pathname: string): AppName {
  if (MEMBER_PATHS.test(pathname)) return 'member';
  if (pathname === '/' || STAFF_PATHS.test(pathname)) return 'staff';
  return null;
}

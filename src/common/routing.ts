/**
 * Which app owns a path: member paths go to Min side, the staff areas (from their registry) to
 * the staff app. The server and the dev server read the same rules to pick each app's page.
 */
import { STAFF_AREAS } from '../admin/areas/registry.ts';
import { homePath, isMemberRole, isStaffRole, type Session } from './session.ts';

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

/**
 * Min side's pages: each route (react-router's pattern, as App.tsx routes it) and the module
 * that draws it, so the server can preload that module's chunks with the page's HTML.
 */
export const MEMBER_PAGES = {
  login: { path: '/profile', module: 'src/min-side/pages/LoginPage.tsx' },
  resetPassword: { path: '/profile/reset-password', module: 'src/min-side/pages/ResetPasswordPage.tsx' },
  changePassword: { path: '/password/change', module: 'src/min-side/pages/ChangePasswordPage.tsx' },
  register: { path: '/new-member', module: 'src/min-side/registration/RegisterPage.tsx' },
  stepTwo: { path: '/new-member/update/:memberId', module: 'src/min-side/registration/StepTwoPage.tsx' },
  profile: { path: '/profile/:memberId', module: 'src/min-side/profile/ProfilePage.tsx' },
  travel: { path: '/profile/edit/travel-insurane/:memberId', module: 'src/min-side/pages/TravelInsurancePage.tsx' },
  instruments: { path: '/profile/edit/instrument-insurance/:memberId', module: 'src/min-side/pages/InstrumentInsurancePage.tsx' },
  vippsThanks: { path: '/vipps-thanks', module: 'src/min-side/pages/VippsThanksPage.tsx' },
  vippsError: { path: '/vipps-error', module: 'src/min-side/pages/VippsErrorPage.tsx' },
} as const;

/** How many segments of `pattern` match `pathname` literally, or -1 when it does not match. */
function literalMatches(pattern: string, pathname: string): number {
  const want = pattern.split('/');
  const got = pathname.replace(/\/$/, '').split('/');
  if (want.length !== got.length) return -1;
  let literal = 0;
  for (const [index, part] of want.entries()) {
    if (part.startsWith(':')) {
      if (!got[index]) return -1;
    } else if (part === got[index]) literal += 1;
    else return -1;
  }
  return literal;
}

/** The module of the Min side page at `pathname` (the most literal match, as react-router ranks), if any. */
export function memberPageModule(pathname: string): string | undefined {
  let best: { module: string; literal: number } | undefined;
  for (const page of Object.values(MEMBER_PAGES)) {
    const literal = literalMatches(page.path, pathname);
    if (literal >= 0 && (!best || literal > best.literal)) best = { module: page.module, literal };
  }
  return best?.module;
}

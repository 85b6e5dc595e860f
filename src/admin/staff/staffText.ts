/** What the staff area's screens say about a staff user: name, state, last sign-in. */
import { formatDate, formatTime } from '../../common/format.ts';
import '../../i18n/app/staff-users-pages-nb.ts';

export interface Person {
  first_name: string | null;
  last_name: string | null;
}

export const personName = (person: Person | null | undefined): string => [person?.first_name, person?.last_name].filter(Boolean).join(' ');

/** The chip's catalogue key: deactivated, invited (no password chosen yet) or active. */
export const stateKey = (user: { active: boolean; invited: boolean }): string =>
  `app.staff_users.state.${!user.active ? 'inactive' : user.invited ? 'invited' : 'active'}`;

/** '29-11-2026 10:48', or '' for never. */
export const dateTime = (value: string | null | undefined): string => (value ? `${formatDate(value)} ${formatTime(value)}` : '');

/** 'yyyy-MM-dd' of a day in the browser's own calendar. */
export const isoDay = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export const staffPath = (id: number | string): string => `/staff/${id}`;
export const STAFF_PATHS = { list: '/staff', invite: '/staff/invite', roles: '/staff/roles' } as const;

/** The staff users' and roles' calls that are not plain CRUD, for use through useDataProvider() and useMutation(). */
import type { Identifier } from 'react-admin';
import { download, http } from '../common/http.ts';
import { unwrap } from './errors.ts';
import type { Static } from 'typebox';
import type { AccessReport } from '../../server/schemas/staff-users.ts';
import type { RightInfo as RightInfoSchema } from '../../server/schemas/staff.ts';
import type { SignInSessions, StaffTwoFactorList, TwoFactorStatus } from '../../server/schemas/auth.ts';

export type SignInSession = Static<typeof SignInSessions>['data'][number];
export type StaffTwoFactorRow = Static<typeof StaffTwoFactorList>['data'][number];
export type TwoFactorState = Static<typeof TwoFactorStatus>['data'];

export type RightInfo = Static<typeof RightInfoSchema>;

export const staffMethods = {
  /** Whether one's own two-factor sign-in is on, and whether one's role requires it. */
  async twoFactorStatus(): Promise<TwoFactorState> {
    return unwrap(await http.get<Static<typeof TwoFactorStatus>>('/api/user/2fa')).data;
  },

  /** Turns one's own two-factor sign-in off with a current code (422 with `errors.code` for a wrong one). */
  async disableTwoFactor(code: string): Promise<string> {
    return unwrap(await http.post<{ message: string }>('/api/user/2fa/disable', { code })).message;
  },

  /** One's active sign-ins, this device's marked `current`. */
  async signInSessions(): Promise<SignInSession[]> {
    return unwrap(await http.get<Static<typeof SignInSessions>>('/api/user/sessions')).data;
  },

  /** Ends one of one's own sign-ins. */
  async endSignInSession(id: number): Promise<string> {
    return unwrap(await http.delete<{ message: string }>(`/api/user/sessions/${id}`)).message;
  },

  /** The staff users and whether each has two-factor sign-in on (the right staff.administer). */
  async staffTwoFactor(): Promise<StaffTwoFactorRow[]> {
    return unwrap(await http.get<Static<typeof StaffTwoFactorList>>('/api/user/staff/2fa')).data;
  },

  /** Every right there is, with what it lets a staff user do, in the catalogue's order. */
  async rightsCatalogue(): Promise<RightInfo[]> {
    return unwrap(await http.get<{ rights: RightInfo[] }>('/api/role/list')).rights;
  },

  /** Ends every sign-in of the staff user; answers the server's message (409 for one's own). */
  async endStaffSessions(id: Identifier): Promise<string> {
    return unwrap(await http.post<{ message: string }>(`/api/staff/${id}/sessions/end`)).message;
  },

  /** Resets the staff user's two-factor sign-in (they set it up again); answers the server's message. */
  async resetStaffTwoFactor(id: Identifier): Promise<string> {
    return unwrap(await http.post<{ message: string }>(`/api/user/${id}/2fa/reset`)).message;
  },

  /** The access report of the period (Oslo days, both included): counts by kind and the newest entries. */
  async staffReport(id: Identifier, from: string, to: string): Promise<AccessReport> {
    return unwrap(await http.get<{ data: AccessReport }>(`/api/staff/${id}/report`, { query: { from, to } })).data;
  },

  /** Saves the access report of the period as a spreadsheet named `filename`. */
  async exportStaffReport(id: Identifier, from: string, to: string, filename: string): Promise<void> {
    unwrap(await download(`/api/staff/${id}/report`, filename, { from, to, format: 'xlsx' }));
  },
};

export type StaffMethods = typeof staffMethods;

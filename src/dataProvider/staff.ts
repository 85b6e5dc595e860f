/** The staff users' and roles' calls that are not plain CRUD, for use through useDataProvider() and useMutation(). */
import type { Identifier } from 'react-admin';
import { download, http } from '../common/http.ts';
import { unwrap } from './errors.ts';
import type { AccessReport } from '../../server/schemas/staff-users.ts';

export interface RightInfo {
  name: string;
  description: string;
}

export const staffMethods = {
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

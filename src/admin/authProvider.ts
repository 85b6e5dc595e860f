/**
 * Sign-in for the staff app. Only roles 3–5 stay here; a member who signs in at the staff
 * login is sent to Min side by a full page load, since that app is a different bundle.
 */
import type { AuthProvider } from 'react-admin';
import { clearSession, homePath, isStaffRole, readSession, saveSession, type LoginAnswer } from '../common/session.ts';
import { csrfCookie, http } from '../common/http.ts';

export const LOGIN_PATH = '/';

/** Full page loads into the other app go through here, so tests can see where they lead. */
export const pageLoad = { to: (url: string): void => window.location.assign(url) };

export interface Credentials {
  email: string;
  password: string;
  remember?: boolean;
}

export const authProvider: AuthProvider = {
  async login({ email, password, remember = false }: Credentials) {
    await csrfCookie();
    const result = await http.post<LoginAnswer>('/api/user/login', { email, password, remember });
    if (!result.ok) throw new Error(result.message);
    const session = saveSession(result.data);
    if (!isStaffRole(session.role)) {
      pageLoad.to(homePath(session));
      // The page is being replaced; nothing in this app should react meanwhile.
      return new Promise<never>(() => {});
    }
    return { redirectTo: '/membership' };
  },

  async logout() {
    if (readSession()) {
      // The token is revoked on the server; local state goes whatever the answer.
      await http.post('/api/user/logout');
    }
    clearSession();
    return LOGIN_PATH;
  },

  async checkAuth() {
    const session = readSession();
    if (!session || !isStaffRole(session.role)) throw { redirectTo: LOGIN_PATH, message: false };
  },

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      clearSession();
      throw { redirectTo: LOGIN_PATH, message: false };
    }
  },

  async getIdentity() {
    const session = readSession();
    if (!session) throw new Error('Ikke innlogget');
    return { id: session.userId, fullName: `${session.firstName} ${session.lastName}`.trim() };
  },

  async getPermissions() {
    return readSession()?.role ?? null;
  },
};

/**
 * Sign-in for the staff app. Only roles 3–5 stay here; a member who signs in at the staff
 * login is sent to Min side by a full page load, since that app is a different bundle.
 */
import type { AuthProvider } from 'react-admin';
import { clearSession, homePath, isStaffRole, markTwoFactorSetup, needsTwoFactorSetup, readSession, saveSession, type LoginAnswer } from '../common/session.ts';
import { csrfCookie, http } from '../common/http.ts';
import type { Right, StaffRights } from './access/rights.ts';

export const LOGIN_PATH = '/';

/** Whether this browser holds a staff session that may open staff pages. */
export function hasStaffSession(): boolean {
  const session = readSession();
  return session !== null && isStaffRole(session.role) && !needsTwoFactorSetup();
}

/** Full page loads into the other app go through here, so tests can see where they lead. */
export const pageLoad = { to: (url: string): void => window.location.assign(url) };

export interface Credentials {
  email: string;
  password: string;
  remember?: boolean;
}

/**
 * Where a sign-in stands: done; waiting for a code (from the authenticator app, or mailed when the
 * account is slowed by wrong passwords and this browser is new to it); staff who must set up
 * two-factor sign-in and were mailed a link to do so; or, through that link, setting it up.
 */
export type SignInStep =
  { kind: 'done'; redirectTo: string } | { kind: 'code'; challenge: string; email?: boolean } | { kind: 'mailed'; message: string } | { kind: 'enrol' };

type SignInAnswer =
  | (LoginAnswer & { two_factor_setup_required?: boolean })
  | { two_factor_required: true; challenge: string }
  | { email_code_required: true; challenge: string }
  | { two_factor_enrolment_mailed: true; message: string };

/** The step a server answer leads to. */
function stepOf(answer: SignInAnswer): Promise<SignInStep> {
  if ('two_factor_required' in answer) return Promise.resolve({ kind: 'code', challenge: answer.challenge });
  if ('email_code_required' in answer) return Promise.resolve({ kind: 'code', challenge: answer.challenge, email: true });
  if ('two_factor_enrolment_mailed' in answer) return Promise.resolve({ kind: 'mailed', message: answer.message });
  return signedIn(answer);
}

const firstError = (result: { message: string; body?: { errors?: Record<string, string[]> } | null }) =>
  result.body?.errors ? (Object.values(result.body.errors).flat()[0] ?? result.message) : result.message;

function signedIn(answer: LoginAnswer & { two_factor_setup_required?: boolean }): Promise<SignInStep> {
  const session = saveSession(answer);
  if (!isStaffRole(session.role)) {
    pageLoad.to(homePath(session));
    // The page is being replaced; nothing in this app should react meanwhile.
    return new Promise<never>(() => {});
  }
  markTwoFactorSetup(answer.two_factor_setup_required === true);
  // '/' signed in goes on to the start page, which depends on the rights (access/StartPage.tsx).
  return Promise.resolve(answer.two_factor_setup_required ? { kind: 'enrol' } : { kind: 'done', redirectTo: LOGIN_PATH });
}

/** The password step of signing in. */
export async function startSignIn({ email, password, remember = false }: Credentials): Promise<SignInStep> {
  await csrfCookie();
  const result = await http.post<SignInAnswer>('/api/user/login', { email, password, remember });
  if (!result.ok) throw new Error(result.message);
  return stepOf(result.data);
}

/** The second step: a code from the authenticator app, a recovery code, or the e-mailed code. */
export async function finishSignIn(challenge: string, answer: { code: string } | { recovery_code: string }): Promise<SignInStep> {
  const result = await http.post<SignInAnswer>('/api/user/login/2fa', { challenge, ...answer });
  if (!result.ok) throw new Error(firstError(result));
  return stepOf(result.data);
}

/** The mailed enrolment link ('/?enrol=…'): a sign-in that can only set up two-factor sign-in. */
export async function openEnrolmentLink(token: string): Promise<SignInStep> {
  await csrfCookie();
  const result = await http.post<SignInAnswer>('/api/user/2fa/enrolment', { token });
  if (!result.ok) throw new Error(firstError(result));
  return stepOf(result.data);
}

export const authProvider: AuthProvider = {
  async login(credentials: Credentials) {
    const step = await startSignIn(credentials);
    if (step.kind !== 'done') throw new Error('Fullfør innloggingen på innloggingssiden.');
    return { redirectTo: step.redirectTo };
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
    if (!hasStaffSession()) throw { redirectTo: LOGIN_PATH, message: false };
  },

  async checkError(error: { status?: number; body?: { two_factor_setup_required?: boolean } }) {
    if (error?.status === 401) {
      clearSession();
      throw { redirectTo: LOGIN_PATH, message: false };
    }
    if (error?.status === 403 && error.body?.two_factor_setup_required) {
      // Two-factor sign-in became required: the sign-in page leads to setting it up.
      markTwoFactorSetup(true);
      throw { redirectTo: LOGIN_PATH, message: false };
    }
  },

  async getIdentity() {
    const session = readSession();
    if (!session) throw new Error('Ikke innlogget');
    return { id: session.userId, fullName: `${session.firstName} ${session.lastName}`.trim() };
  },

  /** The signed-in user's role and rights now (access/rights.ts reads them; null without a session). */
  async getPermissions({ signal }: { signal?: AbortSignal } = {}): Promise<StaffRights | null> {
    if (!hasStaffSession()) return null;
    const result = await http.get<{ data: { role_id: number; role_name: string; rights: string[] } }>('/api/user/rights', { signal });
    // Shaped as react-admin's HttpError (status, body), without importing react-admin into the sign-in page.
    if (!result.ok) throw Object.assign(new Error(result.message), { status: result.status, body: result.body });
    const { role_id: roleId, role_name: roleName, rights } = result.data.data;
    return { roleId, roleName, rights: rights as Right[] };
  },
};

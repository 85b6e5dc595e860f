/**
 * The login state both apps keep in local storage, under the keys the spec names.
 * Logging out clears all of local storage.
 */
import type { LoginResponse } from '../../server/schemas/auth.ts';
export interface Session {
  token: string;
  userId: number;
  role: number;
  firstName: string;
  lastName: string;
  registrationCompleted: number;
}

export const STORAGE_KEYS = {
  token: 'token',
  userId: 'userId',
  role: 'userRole',
  loggedIn: 'isLoggedIn',
  firstName: 'firstName',
  lastName: 'lastName',
  registrationCompleted: 'registrationCompleted',
  /** Set while a staff user who must use two-factor sign-in has not set it up yet. */
  twoFactorSetup: 'twoFactorSetup',
} as const;

/** The sign-in fields a session keeps, from the server's login answer. */
export type LoginAnswer = Pick<LoginResponse, 'user_id' | 'registration_completed' | 'access_token' | 'first_name' | 'last_name' | 'role'>;

export function saveSession(answer: LoginAnswer): Session {
  const session: Session = {
    token: answer.access_token,
    userId: answer.user_id,
    role: answer.role.id,
    firstName: answer.first_name,
    lastName: answer.last_name,
    registrationCompleted: answer.registration_completed,
  };
  localStorage.setItem(STORAGE_KEYS.token, session.token);
  localStorage.setItem(STORAGE_KEYS.userId, String(session.userId));
  localStorage.setItem(STORAGE_KEYS.role, String(session.role));
  localStorage.setItem(STORAGE_KEYS.loggedIn, 'true');
  localStorage.setItem(STORAGE_KEYS.firstName, session.firstName);
  localStorage.setItem(STORAGE_KEYS.lastName, session.lastName);
  localStorage.setItem(STORAGE_KEYS.registrationCompleted, String(session.registrationCompleted));
  return session;
}

export function readSession(): Session | null {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const userId = Number(localStorage.getItem(STORAGE_KEYS.userId));
  const role = Number(localStorage.getItem(STORAGE_KEYS.role));
  if (!token || localStorage.getItem(STORAGE_KEYS.loggedIn) !== 'true' || !userId || !role) return null;
  return {
    token,
    userId,
    role,
    firstName: localStorage.getItem(STORAGE_KEYS.firstName) ?? '',
    lastName: localStorage.getItem(STORAGE_KEYS.lastName) ?? '',
    registrationCompleted: Number(localStorage.getItem(STORAGE_KEYS.registrationCompleted) ?? '0'),
  };
}

/** Changes the signed-in user's names or progress; after logging out (an answer that came late) it writes nothing. */
export function updateSession(changes: Partial<Pick<Session, 'firstName' | 'lastName' | 'registrationCompleted'>>): void {
  if (!readSession()) return;
  if (changes.firstName !== undefined) localStorage.setItem(STORAGE_KEYS.firstName, changes.firstName);
  if (changes.lastName !== undefined) localStorage.setItem(STORAGE_KEYS.lastName, changes.lastName);
  if (changes.registrationCompleted !== undefined) {
    localStorage.setItem(STORAGE_KEYS.registrationCompleted, String(changes.registrationCompleted));
  }
}

export const clearSession = (): void => localStorage.clear();

export const isStaffRole = (role: number): boolean => role >= 3 && role <= 5;
export const isMemberRole = (role: number): boolean => role === 1 || role === 2;

/** Where a signed-in user belongs (spec: login routing). */
export function homePath(session: Pick<Session, 'role' | 'userId' | 'registrationCompleted'>): string {
  if (isStaffRole(session.role)) return '/membership';
  if (session.registrationCompleted === 0) return `/new-member/update/${session.userId}`;
  return `/profile/${session.userId}`;
}

/** Staff who must set up two-factor sign-in before anything else (the server refuses everything else meanwhile). */
export const needsTwoFactorSetup = (): boolean => localStorage.getItem(STORAGE_KEYS.twoFactorSetup) === 'required';

export function markTwoFactorSetup(required: boolean): void {
  if (required) localStorage.setItem(STORAGE_KEYS.twoFactorSetup, 'required');
  else localStorage.removeItem(STORAGE_KEYS.twoFactorSetup);
}

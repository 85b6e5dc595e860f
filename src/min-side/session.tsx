/** The signed-in member, shared by every page and kept in local storage (src/common/session.ts). */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { clearSession, readSession, saveSession, updateSession, type LoginAnswer, type Session } from '../common/session.ts';
import { chosenLocale, storeLocale } from './texts.ts';

interface SessionState {
  session: Session | null;
  signIn: (answer: LoginAnswer) => Session;
  signOut: () => void;
  update: (changes: Parameters<typeof updateSession>[0]) => void;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(readSession);
  const signIn = useCallback((answer: LoginAnswer) => {
    const saved = saveSession(answer);
    setSession(saved);
    return saved;
  }, []);
  const signOut = useCallback(() => {
    // Signing out clears local storage; the device keeps a language the member chose.
    const chosen = chosenLocale();
    clearSession();
    if (chosen) storeLocale(chosen);
    setSession(null);
  }, []);
  const update = useCallback((changes: Parameters<typeof updateSession>[0]) => {
    updateSession(changes);
    setSession(readSession());
  }, []);
  const value = useMemo(() => ({ session, signIn, signOut, update }), [session, signIn, signOut, update]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession needs a SessionProvider');
  return state;
}

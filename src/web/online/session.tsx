import { createContext, useContext, useEffect, useState } from 'react';
import type { Session as Login } from '../../api/index.ts';
import { ApiError, api, loadSession, SESSION_CHECK, type Session, saveSession } from './api.ts';

interface SessionContext {
  readonly session: Session | null;
  /** With sign-up, an address (optional) is mailed a code to verify it. */
  logIn(user: string, password: string, signUp: boolean, email?: string): Promise<void>;
  logOut(): Promise<void>;
}

const Context = createContext<SessionContext | null>(null);

export function SessionProvider({ children }: { children: React.ReactNode }) {
  const [session, setSession] = useState<Session | null>(loadSession);
  // A session ended elsewhere (logged out everywhere, a password changed on another device, or
  // expired) is forgotten when the page opens, and when the server closes a socket by policy,
  // rather than shown as logged in.
  useEffect(() => {
    const check = () => {
      const current = loadSession();
      if (!current) return;
      api('GET', '/api/me', undefined, current).catch((e: unknown) => {
        if (e instanceof ApiError && e.code === 'unauthorized' && loadSession()?.token === current.token) {
          saveSession(null);
          setSession(null);
        }
      });
    };
    check();
    window.addEventListener(SESSION_CHECK, check);
    return () => window.removeEventListener(SESSION_CHECK, check);
  }, []);
  const value: SessionContext = {
    session,
    async logIn(user, password, signUp, email) {
      if (signUp) await api('POST', '/api/signup', { user, password, ...(email ? { email } : {}) });
      const made = await api<Login>('POST', '/api/login', { user, password });
      const next = { user: made.user, token: made.token };
      saveSession(next);
      setSession(next);
    },
    async logOut() {
      await api('POST', '/api/logout', undefined, session).catch(() => undefined);
      saveSession(null);
      setSession(null);
    },
  };
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useSession(): SessionContext {
  const value = useContext(Context);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

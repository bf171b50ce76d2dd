/** Sessions kept honest over time: expired ones purged from the store, and the sockets of sessions
 * that expired or that another process ended closed. */
import type { Store } from '../../store/index.ts';
import type { App } from '../http/index.ts';
import type { sessionSockets } from './session-sockets.ts';

/** How often sockets' sessions are checked against the store (expiry, logout by another process). */
const SESSION_CHECK_MS = 30_000;

export async function keepSessions(app: App, store: Store, sessions: ReturnType<typeof sessionSockets>) {
  // Expired sessions are refused when used; this also removes them from the store.
  await store.purgeSessions(Date.now());
  const purge = setInterval(() => void store.purgeSessions(Date.now()).catch(() => undefined), 3_600_000);
  purge.unref();
  /** Close the sockets of sessions that expired or that another process ended. */
  const checkSessions = async () => {
    const now = Date.now();
    await sessions.check((hashes) => store.currentSessions(hashes, now));
  };
  let checking = false;
  const sessionCheck = setInterval(() => {
    if (checking) return;
    checking = true;
    void checkSessions()
      .catch((error: unknown) => app.log.error({ err: error }, 'session check failed'))
      .finally(() => {
        checking = false;
      });
  }, SESSION_CHECK_MS);
  sessionCheck.unref();
  return {
    checkSessions,
    stop(): void {
      clearInterval(purge);
      clearInterval(sessionCheck);
    },
  };
}

/** The session a WebSocket acts for: taken from a token, confirmed current before acting, closing the socket when it ends. */
import type { WebSocket } from 'ws';
import type { ServerFrame } from '../../api/index.ts';
import { type AccountSockets, POLICY_VIOLATION } from '../guards/index.ts';
import type { LiveContext } from './live-context.ts';

export function socketSession(
  socket: WebSocket,
  { service, sessions, sessionCurrent }: LiveContext,
  /** The socket is about to act for another user: what it was granted goes. */
  onUserChange: () => void,
  isClosed: () => boolean,
  /** The cap on one account's logged-in sockets, shared by every socket of this process. */
  accounts: AccountSockets,
) {
  let user: string | null = null;
  /** Why the last login was refused though its session was valid (its account's cap). */
  let refusal: string | undefined;
  // The session the socket acts for: it closes when the session ends.
  let session: { tokenHash: string; untrack: () => void } | null = null;
  const forget = () => {
    session?.untrack();
    session = null;
  };
  const sessionEnded = () => {
    forget();
    user = null;
    socket.close(POLICY_VIOLATION, 'your session has ended; log in again');
  };
  return {
    user: () => user,
    forget,
    /** Act for the session that `token` opens, or for nobody if it opens none. */
    async logIn(token: string): Promise<string | null> {
      const found = await service.session(token);
      forget();
      const before = user;
      const admitted = found && !isClosed() ? accounts.admit(found.user) : undefined;
      refusal = admitted?.ok === false ? admitted.reason : undefined;
      user = admitted?.ok === false ? null : (found?.user ?? null);
      // Game subscriptions (their seat's view and chat) and notices were granted to the user the
      // socket acted for; kept under another identity, they would outlive that user's session.
      if (user !== before) onUserChange();
      if (found && admitted?.ok) {
        const untrack = sessions.add({ ...found, end: sessionEnded });
        session = {
          tokenHash: found.tokenHash,
          untrack: () => {
            untrack();
            admitted.release();
          },
        };
      }
      return user;
    },
    /** The answer to a login that opened no session: its account's cap, or a token not valid. */
    loginRefused(): ServerFrame {
      return refusal
        ? { type: 'error', code: 'rate-limited', error: refusal }
        : { type: 'error', code: 'unauthorized', error: 'that session token is not valid; log in again' };
    },
    /** The user, once the session is confirmed still current (another process may have ended it). */
    async currentUser(): Promise<string | null> {
      if (session && !(await sessionCurrent(session.tokenHash, Date.now()))) sessionEnded();
      return user;
    },
  };
}

export type SocketSession = ReturnType<typeof socketSession>;

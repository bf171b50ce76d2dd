/**
 * The cap on the WebSockets logged in as one account at once (per server process): one player
 * needs a few (a browser tab or two, a phone, the terminal), while an account logged in from
 * many addresses could otherwise hold thousands, each one more socket that every notice of its
 * games, and every end of its sessions, goes through.
 */
import { socketCap } from './socket-cap.ts';

export const MAX_SOCKETS_PER_ACCOUNT = 16;

export type AccountAdmission =
  | { readonly ok: true; readonly release: () => void }
  | { readonly ok: false; readonly reason: string };

export function accountSockets(limit = MAX_SOCKETS_PER_ACCOUNT) {
  // The per-address cap's counting, keyed by account instead (a key no address can be).
  const cap = socketCap({ perAddress: limit, total: Number.POSITIVE_INFINITY });
  const key = (user: string) => `account ${user}`;
  return {
    /** A socket logs in as `user`: its release (idempotent), or the sentence refusing it. */
    admit(user: string): AccountAdmission {
      const admitted = cap.admit(key(user));
      if (admitted.ok) return admitted;
      return {
        ok: false,
        reason: `your account has ${limit} connections open, the most it may; close a tab or another client first`,
      };
    },
  };
}

export type AccountSockets = ReturnType<typeof accountSockets>;

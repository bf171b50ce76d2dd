/**
 * The WebSockets each login session authenticated, so that a session that ends (logout, a
 * password change, expiry, or removal by another server process) takes its sockets with it instead
 * of leaving them moving and reading chat for a user who is no longer logged in there.
 */
import { type EndedSessions, endedBy } from '../../store/index.ts';

export interface SessionSocket {
  readonly user: string;
  readonly tokenHash: string;
  /** Stop acting for the session (the socket closes). */
  end(): void;
}

export function sessionSockets() {
  const byHash = new Map<string, Set<SessionSocket>>();

  const endSession = (tokenHash: string) => {
    const sockets = byHash.get(tokenHash);
    byHash.delete(tokenHash);
    for (const socket of sockets ?? []) socket.end();
  };

  return {
    /** Track a socket while it is authenticated; returns the function that stops tracking it. */
    add(socket: SessionSocket): () => void {
      let sockets = byHash.get(socket.tokenHash);
      if (!sockets) {
        sockets = new Set();
        byHash.set(socket.tokenHash, sockets);
      }
      sockets.add(socket);
      return () => {
        const now = byHash.get(socket.tokenHash);
        now?.delete(socket);
        if (now?.size === 0) byHash.delete(socket.tokenHash);
      };
    },

    ended(what: EndedSessions): void {
      const names = endedBy(what);
      const gone = [...byHash]
        .filter(([hash, sockets]) => [...sockets].some((s) => names(hash, s.user)))
        .map(([hash]) => hash);
      for (const hash of gone) endSession(hash);
    },

    /** End every session that is no longer among the `current` ones (expired, or ended by another
     * process), asked of all the sessions together. */
    async check(current: (tokenHashes: readonly string[]) => Promise<ReadonlySet<string>>): Promise<void> {
      const hashes = [...byHash.keys()];
      if (hashes.length === 0) return;
      const still = await current(hashes);
      for (const hash of hashes) if (!still.has(hash)) endSession(hash);
    },

    /** Sessions with a socket open, for tests. */
    size: (): number => byHash.size,
  };
}

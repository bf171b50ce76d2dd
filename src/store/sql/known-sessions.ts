/**
 * SQLite: the sessions this store has read, kept in memory. The file is locked to one server
 * process (../db/sqlite.ts) and every write to the sessions table goes through this store, which
 * forgets what it writes over, so a kept session is what the table holds. A busy server then
 * confirms a WebSocket move's session without a query.
 */

export interface KnownSession {
  readonly userId: string;
  readonly expiresAt: number;
}

/** Sessions kept; past it they are all forgotten and read again as they are used. */
const KNOWN_SESSIONS = 50_000;

export function knownSessions() {
  const byHash = new Map<string, KnownSession>();
  /** Counts the writes that may end sessions, so a read that overlapped one is not kept. */
  let writes = 0;
  const forget = (ends: (tokenHash: string, session: KnownSession) => boolean) => {
    writes++;
    for (const [hash, session] of byHash) if (ends(hash, session)) byHash.delete(hash);
  };
  return {
    get: (tokenHash: string) => byHash.get(tokenHash),
    /** The moment a read starts: pass it to `keep` with what the read found. */
    reading: () => writes,
    /** Keep what a read found, unless a write that may end sessions happened since it started. */
    keep(tokenHash: string, session: KnownSession, readAt: number): void {
      if (readAt !== writes) return;
      if (byHash.size >= KNOWN_SESSIONS) byHash.clear();
      byHash.set(tokenHash, session);
    },
    /** A write that may end the sessions `ends` picks: they are forgotten before it and again
     * after it, and reads that overlapped it are not kept. */
    async ending<T>(ends: (tokenHash: string, session: KnownSession) => boolean, write: () => Promise<T>) {
      forget(ends);
      try {
        return await write();
      } finally {
        forget(ends);
      }
    },
  };
}

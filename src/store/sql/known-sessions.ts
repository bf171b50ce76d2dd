/**
 * The sessions this store has read, kept in memory, so that a busy server confirms a WebSocket
 * move's session without a query.
 *
 * SQLite: the file is locked to one server process (../db/sqlite.ts) and every write to the
 * sessions table goes through this store, which forgets what it writes over, so a kept session is
 * what the table holds.
 *
 * PostgreSQL: other processes end sessions too, and signal it (a `sessions` signal, sent in the
 * transaction that ends them). Sessions are kept only while a listener hears every signal: each
 * one heard is forgotten, and when the listening connection drops everything kept is forgotten and
 * nothing is kept until it is back. A session kept is read again after KEPT_MS all the same, so
 * that a link that died without a word (no drop seen) cannot keep an ended session alive longer.
 */
import { type EndedSessions, endedBy } from '../ports/index.ts';

export interface KnownSession {
  readonly userId: string;
  readonly expiresAt: number;
}

/** Sessions kept; past it they are all forgotten and read again as they are used. */
const KNOWN_SESSIONS = 50_000;
/** How long a session read is trusted when other processes may end it (as often as the sockets'
 * periodic session check). */
export const KEPT_MS = 30_000;

/** The kept sessions among those `ended` names. */
export function keptAmong(ended: EndedSessions): (tokenHash: string, session: KnownSession) => boolean {
  const names = endedBy(ended);
  return (tokenHash, session) => names(tokenHash, session.userId);
}

/** `alone`: this process is the only writer (SQLite), so what it keeps is current without signals. */
export function knownSessions(alone: boolean, now: () => number = Date.now) {
  /** Each session kept, and when it was read. */
  const byHash = new Map<string, { readonly session: KnownSession; readonly keptAt: number }>();
  /** Counts the writes that may end sessions, so a read that overlapped one is not kept. */
  let writes = 0;
  /** Listeners hearing every other process's signals (PostgreSQL). */
  let hearing = 0;
  const trusted = () => alone || hearing > 0;
  const forget = (ends: (tokenHash: string, session: KnownSession) => boolean) => {
    writes++;
    for (const [hash, { session }] of byHash) if (ends(hash, session)) byHash.delete(hash);
  };
  const forgetAll = () => {
    writes++;
    byHash.clear();
  };
  return {
    get(tokenHash: string): KnownSession | undefined {
      const kept = trusted() ? byHash.get(tokenHash) : undefined;
      if (!kept || (!alone && now() - kept.keptAt > KEPT_MS)) return undefined;
      return kept.session;
    },
    /** The moment a read starts: pass it to `keep` with what the read found. */
    reading: () => writes,
    /** Keep what a read found, unless a write that may end sessions happened since it started. */
    keep(tokenHash: string, session: KnownSession, readAt: number): void {
      if (readAt !== writes || !trusted()) return;
      if (byHash.size >= KNOWN_SESSIONS) byHash.clear();
      byHash.set(tokenHash, { session, keptAt: now() });
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
    /** Another process ended these sessions. */
    endedElsewhere: (ended: EndedSessions) => forget(keptAmong(ended)),
    /** A listener starts (1) or stops (-1) hearing every signal. Either way what is kept, and
     * reads under way, may have missed an end: they are forgotten. */
    hearing(change: 1 | -1): void {
      hearing += change;
      forgetAll();
    },
  };
}

export type KnownSessions = ReturnType<typeof knownSessions>;

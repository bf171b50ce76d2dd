/** How a backend tells other processes about its commits, and hears theirs. */
import type { RemoteSignal } from './store.ts';

/** A transaction under way, as a signal sent within it needs it (the store's `Db` in one). */
export interface InTransaction {
  all(sql: string, params: readonly string[]): Promise<unknown[]>;
}

/** How a backend tells other processes about a commit (once it is committed) and hears theirs. */
export interface Signals {
  committed(signal: RemoteSignal): void;
  /**
   * Sent as part of the transaction `q`, so it goes if and only if that commits (nothing lost to a
   * crash between the two). For rare changes another process must not miss: each such commit
   * waits for every other that notifies.
   */
  within(q: InTransaction, signal: RemoteSignal): Promise<void>;
  /**
   * `onLost` is called when the listening connection drops: signals may be missed until it is
   * back (then a `resync` signal comes).
   */
  listen(onSignal: (signal: RemoteSignal) => void, onLost?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const NO_SIGNALS: Signals = {
  committed: () => {},
  within: async () => {},
  listen: async () => async () => {},
  close: async () => {},
};

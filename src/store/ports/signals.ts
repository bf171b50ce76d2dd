/** How a backend tells other processes about its commits, and hears theirs. */
import type { RemoteSignal } from './store.ts';

/** How a backend tells other processes about a commit (once it is committed) and hears theirs. */
export interface Signals {
  committed(signal: RemoteSignal): void;
  /**
   * `onLost` is called when the listening connection drops: signals may be missed until it is
   * back (then a `resync` signal comes).
   */
  listen(onSignal: (signal: RemoteSignal) => void, onLost?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const NO_SIGNALS: Signals = {
  committed: () => {},
  listen: async () => async () => {},
  close: async () => {},
};

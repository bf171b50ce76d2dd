/**
 * The Intricacy metagame's HTTP API under /api/intricacy and its live updates on the WebSocket
 * hub; the contract is docs/api.md ("Intricacy metagame API"). Solutions are replayed in a worker
 * thread (../workers/intricacy-worker.ts), queued per client address and served in turn (../workers/fair-queue.ts).
 */
import type { RemoteSignal, Store } from '../../store/index.ts';
import type { App } from '../http/index.ts';
import type { Connection } from '../live/index.ts';
import { metagameAccess, type RouteAuth } from './access.ts';
import { actionRoutes } from './action-routes.ts';
import { type SolutionChecks, solutionChecks } from './checks.ts';
import { readRoutes } from './read-routes.ts';
import { createMetagame } from './world.ts';

export type { RouteAuth } from './access.ts';
export { CHECKS_PER_ADDRESS, CHECKS_PER_PLAYER, type SolutionChecks, solutionChecks } from './checks.ts';

export interface IntricacyOptions {
  readonly store: Store;
  readonly onError?: (error: unknown) => void;
  /** Where solutions are replayed (default: one worker thread). */
  readonly checks?: SolutionChecks;
  readonly now?: () => number;
}

export function createIntricacy(options: IntricacyOptions) {
  const { store } = options;
  const metagame = createMetagame({
    store,
    ...(options.onError ? { onError: options.onError } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  const checks = options.checks ?? solutionChecks();

  const access = metagameAccess(store, metagame, checks);

  return {
    metagame,

    /** Load the world and register the routes. */
    async routes(app: App, auth: RouteAuth): Promise<void> {
      await metagame.refresh();

      readRoutes(app, auth, metagame, access);
      actionRoutes(app, auth, access);
    },

    /** A store signal: another process appended to the log (or the listener reconnected). */
    remote(signal: RemoteSignal): void {
      if (signal.kind === 'intricacy' || signal.kind === 'resync')
        void metagame.refresh().catch((error: unknown) => options.onError?.(error));
    },

    /** WebSocket: {"type":"subscribe","game":"intricacy"}. */
    subscribe(conn: Connection, ref?: string | number): void {
      metagame.subscribe(conn, ref);
    },
    unsubscribe(conn: Connection): void {
      metagame.unsubscribe(conn);
    },

    async close(): Promise<void> {
      await checks.close();
    },
  };
}

export type Intricacy = ReturnType<typeof createIntricacy>;

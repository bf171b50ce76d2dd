/** What the WebSocket route is given: the service, the hub, notices, the metagame, sessions' sockets and the limits. */
import type { limiter, socketCap } from '../guards/index.ts';
import type { Hub, Notices, sessionSockets } from '../live/index.ts';
import type { Intricacy } from '../metagame/index.ts';
import type { Service } from '../service/index.ts';

export interface LiveContext {
  readonly service: Service;
  readonly hub: Hub;
  /** The notices of a logged-in user's games. */
  readonly notices: Notices;
  readonly intricacy: Intricacy;
  /** Sockets by session, closed when their session ends. */
  readonly sessions: ReturnType<typeof sessionSockets>;
  /** Is the session still in the store and unexpired (another process may have ended it)? */
  readonly sessionCurrent: (tokenHash: string, now: number) => Promise<boolean>;
  /** The cap on open WebSockets, per client and in all. */
  readonly sockets: ReturnType<typeof socketCap>;
  readonly socketLimit: ReturnType<typeof limiter>;
  readonly accountLimit: ReturnType<typeof limiter>;
}

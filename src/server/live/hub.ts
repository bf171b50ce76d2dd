/**
 * Live updates. Each WebSocket connection subscribes to games; the hub sends every subscriber each
 * committed move (with the new view for the subscriber's seat), the end of a game, and, to
 * players only, the board's chat. A subscriber that names the last move number it saw is sent
 * exactly the moves after it before any live ones, so reconnecting loses nothing and repeats
 * nothing; a long backlog comes a page per subscription, the client resubscribing from the end
 * of each page (a `more` frame) until it has caught up. Changes committed by other server
 * processes arrive as store signals (PostgreSQL LISTEN/NOTIFY) and are read back from the store.
 */
import type { ServerFrame } from '../../api/index.ts';
import type { GameEvent } from '../../engine/index.ts';
import type { AnyGame } from '../../games/index.ts';
import type { RemoteSignal, Store } from '../../store/index.ts';
import { broadcasts, type Connection, hubState } from './broadcasts.ts';
import { remotePulls } from './pulls.ts';
import { subscribe } from './subscribe.ts';

export type { Connection } from './broadcasts.ts';
export { BACKLOG_PAGE, MAX_SUBSCRIPTIONS } from './subscribe.ts';
export type { ServerFrame };

export function createHub(store: Store, games: Readonly<Record<string, AnyGame>>) {
  const state = hubState(games);
  const { byGame, byConn, known } = state;
  const sent = broadcasts(state);
  const { deliverLocal } = sent;
  const { pulls, catchUp, pull, inTurn } = remotePulls(store, state, sent);

  return {
    /**
     * A change committed by this process. Moves go out in order with no gaps: one whose
     * predecessors have not all been delivered (another process committed them and their signal
     * is still on its way) waits until they have been read from the store and sent.
     */
    local(event: GameEvent): void {
      const id = event.game.id;
      const k = known.get(id);
      const last = event.kind === 'move' ? event.move.moveNo - 1 : event.game.moveCount;
      if (!k || (!pulls.has(id) && k.moveNo >= last)) {
        deliverLocal(event);
        return;
      }
      inTurn(id, async () => {
        // Reads of the store only while moves before this one are still missing.
        if ((known.get(id)?.moveNo ?? last) < last) await catchUp(id, last);
        const now = known.get(id);
        // Sent only in order: should the store have failed to give the moves before it, the
        // next signal or move of this game reads them and this one together.
        if (now && now.moveNo >= last) deliverLocal(event);
      });
    },

    chat: sent.broadcastChat,

    /** A change committed by another process; pulls for one game run one at a time. */
    remote(signal: RemoteSignal): void {
      if (signal.kind === 'resync') {
        for (const gameId of known.keys()) {
          this.remote({ kind: 'game', gameId });
          this.remote({ kind: 'chat', gameId });
        }
        return;
      }
      if (!known.has(signal.gameId)) return;
      inTurn(signal.gameId, () => pull(signal));
    },

    /**
     * Subscribe a connection to a game. With `since`, send the moves after it (the last one with
     * the current view); without, send the current state. Then live frames follow.
     */
    subscribe(conn: Connection, gameId: number, since?: number) {
      return subscribe(store, state, (c, g) => this.unsubscribe(c, g), conn, gameId, since);
    },

    unsubscribe(conn: Connection, gameId: number): void {
      byGame.get(gameId)?.delete(conn);
      if (byGame.get(gameId)?.size === 0) {
        byGame.delete(gameId);
        known.delete(gameId);
      }
      byConn.get(conn)?.delete(gameId);
    },

    drop(conn: Connection): void {
      for (const gameId of byConn.get(conn) ?? []) this.unsubscribe(conn, gameId);
      byConn.delete(conn);
    },

    /** Subscriptions in this process, for tests and the benchmark. */
    size: (): number => byConn.size,
  };
}

export type Hub = ReturnType<typeof createHub>;

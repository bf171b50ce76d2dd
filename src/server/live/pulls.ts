/** Changes committed by other server processes, read back from the store and sent on in order, one game at a time. */
import type { GameRecord } from '../../engine/index.ts';
import type { RemoteSignal, Store } from '../../store/index.ts';
import type { Broadcasts, HubState } from './broadcasts.ts';

export function remotePulls(
  store: Store,
  { known }: HubState,
  { broadcastMove, broadcastEnd, broadcastState, broadcastChat }: Broadcasts,
) {
  const pulls = new Map<number, Promise<void>>();

  /**
   * Deliver the moves the store holds after the last one delivered, up to and including move
   * `upTo` (all of them without it), in order; the last gets the view if it is the game's latest.
   * Returns the game as read after the log.
   */
  const catchUp = async (gameId: number, upTo = Number.MAX_SAFE_INTEGER) => {
    const k = known.get(gameId);
    if (!k) return undefined;
    // The log first, then the game: the game is then at least as new as the last logged move, so
    // that move carries the view unless newer moves were committed in between (their own signal
    // follows and brings the view). The other order could send the last move without a view.
    const moves = (await store.moveLog(gameId, k.moveNo)).filter((m) => m.moveNo <= upTo);
    const record = await store.loadGame(gameId);
    if (!record) return undefined;
    moves.forEach((m, i) => {
      broadcastMove(record, m, i === moves.length - 1 && m.moveNo === record.moveCount);
    });
    return record;
  };

  /**
   * The move a signal carries, sent on with the game read back, when it is the next move our
   * subscribers are owed and the game is still as that move left it; false when the log must be
   * read instead.
   */
  const nextMove = async (gameId: number, move: RemoteSignal['move']): Promise<GameRecord | false> => {
    if (!move || known.get(gameId)?.moveNo !== move.record.moveNo - 1) return false;
    // The copy held is the one to send when it is that version (the store may have followed the
    // move on it, without a read).
    const record = await (store.loadRecent ?? store.loadGame)(gameId);
    const k = known.get(gameId);
    if (!record || record.version !== move.version || k?.moveNo !== move.record.moveNo - 1) return false;
    broadcastMove(record, move.record, record.moveCount === move.record.moveNo);
    return record;
  };

  /** Read back what another process committed to a game our subscribers watch. */
  const pull = async (signal: RemoteSignal): Promise<void> => {
    const { gameId, kind } = signal;
    const k = known.get(gameId);
    if (!k) return;
    if (kind === 'chat') {
      for (const row of await store.chat(gameId, 100)) if (row.id > k.chatId) broadcastChat(row);
      return;
    }
    const before = k.moveNo;
    const record = (await nextMove(gameId, signal.move)) || (await catchUp(gameId));
    // Fewer moves than were delivered: another process took moves back.
    if (record && record.moveCount < before) broadcastState(record);
    // An end is sent only after the game's last move (one committed after the log was read comes
    // with its own signal).
    if (record && record.status !== 'active' && !k.ended && record.moveCount <= k.moveNo)
      broadcastEnd(record);
  };

  /**
   * Run `task` for a game after every earlier one for it has finished: store reads and the
   * deliveries that wait for them go out in the order they were asked for.
   */
  const inTurn = (gameId: number, task: () => Promise<void>): void => {
    const previous = pulls.get(gameId) ?? Promise.resolve();
    const next = previous.then(task).catch(() => undefined);
    pulls.set(gameId, next);
    void next.then(() => {
      if (pulls.get(gameId) === next) pulls.delete(gameId);
    });
  };

  return { pulls, catchUp, pull, inTurn };
}

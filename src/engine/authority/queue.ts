/** Moves queued to be played when they fall due, and clearing a queue. */
import type { Seat } from '../../games/game.ts';
import type { Change, GameRecord, MoveRecord } from '../port/index.ts';
import { type Answer, ok, refuse } from '../port/index.ts';
import { drain } from './moves.ts';
import { activeSeat, behind, gameOf, load, RETRIES, type Referee, seatOf } from './referee.ts';
import type { DroppedQueue, MoveTaken } from './requests.ts';

/** A seat may queue at most this many moves. */
export const MAX_QUEUE = 32;

/** A change of one seat's queue alone: the game stays as it is but for its version. */
function queueChange(record: GameRecord, seat: Seat, moves: readonly string[]): Change {
  return {
    gameId: record.id,
    version: record.version,
    move: null,
    state: record.state,
    moveCount: record.moveCount,
    status: record.status,
    outcome: record.outcome,
    toMove: record.toMove,
    // Queued moves are private: the game's last change, seen by everyone, stays what it was.
    at: record.updatedAt,
    queue: { seat, moves },
  };
}

export async function queue(
  r: Referee,
  request: { readonly gameId: number; readonly user: string; readonly moves: readonly string[] },
): Promise<Answer<MoveTaken>> {
  for (let attempt = 0; attempt < RETRIES; attempt++) {
    const found = await activeSeat(r, request.gameId, request.user);
    if (!found.ok) return found;
    const { record, seat } = found.value;
    const game = gameOf(r, record);
    const canonical: string[] = [];
    const moves: unknown[] = [];
    let unreadable: string | undefined;
    for (const text of request.moves) {
      // Legality depends on the position when the move comes due; notation is checked now.
      const parsed = game.parseMove(text, record.state);
      if (!parsed.ok) {
        unreadable = parsed.error;
        break;
      }
      moves.push(parsed.value);
      canonical.push(game.formatMove(parsed.value, record.state));
    }
    const waiting = await r.port.queuedMoves(record.id, seat, record.version);
    // ... and so is a queue (the moves waiting, then these) the rules exclude whatever is
    // played before its moves come due.
    if (unreadable === undefined && game.queueRefusal) {
      const before = waiting.map((text) => game.parseMove(text, record.state));
      const all = [...before.flatMap((m) => (m.ok ? [m.value] : [])), ...moves];
      if (before.every((m) => m.ok)) unreadable = game.queueRefusal(record.state, seat, all) ?? undefined;
    }
    if (unreadable !== undefined) {
      if (await behind(r, record)) continue;
      return refuse('illegal-move', unreadable);
    }
    const queued = [...waiting, ...canonical];
    if (queued.length > MAX_QUEUE) {
      if (await behind(r, record)) continue;
      return refuse('bad-request', `at most ${MAX_QUEUE} moves may be queued`);
    }
    // Committed against the game's version, so of two appends racing, the later reads the
    // queue again instead of overwriting the other's moves.
    const committed = await r.port.commit(queueChange(record, seat, queued));
    if (!committed) continue;
    const played: MoveRecord[] = [];
    const dropped: DroppedQueue[] = [];
    const last = await drain(r, committed, played, dropped);
    return ok({ game: last, moves: played, dropped });
  }
  return refuse('busy', `game ${request.gameId} is busy; try again`);
}

export async function clearQueue(
  r: Referee,
  request: { readonly gameId: number; readonly user: string },
): Promise<Answer<GameRecord>> {
  for (let attempt = 0; attempt < RETRIES; attempt++) {
    const loaded = await load(r, request.gameId);
    if (!loaded.ok) return loaded;
    const record = loaded.value;
    const seat = seatOf(record, request.user);
    if (!seat.ok) return seat;
    // Nothing is appended to the queue of a game that is over, so there is nothing to race.
    if (record.status !== 'active') {
      await r.port.setQueue(record.id, seat.value, []);
      return ok(record);
    }
    const committed = await r.port.commit(queueChange(record, seat.value, []));
    if (committed) return ok(committed);
  }
  return refuse('busy', `game ${request.gameId} is busy; try again`);
}

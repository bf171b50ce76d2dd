/** A move asked for, and the queued moves that fall due after it, each in a commit of its own. */

import type { GameRecord, MoveRecord } from '../port/index.ts';
import { type Answer, ok, refuse } from '../port/index.ts';
import { activeSeat, announce, behind, gameOf, planMove, RETRIES, type Referee } from './referee.ts';
import type { DroppedQueue, MoveRequest, MoveTaken } from './requests.ts';

/** Queued moves played in one go at most; more than any board needs, a guard against loops. */
const MAX_CHAIN = 1000;

export async function move(r: Referee, request: MoveRequest): Promise<Answer<MoveTaken>> {
  for (let attempt = 0; attempt < RETRIES; attempt++) {
    const found = await activeSeat(r, request.gameId, request.user);
    if (!found.ok) return found;
    const { record, seat } = found.value;
    if (request.moveNo !== undefined && request.moveNo !== record.moveCount + 1) {
      if (request.moveNo > record.moveCount + 1 && (await behind(r, record))) continue;
      return refuse('stale-move', staleMessage(request.moveNo, record.moveCount));
    }
    const plan = planMove(r, record, seat, request.move, false);
    if (!plan.ok) {
      if (await behind(r, record)) continue;
      return plan;
    }
    const committed = await r.port.commit(plan.value);
    if (!committed) {
      // Someone changed the game first. A pinned move that is still the next one (the change
      // was not a move, or what we read was not current) is tried again; otherwise it is stale.
      const fresh = await r.port.loadGame(request.gameId);
      if (request.moveNo !== undefined && fresh?.moveCount !== request.moveNo - 1) {
        return refuse('stale-move', staleMessage(request.moveNo, fresh?.moveCount ?? record.moveCount + 1));
      }
      continue;
    }
    announce(r, committed, plan.value);
    const played = [plan.value.move as MoveRecord];
    const dropped: DroppedQueue[] = [];
    const last = await drain(r, committed, played, dropped);
    return ok({ game: last, moves: played, dropped });
  }
  return refuse('busy', `game ${request.gameId} is busy; try again`);
}

/** Play queued moves that have become due, one commit each. */
export async function drain(
  r: Referee,
  start: GameRecord,
  played: MoveRecord[],
  dropped: DroppedQueue[],
): Promise<GameRecord> {
  let record = start;
  for (let i = 0; i < MAX_CHAIN && record.status === 'active'; i++) {
    const seat = gameOf(r, record).toMove(record.state);
    if (seat === undefined) break;
    const queued = await r.port.queuedMoves(record.id, seat, record.version);
    const [first, ...rest] = queued;
    if (first === undefined) break;
    const plan = planMove(r, record, seat, first, true);
    if (!plan.ok) {
      // A queued move that is no longer legal cancels the rest of that queue.
      await r.port.setQueue(record.id, seat, []);
      dropped.push({ seat, move: first, error: plan.error });
      break;
    }
    const change = { ...plan.value, queue: { seat, moves: rest } };
    const committed = await r.port.commit(change);
    if (!committed) break; // someone else moved first; their request drains the queue
    announce(r, committed, change);
    played.push(change.move as MoveRecord);
    record = committed;
  }
  return record;
}

export function staleMessage(sent: number, moveCount: number): string {
  return `move #${sent} is stale: game is at move ${moveCount}, the next move is #${moveCount + 1}`;
}

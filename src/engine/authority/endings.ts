/** How a game ends other than by a move: a resignation, a decline, a player out of time. */
import type { Outcome, Seat } from '../../games/game.ts';
import type { Change, GameRecord } from '../port/index.ts';
import {
  type Answer,
  awaitingAnswer,
  cancelReason,
  everyoneHasMoved,
  hasMoved,
  ok,
  refuse,
} from '../port/index.ts';
import { activeSeat, announce, gameOf, load, RETRIES, type Referee } from './referee.ts';

type Ending = { status: 'finished' | 'void'; outcome: Outcome };

/** End the game as `decide` says, unless it refuses; retried when another change came first. */
async function finish(
  r: Referee,
  gameId: number,
  user: string,
  decide: (record: GameRecord, seat: Seat) => Promise<Answer<Ending>>,
): Promise<Answer<GameRecord>> {
  for (let attempt = 0; attempt < RETRIES; attempt++) {
    const found = await activeSeat(r, gameId, user);
    if (!found.ok) return found;
    const { record, seat } = found.value;
    const decision = await decide(record, seat);
    if (!decision.ok) return decision;
    const change: Change = {
      gameId,
      version: record.version,
      move: null,
      state: record.state,
      moveCount: record.moveCount,
      status: decision.value.status,
      outcome: decision.value.outcome,
      toMove: null,
      at: r.now(),
    };
    const committed = await r.port.commit(change);
    if (committed) {
      announce(r, committed, change);
      return ok(committed);
    }
  }
  return refuse('busy', `game ${gameId} is busy; try again`);
}

/**
 * How a game ends when `seat` gives up (resigns or runs out of time): the other player wins; a
 * game given up before every player has moved is void (see ../ratings/rules.ts), unless its
 * players entered it beforehand (a tournament's): then it is lost, unrated.
 */
function ending(record: GameRecord, seat: Seat, what: string): Ending {
  if (!everyoneHasMoved(record) && !record.binding) {
    const before = record.players.length === 1 ? 'moving' : 'every player had moved';
    return {
      status: 'void',
      outcome: { kind: 'draw', reason: `${what} before ${before}: the game is void` },
    };
  }
  if (record.players.length === 2)
    return { status: 'finished', outcome: { kind: 'win', winner: 1 - seat, reason: what } };
  return { status: 'finished', outcome: { kind: 'loss', reason: what } };
}

type GameAndUser = { readonly gameId: number; readonly user: string };

export function resign(r: Referee, request: GameAndUser): Promise<Answer<GameRecord>> {
  return finish(r, request.gameId, request.user, async (record, seat) =>
    ok(ending(record, seat, `${request.user} (${gameOf(r, record).seatName(record.state, seat)}) resigned`)),
  );
}

export function decline(r: Referee, request: GameAndUser): Promise<Answer<GameRecord>> {
  return finish(r, request.gameId, request.user, async (record, seat) => {
    if (hasMoved(record.moveCount, seat)) {
      return refuse('bad-request', `you have already moved in game ${record.id}; resign instead`);
    }
    return ok({ status: 'void', outcome: { kind: 'draw', reason: `${request.user} declined the game` } });
  });
}

/** The challenger withdraws a challenge nobody has answered: void, as if never played. */
export function cancel(r: Referee, request: GameAndUser): Promise<Answer<GameRecord>> {
  return finish(r, request.gameId, request.user, async (record) => {
    if (record.challenger !== request.user)
      return refuse('forbidden', `game ${record.id} is not your challenge; decline or resign instead`);
    if (!awaitingAnswer(record))
      return refuse('bad-request', `game ${record.id} has been answered; resign instead`);
    return ok({ status: 'void', outcome: { kind: 'draw', reason: cancelReason(request.user) } });
  });
}

export async function loseOnTime(
  r: Referee,
  request: { readonly gameId: number; readonly version: number },
): Promise<Answer<GameRecord>> {
  const loaded = await load(r, request.gameId);
  if (!loaded.ok) return loaded;
  const record = loaded.value;
  const stale = refuse('stale-move', `game ${request.gameId} has changed since its clock was read`);
  if (record.version !== request.version) return stale;
  if (record.status !== 'active' || record.toMove === null)
    return refuse('game-over', `game ${record.id} is over`);
  const seat = record.players.indexOf(record.toMove);
  const name = `${record.toMove} (${gameOf(r, record).seatName(record.state, seat)})`;
  const decision = ending(record, seat, `${name} ran out of time`);
  const change: Change = {
    gameId: record.id,
    version: record.version,
    move: null,
    state: record.state,
    moveCount: record.moveCount,
    status: decision.status,
    outcome: decision.outcome,
    toMove: null,
    at: r.now(),
  };
  const committed = await r.port.commit(change);
  if (!committed) return stale;
  announce(r, committed, change);
  return ok(committed);
}

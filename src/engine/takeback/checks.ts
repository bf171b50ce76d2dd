/** The checks a takeback passes: who may ask, which moves it undoes, and the caps and rounds it keeps to. */
import { MAX_TAKEBACKS, MAX_TAKEBACKS_PER_MOVE } from '../../api/index.ts';
import type { Seat } from '../../games/game.ts';
import { type Answer, type GameRecord, type MoveRecord, ok, type TakebackPort } from '../port/index.ts';
import type { TakebackParts } from './parts.ts';

/** The moves a takeback asked by `seat` would undo: its last move in `log` and all after it. */
export function takebackMoves(log: readonly MoveRecord[], seat: Seat): readonly MoveRecord[] {
  const last = log.findLastIndex((m) => m.seat === seat);
  return last < 0 ? [] : log.slice(last);
}

/** Takebacks are kept by seat in a two-player game. */
const PLAYERS = 2;

/** The moves a takeback asked by `seat` would undo, from the game's log. */
export async function undoneBy(parts: TakebackParts, record: GameRecord, seat: Seat) {
  return takebackMoves(await parts.port.moveLog(record.id, 0), seat);
}

/**
 * A refusal when the takeback would leave the stretch of play being played (a round, in a game
 * of rounds: src/games/game.ts `stretch`): undo the move that decided a round, or reach into an
 * earlier one. Every client, PBeM and mail go through here, so all keep the rule.
 */
export async function crossesRound(
  parts: TakebackParts,
  takebacks: TakebackPort,
  record: GameRecord,
  fromMove: number,
) {
  const { refuse } = parts;
  const stretch = parts.gameOf(record).stretch;
  if (!stretch) return undefined;
  const back = await takebacks.positionAfter(record, fromMove - 1);
  if (stretch(back) === stretch(record.state)) return undefined;
  return refuse(
    'bad-request',
    `a takeback stays within the round being played, and that one would undo moves of game ${record.id} from an earlier round or the move that decided one`,
  );
}

/** A refusal when the game, or the move the takeback goes back to, has had its share already. */
export async function overCap(
  parts: TakebackParts,
  takebacks: TakebackPort,
  record: GameRecord,
  fromMove: number,
) {
  const { refuse } = parts;
  const atMost = Math.max(MAX_TAKEBACKS, MAX_TAKEBACKS_PER_MOVE);
  const counts = await takebacks.takebackCounts(record.id, fromMove, atMost);
  if (counts.total >= MAX_TAKEBACKS)
    return refuse(
      'forbidden',
      `game ${record.id} has had ${MAX_TAKEBACKS} takebacks, the most a game may have: play on from here`,
    );
  if (counts.ofMove >= MAX_TAKEBACKS_PER_MOVE)
    return refuse(
      'forbidden',
      `move ${fromMove} of game ${record.id} has been taken back ${MAX_TAKEBACKS_PER_MOVE} times, the most a move may be: play on from here`,
    );
  return undefined;
}

/** The game, the asker's seat and the takeback port, if a takeback may be asked there at all. */
export async function withPort(
  parts: TakebackParts,
  gameId: number,
  user: string,
): Promise<Answer<{ record: GameRecord; seat: Seat; takebacks: TakebackPort }>> {
  const { refuse } = parts;
  const found = await parts.activeSeat(gameId, user);
  if (!found.ok) return found;
  const takebacks = parts.takebacks;
  if (!takebacks) return refuse('bad-request', 'moves cannot be taken back here');
  if (found.value.record.players.length !== PLAYERS)
    return refuse('bad-request', 'a takeback is agreed between the two players of a two-player game');
  return ok({ ...found.value, takebacks });
}

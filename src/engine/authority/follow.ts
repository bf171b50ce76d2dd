/** A move another server process committed, followed on the game as this process holds it. */
import type { AnyGame } from '../../games/game.ts';
import type { GameRecord, MoveRecord } from '../port/index.ts';
import { afterMove } from './referee.ts';

/**
 * The game as `move`, committed elsewhere and leaving it at `version`, left it: computed by the
 * same rules from `record`, the version it was played on, so that a process hearing of the move
 * need not read the game back. Undefined when that is not certain (then it is read): `record` is
 * not the version before, or the move ends the game (an ending may change its rating in the
 * same commit).
 */
export function followMove(
  games: Readonly<Record<string, AnyGame>>,
  record: GameRecord,
  move: MoveRecord,
  version: number,
): GameRecord | undefined {
  if (record.version !== version - 1 || record.moveCount !== move.moveNo - 1) return undefined;
  if (record.status !== 'active' || !Object.hasOwn(games, record.gameType)) return undefined;
  const game = games[record.gameType] as AnyGame;
  if (game.toMove(record.state) !== move.seat) return undefined;
  const parsed = game.parseMove(move.text, record.state);
  if (!parsed.ok) return undefined;
  const next = game.play(record.state, parsed.value);
  if (!next.ok) return undefined;
  const after = afterMove(game, record, next.value);
  if (after.status !== 'active') return undefined;
  return { ...record, ...after, state: next.value, moveCount: move.moveNo, version, updatedAt: move.at };
}

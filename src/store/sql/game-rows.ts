/** A game's row in the games table, and the record the engine works on read from it. */
import type { GameRecord, GameStatus } from '../../engine/index.ts';
import type { Outcome } from '../../games/game.ts';

export interface GameRow {
  id: number;
  game_type: string;
  options: string;
  seed: number | string;
  players: string;
  challenger: string | null;
  status: string;
  outcome: string | null;
  move_count: number;
  version: number;
  state: string;
  to_move: string | null;
  rated: number;
  compact: number;
  binding: number;
  created_at: number | string;
  updated_at: number | string;
}

/**
 * A game row as a record; `state` when the caller already holds the parsed state; `before`, a
 * record of the same game read earlier, whose parts that never change are shared, not parsed
 * again. A busy server commits hundreds of moves a second, and each record lives until its
 * game's next move, a second or two: long enough to outlive a young-generation garbage
 * collection, which copies whatever is still alive, so every object a record need not have
 * made anew is one fewer to copy.
 */
export const toRecord = (row: GameRow, state?: unknown, before?: GameRecord): GameRecord => {
  const same = before !== undefined && before.id === Number(row.id) ? before : undefined;
  const players = same ? same.players : (JSON.parse(row.players) as string[]);
  return {
    id: same ? same.id : Number(row.id),
    gameType: same ? same.gameType : row.game_type,
    options: same ? same.options : JSON.parse(row.options),
    seed: same ? same.seed : Number(row.seed),
    players,
    challenger: same ? same.challenger : (row.challenger ?? null),
    status: row.status as GameStatus,
    outcome: row.outcome === null ? null : (JSON.parse(row.outcome) as Outcome),
    moveCount: Number(row.move_count),
    version: Number(row.version),
    state: state === undefined ? JSON.parse(row.state) : state,
    // The player's own string rather than the row's copy of it.
    toMove: players.find((p) => p === row.to_move) ?? row.to_move,
    rated: Number(row.rated) === 1,
    compact: same ? same.compact : Number(row.compact) === 1,
    ...((same ? same.binding : Number(row.binding) === 1) ? { binding: true } : {}),
    createdAt: same ? same.createdAt : Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
};

/** A commit already holds the new state: reading it back would only cost a copy and a parse. */
export const WITHOUT_STATE = `id, game_type, options, seed, players, challenger, status, outcome, move_count, version, to_move,
  rated, compact, binding, created_at, updated_at`;

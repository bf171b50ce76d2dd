/**
 * The storage port on memory: what a local session (../local-session.ts) runs the one authority
 * on, and what the authority's own tests use. Changes are applied whole or not at all. It also
 * keeps each game's record after every move, so a local game can be taken back (`rewind`), which
 * no server game can.
 */
import type { Seat } from '../../games/game.ts';
import type { ChallengerCounts, Change, GamePort, GameRecord, MoveRecord, NewGame } from './types.ts';

export interface MemoryPort extends GamePort {
  /** Every game, for inspection. */
  readonly games: ReadonlyMap<number, GameRecord>;
  /** The game as it stood after move `moveCount` (0: as created), while that move is kept. */
  recordAt(gameId: number, moveCount: number): GameRecord | undefined;
  /**
   * Take the game back to how it stood after move `moveCount`, forgetting the moves since and
   * any queued moves: a new version, so a change computed before the rewind cannot commit.
   */
  rewind(gameId: number, moveCount: number, at: number): Promise<GameRecord | undefined>;
}

/** A challenge to the player in `seat` that they have not answered by moving (nor declined). */
const unansweredBy = (g: GameRecord, seat: Seat) =>
  g.status === 'active' && g.challenger !== null && g.challenger !== g.players[seat] && g.moveCount <= seat;

function challengerCounts(games: ReadonlyMap<number, GameRecord>, user: string): ChallengerCounts {
  let playing = 0;
  const unanswered = new Map<string, number>();
  for (const g of games.values()) {
    if (g.status !== 'active') continue;
    const seat = g.players.indexOf(user);
    if (seat >= 0 && !unansweredBy(g, seat)) playing++;
    if (g.challenger !== user) continue;
    g.players.forEach((p, s) => {
      if (unansweredBy(g, s)) unanswered.set(p, (unanswered.get(p) ?? 0) + 1);
    });
  }
  return { playing, unanswered };
}

export function memoryPort(): MemoryPort {
  const games = new Map<number, GameRecord>();
  const logs = new Map<number, MoveRecord[]>();
  const queues = new Map<string, readonly string[]>();
  /** Per game, the record after each move, indexed by move count. */
  const positions = new Map<number, GameRecord[]>();
  let nextId = 1;
  const key = (gameId: number, seat: Seat) => `${gameId}/${seat}`;
  return {
    games,
    async createGame(game: NewGame) {
      const others = new Map(
        (game.guard?.alsoCounted ?? []).map((user) => [user, challengerCounts(games, user).playing]),
      );
      const refused = game.guard?.check(challengerCounts(games, game.guard.challenger), others);
      if (refused !== undefined) return { refused };
      const record: GameRecord = {
        id: nextId++,
        gameType: game.gameType,
        options: game.options,
        seed: game.seed,
        players: [...game.players],
        challenger: game.challenger,
        status: 'active',
        outcome: null,
        moveCount: 0,
        version: 0,
        state: game.state,
        toMove: game.toMove,
        rated: game.rated,
        compact: game.compact,
        ...(game.binding ? { binding: true } : {}),
        createdAt: game.at,
        updatedAt: game.at,
      };
      games.set(record.id, record);
      logs.set(record.id, []);
      positions.set(record.id, [record]);
      return record;
    },
    async loadGame(id) {
      return games.get(id);
    },
    async commit(change: Change) {
      const old = games.get(change.gameId);
      if (!old || old.version !== change.version) return undefined;
      const record: GameRecord = {
        ...old,
        state: change.state,
        moveCount: change.moveCount,
        status: change.status,
        outcome: change.outcome,
        toMove: change.toMove,
        version: old.version + 1,
        updatedAt: change.at,
      };
      games.set(record.id, record);
      if (change.move) {
        logs.get(record.id)?.push(change.move);
        positions.get(record.id)?.push(record);
      }
      if (change.queue) queues.set(key(record.id, change.queue.seat), [...change.queue.moves]);
      return record;
    },
    recordAt(gameId, moveCount) {
      return positions.get(gameId)?.[moveCount];
    },
    async rewind(gameId, moveCount, at) {
      const now = games.get(gameId);
      const then = positions.get(gameId)?.[moveCount];
      if (!now || !then) return undefined;
      const record: GameRecord = { ...then, version: now.version + 1, updatedAt: at };
      games.set(gameId, record);
      logs.get(gameId)?.splice(moveCount);
      positions.get(gameId)?.splice(moveCount + 1);
      for (let seat = 0; seat < record.players.length; seat++) queues.delete(key(gameId, seat));
      return record;
    },
    async moveLog(gameId, after, limit) {
      return (logs.get(gameId) ?? []).filter((m) => m.moveNo > after).slice(0, limit);
    },
    async queuedMoves(gameId, seat) {
      return queues.get(key(gameId, seat)) ?? [];
    },
    async setQueue(gameId, seat, moves) {
      queues.set(key(gameId, seat), [...moves]);
    },
  };
}

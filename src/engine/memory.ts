/**
 * The storage port on memory: what a client uses to run the one authority for local and
 * offline play, and what the authority's own tests use. Changes are applied whole or not at all.
 */
import type { Seat } from '../games/game.ts';
import type { Change, GamePort, GameRecord, MoveRecord, NewGame } from './types.ts';

export interface MemoryPort extends GamePort {
  /** Every game, for inspection. */
  readonly games: ReadonlyMap<number, GameRecord>;
}

export function memoryPort(): MemoryPort {
  const games = new Map<number, GameRecord>();
  const logs = new Map<number, MoveRecord[]>();
  const queues = new Map<string, readonly string[]>();
  let nextId = 1;
  const key = (gameId: number, seat: Seat) => `${gameId}/${seat}`;
  return {
    games,
    async createGame(game: NewGame) {
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
        createdAt: game.at,
        updatedAt: game.at,
      };
      games.set(record.id, record);
      logs.set(record.id, []);
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
      if (change.move) logs.get(record.id)?.push(change.move);
      if (change.queue) queues.set(key(record.id, change.queue.seat), [...change.queue.moves]);
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

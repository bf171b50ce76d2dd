/**
 * Migration 14 on a database that already holds ended games: its backfill writes the endings and
 * the pair records the trigger would have written, so head-to-heads and archives read after the
 * upgrade say what the games themselves say. Both backends (PostgreSQL with TEST_DATABASE_URL).
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { oldSchemaBackends } from '../../../test/old-schema.ts';
import type { Outcome } from '../../games/game.ts';
import type { Db } from '../db/db.ts';
import { openStore, type Store } from '../index.ts';
import type { ArchiveCursor } from '../ports/games.ts';
import { ENDINGS_MIGRATION } from './endings.ts';
import { migrate } from './migrations.ts';

const BEFORE = ENDINGS_MIGRATION.version - 1;

/** A game as the test writes it into the old schema. */
interface Old {
  readonly id: number;
  readonly type: string;
  readonly players: readonly string[];
  readonly status: 'active' | 'finished' | 'void';
  readonly outcome: Outcome | null;
  readonly moveCount: number;
  readonly updatedAt: number;
}

/**
 * Ended games of every kind the backfill must tell apart: wins for either seat and draws between
 * ann and bob in two game types (seats swapped, some ending at the same moment), solo losses,
 * games of three, voids with and without moves, and games still being played.
 */
function oldGames(): Old[] {
  const games: Old[] = [];
  const add = (g: Omit<Old, 'id'>) => games.push({ ...g, id: games.length + 1 });
  const pairs = [
    ['ann', 'bob'],
    ['bob', 'ann'],
    ['ann', 'cid'],
  ];
  for (let i = 0; i < 45; i++) {
    const players = pairs[i % 3] as string[];
    const type = i % 4 === 0 ? 'atom4' : 'warpweft';
    const outcome: Outcome =
      i % 5 === 4 ? { kind: 'draw', reason: 'agreed' } : { kind: 'win', winner: i % 2, reason: 'resigned' };
    // Every third game ends at the same moment as the one before it: the keys' tie-break.
    add({
      type,
      players,
      status: 'finished',
      outcome,
      moveCount: 3 + i,
      updatedAt: 5000 + i - (i % 3 === 2 ? 1 : 0),
    });
  }
  add({
    type: 'sigmar',
    players: ['ann'],
    status: 'finished',
    outcome: { kind: 'loss', reason: 'stuck' },
    moveCount: 9,
    updatedAt: 5100,
  });
  add({
    type: 'atom4',
    players: ['ann', 'bob', 'cid'],
    status: 'finished',
    outcome: { kind: 'win', winner: 2, reason: 'won' },
    moveCount: 12,
    updatedAt: 5101,
  });
  add({
    type: 'warpweft',
    players: ['ann', 'bob'],
    status: 'void',
    outcome: null,
    moveCount: 4,
    updatedAt: 5102,
  });
  add({
    type: 'warpweft',
    players: ['bob', 'ann'],
    status: 'void',
    outcome: null,
    moveCount: 0,
    updatedAt: 5103,
  });
  add({
    type: 'warpweft',
    players: ['ann', 'bob'],
    status: 'active',
    outcome: null,
    moveCount: 2,
    updatedAt: 5104,
  });
  return games;
}

/** Writes the users and games into a database at the schema before migration 14. */
async function seedOld(db: Db, games: readonly Old[]): Promise<void> {
  await migrate(db, BEFORE);
  for (const user of ['ann', 'bob', 'cid'])
    await db.run('INSERT INTO users (id, pass_hash, salt, created_at) VALUES (?, ?, ?, ?)', [
      user,
      '!',
      '!',
      1,
    ]);
  for (const g of games) {
    await db.run(
      `INSERT INTO games (id, game_type, options, seed, players, challenger, status, outcome, move_count, version,
         state, to_move, rated, compact, created_at, updated_at)
       VALUES (?, ?, '{}', 1, ?, ?, ?, ?, ?, ?, '{}', ?, 1, 0, 1000, ?)`,
      [
        g.id,
        g.type,
        JSON.stringify(g.players),
        g.players[0] as string,
        g.status,
        g.outcome === null ? null : JSON.stringify(g.outcome),
        g.moveCount,
        g.moveCount,
        g.status === 'active' ? (g.players[0] as string) : null,
        g.updatedAt,
      ],
    );
    for (const [seat, user] of g.players.entries())
      await db.run('INSERT INTO game_players (game_id, seat, user_id) VALUES (?, ?, ?)', [g.id, seat, user]);
  }
  // PostgreSQL's id sequence moves on past the ids written by hand, as it would have.
  if (db.dialect === 'postgres')
    await db.run("SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT max(id) FROM games))");
}

const newestFirst = (a: Old, b: Old) => b.updatedAt - a.updatedAt || b.id - a.id;
const isPair = (g: Old, a: string, b: string) =>
  g.players.length === 2 && g.players.includes(a) && g.players.includes(b);

/** What a head-to-head shows, computed from the games themselves. */
function expectedRecords(games: readonly Old[], a: string, b: string) {
  const byType = new Map<string, { gameType: string; wins: number; losses: number; draws: number }>();
  for (const g of games) {
    if (g.status !== 'finished' || !isPair(g, a, b) || !g.outcome || g.outcome.kind === 'loss') continue;
    const r = byType.get(g.type) ?? { gameType: g.type, wins: 0, losses: 0, draws: 0 };
    if (g.outcome.kind === 'draw') r.draws++;
    else if (g.players[g.outcome.winner] === a) r.wins++;
    else r.losses++;
    byType.set(g.type, r);
  }
  return [...byType.values()].sort((x, y) => x.gameType.localeCompare(y.gameType));
}

/** A player's archive, computed from the games: finished, or void after moves, newest first. */
const expectedArchive = (games: readonly Old[], user: string, type: string | null) =>
  games
    .filter((g) => g.players.includes(user) && (type === null || g.type === type))
    .filter((g) => g.status === 'finished' || (g.status === 'void' && g.moveCount > 0))
    .sort(newestFirst)
    .map((g) => g.id);

/** Every page of a player's archive, read by its cursor (the last game of each page). */
async function archiveByCursor(store: Store, user: string, type: string | null, page: number) {
  const ids: number[] = [];
  let from: number | ArchiveCursor = 0;
  for (;;) {
    const rows = await store.archivedGames(user, type, from, page);
    ids.push(...rows.map((r) => r.id));
    const last = rows.at(-1);
    if (rows.length < page || !last) return ids;
    from = { endedAt: last.endedAt, gameId: last.id };
  }
}

for (const backend of oldSchemaBackends()) {
  describe(`migration ${ENDINGS_MIGRATION.version} on ${backend.name}, over games that ended before it`, {
    skip: backend.skip,
  }, () => {
    const games = oldGames();
    let store: Store | undefined;
    after(async () => {
      await store?.close();
      await backend.cleanUp();
    });

    it('writes the head-to-heads and archives the games themselves give', async () => {
      store = await openStore(await backend.setUp((db) => seedOld(db, games)));
      for (const [a, b] of [
        ['ann', 'bob'],
        ['bob', 'ann'],
        ['ann', 'cid'],
        ['cid', 'bob'],
      ] as const) {
        assert.deepEqual(await store.pairRecords(a, b), expectedRecords(games, a, b), `${a} against ${b}`);
        const between = games.filter((g) => g.status === 'finished' && isPair(g, a, b)).sort(newestFirst);
        assert.deepEqual(
          (await store.gamesBetween(a, b, 10)).map((g) => g.id),
          between.slice(0, 10).map((g) => g.id),
          `the latest games of ${a} against ${b}`,
        );
      }
      for (const user of ['ann', 'bob', 'cid'])
        for (const type of [null, 'warpweft', 'atom4']) {
          const want = expectedArchive(games, user, type);
          assert.ok(want.length > 0);
          assert.deepEqual(await archiveByCursor(store, user, type, 4), want, `${user}'s archive of ${type}`);
          assert.deepEqual(
            (await store.archivedGames(user, type, 5, 3)).map((g) => g.id),
            want.slice(5, 8),
            `${user}'s archive of ${type} from the sixth`,
          );
        }
    });

    it('counts a game ending after the upgrade on top of the rows written for the old ones', async () => {
      assert.ok(store);
      const active = games.find((g) => g.status === 'active') as Old;
      const before = await store.loadGame(active.id);
      assert.ok(before);
      const outcome: Outcome = { kind: 'win', winner: 0, reason: 'resigned' };
      const ended = await store.commit({
        gameId: active.id,
        version: before.version,
        move: null,
        state: before.state,
        moveCount: before.moveCount,
        status: 'finished',
        outcome,
        toMove: null,
        at: 6000,
      });
      assert.ok(ended);
      const now = games.map((g) =>
        g === active ? { ...g, status: 'finished' as const, outcome, updatedAt: 6000 } : g,
      );
      assert.deepEqual(await store.pairRecords('ann', 'bob'), expectedRecords(now, 'ann', 'bob'));
      assert.deepEqual(await archiveByCursor(store, 'bob', null, 7), expectedArchive(now, 'bob', null));
      assert.equal((await store.gamesBetween('bob', 'ann', 1))[0]?.id, active.id);
    });
  });
}

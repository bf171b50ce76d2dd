/**
 * Migration 20 on a database rated by Elo: every player's rating, and the rating history, become
 * what replaying the rated games with the `glicko2` library gives, in the order the games ended.
 * Both backends (PostgreSQL with TEST_DATABASE_URL).
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { Glicko2 } from 'glicko2';
import { oldSchemaBackends } from '../../../test/old-schema.ts';
import type { Outcome } from '../../games/game.ts';
import type { Db } from '../db/db.ts';
import { openStore, type Store } from '../index.ts';
import { GLICKO_MIGRATION } from './glicko.ts';
import { migrate } from './migrations.ts';

const BEFORE = GLICKO_MIGRATION.version - 1;
const USERS = ['ann', 'bob', 'cid', 'dee'];

interface Old {
  readonly id: number;
  readonly type: string;
  readonly players: readonly string[];
  readonly rated: boolean;
  readonly outcome: Outcome;
  readonly updatedAt: number;
}

/**
 * Rated games among four players in two types, written in an order other than the one they
 * ended in (some at the same moment, which the id decides), and games the replay must skip: an
 * unrated one, a solo loss, a game of three.
 */
function oldGames(): Old[] {
  const games: Old[] = [];
  for (let i = 0; i < 40; i++) {
    const a = USERS[i % 4] as string;
    const b = USERS[(i * 3 + 1) % 4 === i % 4 ? (i + 2) % 4 : (i * 3 + 1) % 4] as string;
    const outcome: Outcome =
      i % 7 === 3
        ? { kind: 'draw', reason: 'agreed' }
        : { kind: 'win', winner: (i * 5) % 3 === 0 ? 1 : 0, reason: 'resigned' };
    games.push({
      id: i + 1,
      type: i % 3 === 0 ? 'atom4' : 'warpweft',
      players: [a, b],
      rated: i % 11 !== 5,
      outcome,
      updatedAt: 9000 - ((i * 37) % 40) * 10 - (i % 4 === 1 ? 10 : 0),
    });
  }
  const win: Outcome = { kind: 'win', winner: 0, reason: 'won' };
  games.push({
    id: 41,
    type: 'sigmar',
    players: ['ann'],
    rated: true,
    outcome: { kind: 'loss', reason: 'stuck' },
    updatedAt: 8000,
  });
  games.push({
    id: 42,
    type: 'atom4',
    players: ['ann', 'bob', 'cid'],
    rated: true,
    outcome: win,
    updatedAt: 8001,
  });
  return games;
}

/** The old schema with the games, an Elo rating per player and an Elo history per game. */
async function seedOld(db: Db, games: readonly Old[]): Promise<void> {
  await migrate(db, BEFORE);
  for (const user of USERS)
    await db.run('INSERT INTO users (id, pass_hash, salt, created_at) VALUES (?, ?, ?, ?)', [
      user,
      '!',
      '!',
      1,
    ]);
  const counts = new Map<
    string,
    { type: string; user: string; games: number; wins: number; losses: number; draws: number }
  >();
  for (const g of games) {
    await db.run(
      `INSERT INTO games (id, game_type, options, seed, players, challenger, status, outcome, move_count, version,
         state, to_move, rated, compact, created_at, updated_at)
       VALUES (?, ?, '{}', 1, ?, ?, 'finished', ?, 6, 6, '{}', NULL, ?, 0, 1000, ?)`,
      [
        g.id,
        g.type,
        JSON.stringify(g.players),
        g.players[0] as string,
        JSON.stringify(g.outcome),
        g.rated ? 1 : 0,
        g.updatedAt,
      ],
    );
    for (const [seat, user] of g.players.entries())
      await db.run('INSERT INTO game_players (game_id, seat, user_id) VALUES (?, ?, ?)', [g.id, seat, user]);
    if (!g.rated || g.players.length !== 2 || g.outcome.kind === 'loss') continue;
    for (const [seat, user] of g.players.entries()) {
      const c = counts.get(`${g.type}/${user}`) ?? {
        type: g.type,
        user,
        games: 0,
        wins: 0,
        losses: 0,
        draws: 0,
      };
      const score = g.outcome.kind === 'draw' ? 0.5 : g.outcome.winner === seat ? 1 : 0;
      counts.set(`${g.type}/${user}`, {
        ...c,
        games: c.games + 1,
        wins: c.wins + (score === 1 ? 1 : 0),
        losses: c.losses + (score === 0 ? 1 : 0),
        draws: c.draws + (score === 0.5 ? 1 : 0),
      });
      await db.run(
        `INSERT INTO rating_history (user_id, game_type, game_id, opponent, score, rating_before, rating_after, at)
         VALUES (?, ?, ?, ?, ?, 1500, 1516, ?)`,
        [user, g.type, g.id, g.players[1 - seat] as string, score, g.updatedAt],
      );
    }
  }
  for (const c of counts.values())
    await db.run(
      'INSERT INTO ratings (game_type, user_id, rating, games, wins, losses, draws) VALUES (?, ?, 1516, ?, ?, ?, ?)',
      [c.type, c.user, c.games, c.wins, c.losses, c.draws],
    );
  if (db.dialect === 'postgres')
    await db.run("SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT max(id) FROM games))");
}

interface Replayed {
  rating: number;
  deviation: number;
  volatility: number;
  history: { gameId: number; before: number; after: number }[];
}

/** The games replayed with the library itself: 1500 ± 350, volatility 0.06, τ 0.5, a period per game. */
function replayWithLibrary(games: readonly Old[]): Map<string, Replayed> {
  const state = new Map<string, { rating: number; rd: number; vol: number; history: Replayed['history'] }>();
  const inOrder = [...games].sort((x, y) => x.updatedAt - y.updatedAt || x.id - y.id);
  for (const g of inOrder) {
    if (!g.rated || g.players.length !== 2 || g.outcome.kind === 'loss') continue;
    const keys = g.players.map((u) => `${g.type}/${u}`);
    const olds = keys.map((k) => state.get(k) ?? { rating: 1500, rd: 350, vol: 0.06, history: [] });
    const system = new Glicko2({ tau: 0.5, rating: 1500, rd: 350, vol: 0.06 });
    const players = olds.map((o) => system.makePlayer(o.rating, o.rd, o.vol));
    const score = g.outcome.kind === 'draw' ? 0.5 : g.outcome.winner === 0 ? 1 : 0;
    system.updateRatings([[players[0], players[1], score]] as never);
    keys.forEach((k, seat) => {
      const p = players[seat];
      const o = olds[seat];
      if (!p || !o) return;
      const entry = { gameId: g.id, before: o.rating, after: p.getRating() };
      state.set(k, { rating: p.getRating(), rd: p.getRd(), vol: p.getVol(), history: [...o.history, entry] });
    });
  }
  return new Map(
    [...state].map(([k, s]) => [
      k,
      { rating: s.rating, deviation: s.rd, volatility: s.vol, history: s.history },
    ]),
  );
}

const near = (actual: number | undefined, expected: number, what: string) =>
  assert.ok(
    actual !== undefined && Math.abs(actual - expected) < 1e-9,
    `${what}: ${actual}, expected ${expected}`,
  );

for (const backend of oldSchemaBackends()) {
  describe(`migration ${GLICKO_MIGRATION.version} on ${backend.name}, over games rated by Elo`, {
    skip: backend.skip,
  }, () => {
    const games = oldGames();
    let store: Store | undefined;
    after(async () => {
      await store?.close();
      await backend.cleanUp();
    });

    it('gives every player the Glicko-2 rating and history a replay with the library gives', async () => {
      store = await openStore(await backend.setUp((db) => seedOld(db, games)));
      const want = replayWithLibrary(games);
      assert.ok(want.size >= 8, 'four players in two types');
      for (const user of USERS) {
        const ratings = await store.userRatings(user);
        assert.equal(ratings.length, 2, `${user} is rated in both types`);
        for (const r of ratings) {
          const expected = want.get(`${r.gameType}/${user}`);
          assert.ok(expected);
          near(r.rating, expected.rating, `${user}'s ${r.gameType} rating`);
          near(r.deviation, expected.deviation, `${user}'s ${r.gameType} deviation`);
          near(r.volatility, expected.volatility, `${user}'s ${r.gameType} volatility`);
          assert.equal(r.games, expected.history.length, `${user}'s ${r.gameType} games are kept`);
          const history = await store.ratingHistory(user, r.gameType, 100);
          assert.deepEqual(
            history.map((h) => h.gameId),
            expected.history.map((h) => h.gameId),
            `${user}'s ${r.gameType} history in the order the games ended`,
          );
          history.forEach((h, i) => {
            near(h.before, expected.history[i]?.before ?? Number.NaN, `${user} before game ${h.gameId}`);
            near(h.after, expected.history[i]?.after ?? Number.NaN, `${user} after game ${h.gameId}`);
          });
        }
      }
    });
  });
}

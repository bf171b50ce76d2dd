/**
 * Player profiles over HTTP on a real server and store: ratings, the rating history written by the
 * commits that rate games (and rebuilt for games rated before it was kept), head-to-head records,
 * and the refusals. On SQLite, and on PostgreSQL when TEST_DATABASE_URL names one.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { GameShow, HeadToHead, Profile, RatingHistory, Standing } from '../../api/index.ts';
import { warpweft } from '../../games/warpweft/index.ts';
import type { ServerConfig } from '../config/settings.ts';
import { testServer } from '../test-support.ts';

const pgUrl = process.env.TEST_DATABASE_URL?.startsWith('postgres')
  ? process.env.TEST_DATABASE_URL
  : undefined;

const firstLegal = (view: unknown) =>
  warpweft.formatMove(warpweft.legalMoves(view as never)[0] as never, view as never);

interface Backend {
  readonly name: string;
  readonly skip: string | false;
  /** The settings of a server on this backend's database (the same one each time). */
  readonly config: Partial<ServerConfig>;
  /** Run SQL on the database directly, as an operator would. */
  sql(statements: readonly string[]): Promise<void>;
  cleanup(): Promise<void>;
}

function sqliteBackend(): Backend {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-profiles-'));
  return {
    name: 'SQLite',
    skip: false,
    config: { dataDir },
    async sql(statements) {
      const db = new DatabaseSync(join(dataDir, 'tessera.db'));
      for (const s of statements) db.exec(s);
      db.close();
    },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function postgresBackend(): Backend {
  const pgSchema = `t_${randomBytes(6).toString('hex')}`;
  const client = async () => {
    const c = new pg.Client({ connectionString: pgUrl });
    await c.connect();
    return c;
  };
  return {
    name: 'PostgreSQL',
    skip: pgUrl ? false : 'PostgreSQL profile tests skipped: set TEST_DATABASE_URL=postgres://… to run them',
    config: { databaseUrl: pgUrl as string, pgSchema },
    async sql(statements) {
      const c = await client();
      await c.query(`SET search_path TO "${pgSchema}"`);
      for (const s of statements) await c.query(s);
      await c.end();
    },
    async cleanup() {
      if (!pgUrl) return;
      const c = await client();
      await c.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
      await c.end();
    },
  };
}

for (const backend of [sqliteBackend(), postgresBackend()]) {
  describe(`player profiles on ${backend.name}`, { skip: backend.skip }, () => {
    let s: Awaited<ReturnType<typeof testServer>>;
    const tokens: Record<string, string> = {};
    const start = async () => {
      s = await testServer(backend.config);
    };
    before(async () => {
      await start();
      for (const user of ['ann', 'bob', 'cat', 'dan']) tokens[user] = await s.account(user);
    });
    after(async () => {
      await s.app.close();
      await backend.cleanup();
    });

    const get = async <T>(url: string, status = 200) => {
      const answer = await s.call('GET', url);
      assert.equal(answer.status, status, `${url}: ${answer.body.error}`);
      return answer.body as T & { error?: string };
    };
    /** A Warp and Weft game `first` against `second`, both moving once, then `loser` resigns. */
    const play = async (first: string, second: string, loser: string) => {
      const made = await s.call(
        'POST',
        '/api/games',
        { gameType: 'warpweft', players: [first, second], options: { size: 2 } },
        tokens[first],
      );
      const id = made.body.id as number;
      for (const mover of [first, second]) {
        const shown = (await s.call('GET', `/api/games/${id}`, undefined, tokens[mover])).body as GameShow;
        const moved = await s.call(
          'POST',
          `/api/games/${id}/moves`,
          { move: firstLegal(shown.view) },
          tokens[mover],
        );
        assert.equal(moved.status, 200);
      }
      assert.equal((await s.call('POST', `/api/games/${id}/resign`, undefined, tokens[loser])).status, 200);
      return id;
    };

    const games: number[] = [];
    it('keeps a rating history of each rated result, before and after, ending at the rating', async () => {
      games.push(await play('ann', 'bob', 'bob'));
      games.push(await play('bob', 'ann', 'bob'));
      games.push(await play('ann', 'bob', 'ann'));
      games.push(await play('cat', 'ann', 'cat'));
      // Resigned before the second player moved: void, never rated, no history.
      const made = await s.call(
        'POST',
        '/api/games',
        { gameType: 'warpweft', players: ['dan', 'ann'], options: { size: 2 } },
        tokens.dan,
      );
      await s.call('POST', `/api/games/${made.body.id}/resign`, undefined, tokens.dan);

      const history = await get<RatingHistory>('/api/players/ann/history?type=warpweft');
      assert.deepEqual(
        history.points.map((p) => [p.gameId, p.opponent, p.score]),
        [
          [games[0], 'bob', 1],
          [games[1], 'bob', 1],
          [games[2], 'bob', 0],
          [games[3], 'cat', 1],
        ],
      );
      assert.equal(history.points[0]?.before, 1500);
      for (let i = 1; i < history.points.length; i++)
        assert.equal(history.points[i]?.before, history.points[i - 1]?.after);
      assert.ok((history.points[0]?.after ?? 0) > 1500, 'a win raises the rating');
      assert.ok((history.points[2]?.after ?? 0) < (history.points[2]?.before ?? 0), 'a loss lowers it');
      const standings = await get<Standing[]>('/api/ratings/warpweft');
      const anns = standings.find((r) => r.user === 'ann');
      assert.equal(history.points.at(-1)?.after, anns?.rating);
      // Every game type at once, and the last results only.
      assert.deepEqual((await get<RatingHistory>('/api/players/ann/history')).points, history.points);
      assert.deepEqual(
        (await get<RatingHistory>('/api/players/ann/history?limit=1')).points,
        history.points.slice(-1),
      );
      assert.deepEqual((await get<RatingHistory>('/api/players/dan/history')).points, []);
    });

    it('shows a profile: ratings per game and recent games', async () => {
      const profile = await get<Profile>('/api/players/ANN');
      assert.equal(profile.user, 'ann');
      assert.ok(profile.since > 0);
      assert.deepEqual(
        profile.ratings.map((r) => [r.gameType, r.title, r.games, r.wins, r.losses, r.draws, r.provisional]),
        [['warpweft', 'Warp and Weft', 4, 3, 1, 0, true]],
      );
      assert.equal(profile.recent[0]?.players.join(), 'dan,ann');
      assert.ok(profile.recent.some((g) => g.id === games[0]));
      const dan = await get<Profile>('/api/players/dan');
      assert.deepEqual(dan.ratings, []);
    });

    it('gives the record of one player against another in each game, from either side', async () => {
      const ab = await get<HeadToHead>('/api/players/ann/versus/bob');
      assert.deepEqual(ab.records, [
        { gameType: 'warpweft', title: 'Warp and Weft', wins: 2, losses: 1, draws: 0 },
      ]);
      assert.deepEqual(
        ab.recent.map((g) => g.id),
        [games[2], games[1], games[0]],
      );
      const ba = await get<HeadToHead>('/api/players/bob/versus/ann');
      assert.deepEqual(ba.records, [
        { gameType: 'warpweft', title: 'Warp and Weft', wins: 1, losses: 2, draws: 0 },
      ]);
      // A void game is no result.
      assert.deepEqual((await get<HeadToHead>('/api/players/ann/versus/dan')).records, []);
    });

    it('refuses an unknown player, a malformed name and a game that does not exist, in sentences', async () => {
      assert.equal((await get('/api/players/zed', 404)).error, 'there is no player called zed');
      assert.equal((await get('/api/players/zed/history', 404)).error, 'there is no player called zed');
      assert.equal((await get('/api/players/ann/versus/zed', 404)).error, 'there is no player called zed');
      assert.equal(
        (await get('/api/players/ann/versus/ann', 400)).error,
        'a head-to-head needs two different players',
      );
      assert.equal(
        (await get('/api/players/ann/history?type=chess', 404)).error,
        'there is no game called chess',
      );
      assert.match((await get('/api/players/a!/history', 400)).error ?? '', /user id/);
    });

    it('rebuilds the history of games rated before it was kept, as the commits wrote it', async () => {
      const before = await get<RatingHistory>('/api/players/ann/history');
      const bobs = await get<RatingHistory>('/api/players/bob/history');
      await s.app.close();
      // The database as it was before the history: no table, the migration not yet applied.
      await backend.sql(['DROP TABLE rating_history', 'DELETE FROM schema_migrations WHERE version = 13']);
      await start();
      assert.deepEqual(await get<RatingHistory>('/api/players/ann/history'), before);
      assert.deepEqual(await get<RatingHistory>('/api/players/bob/history'), bobs);
    });
  });
}

/**
 * Correspondence clocks kept by two server processes sharing PostgreSQL: a game whose time ran out
 * is lost on time exactly once (rated once), while a game whose player is on vacation goes on.
 * Time passes by moving the games' stored times back, so the test never sleeps for days.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import pg from 'pg';
import { warpweft } from '../src/games/warpweft/index.ts';
import { POSTGRES_URL, serverPairOnPostgres, skipWithoutPostgres } from './postgres-pair.ts';
import { account, call } from './support.ts';

const DAY = 86_400_000;

describe('correspondence clocks on two processes', { skip: skipWithoutPostgres('clock tests') }, () => {
  // Both processes look for clocks due ten times a second.
  const servers = serverPairOnPostgres('clocks', { TESSERA_CLOCK_MS: '100' });

  it('ends a game on time once across processes; vacation stops the clock', async () => {
    const ann = await account(servers.one.url, 'ann');
    const bob = await account(servers.two.url, 'bob');
    const move = async (url: string, token: string, id: number) => {
      const shown = await call(url, 'GET', `/api/games/${id}`, undefined, token);
      const state = shown.body.view;
      const text = warpweft.formatMove(warpweft.legalMoves(state)[0] as never, state);
      const reply = await call(url, 'POST', `/api/games/${id}/moves`, { move: text }, token);
      assert.equal(reply.status, 200, reply.body.error);
    };
    const challenge = async () => {
      const made = await call(
        servers.one.url,
        'POST',
        '/api/games',
        { gameType: 'warpweft', players: ['ann', 'bob'], options: { size: 6 }, timeControl: '1d' },
        ann,
      );
      assert.equal(made.status, 201, made.body.error);
      assert.equal(made.body.clock.control, '1d');
      return made.body.id as number;
    };
    // Game one: each has moved, ann is to move. Game two: bob is to move and takes a vacation.
    const lapsed = await challenge();
    await move(servers.one.url, ann, lapsed);
    await move(servers.two.url, bob, lapsed);
    const resting = await challenge();
    await move(servers.one.url, ann, resting);
    const away = await call(servers.two.url, 'POST', '/api/vacation', { days: 5 }, bob);
    assert.equal(away.status, 200, away.body.error);

    // Two days pass (the vacation having started at bob's turn).
    const db = new pg.Client({ connectionString: POSTGRES_URL });
    await db.connect();
    try {
      const s = `"${servers.schema}"`;
      const ids = [lapsed, resting];
      await db.query(
        `UPDATE ${s}.games SET created_at = created_at - $1, updated_at = updated_at - $1 WHERE id = ANY($2)`,
        [2 * DAY, ids],
      );
      await db.query(`UPDATE ${s}.moves SET at = at - $1 WHERE game_id = ANY($2)`, [2 * DAY, ids]);
      await db.query(`UPDATE ${s}.game_clocks SET check_at = check_at - $1 WHERE game_id = ANY($2)`, [
        2 * DAY,
        ids,
      ]);
      await db.query(`UPDATE ${s}.vacations SET starts_at = starts_at - $1, ends_at = ends_at - $1`, [
        2 * DAY,
      ]);

      // Both processes look; the lapsed game ends, and the resting game is looked at and put off.
      for (let i = 0; i < 200; i++) {
        const ended = (await call(servers.two.url, 'GET', `/api/games/${lapsed}`)).body.status !== 'active';
        const { rows } = await db.query(`SELECT check_at FROM ${s}.game_clocks WHERE game_id = $1`, [
          resting,
        ]);
        if (ended && Number(rows[0]?.check_at) > Date.now()) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await db.end();
    }
    const ended = (await call(servers.one.url, 'GET', `/api/games/${lapsed}`)).body;
    assert.equal(ended.status, 'finished');
    assert.match(ended.outcome.reason, /^ann \(.*\) ran out of time$/);
    const ratings = (await call(servers.two.url, 'GET', '/api/ratings/warpweft')).body as {
      user: string;
      games: number;
      wins: number;
      losses: number;
    }[];
    assert.deepEqual(ratings.map((r) => [r.user, r.games, r.wins, r.losses]).sort(), [
      ['ann', 1, 0, 1],
      ['bob', 1, 1, 0],
    ]);
    const resting_ = (await call(servers.two.url, 'GET', `/api/games/${resting}`, undefined, bob)).body;
    assert.equal(resting_.status, 'active');
    assert.ok(resting_.clock.seats[1].vacationUntil > Date.now());
    assert.ok(resting_.clock.deadline > Date.now() + 2 * DAY);
  });
});

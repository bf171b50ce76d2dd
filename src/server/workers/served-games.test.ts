/**
 * The games a server serves are passed in: a test's own game (Tiny Nim) is listed, challenged and
 * played against the computer, whose AI runs in a worker thread that imports the same games.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { GAMES, GAMES_MODULE } from '../../../test/tiny-game/games.ts';
import { testServer } from '../test-support.ts';

describe('server: the games it is given', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  before(async () => {
    s = await testServer({}, { games: GAMES, gamesModule: GAMES_MODULE });
  });
  after(() => s.close());

  it('serves a game outside the registry, with its computer player', async () => {
    const types = (await s.call('GET', '/api/types')).body as unknown as { id: string; computer: boolean }[];
    assert.deepEqual(
      types.find((t) => t.id === 'tiny'),
      { id: 'tiny', title: 'Tiny Nim', computer: true },
    );
    const token = await s.account('ann');
    const made = await s.call(
      'POST',
      '/api/games',
      { gameType: 'tiny', players: ['ann', 'computer'] },
      token,
    );
    assert.equal(made.status, 201, made.body.error);
    const id = made.body.id as number;
    // 7 counters: ann takes 1, the perfect computer answers by leaving a multiple of four (takes 2).
    assert.equal((await s.call('POST', `/api/games/${id}/moves`, { move: '1' }, token)).status, 200);
    for (let turns = 0; ; turns++) {
      const shown = await s.call('GET', `/api/games/${id}`);
      if (shown.body.moveCount === 2) {
        assert.match(shown.body.board as string, /^oooo {2}4 of 7 left/);
        break;
      }
      assert.ok(turns < 10_000, 'the computer never moved');
      await new Promise((r) => setImmediate(r));
    }
  });

  it('is not built with games its worker threads could not find', async () => {
    await assert.rejects(
      testServer({}, { games: GAMES }),
      /needs gamesModule, the module exporting them as GAMES/,
    );
  });
});

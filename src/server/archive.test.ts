import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { warpweft } from '../games/warpweft/index.ts';
import { testServer } from './test-support.ts';

type Server = Awaited<ReturnType<typeof testServer>>;
type Listed = { id: number; players: string[]; status: string; outcome: { reason: string } | null };

describe('a player’s archive and a game’s export', () => {
  let s: Server;
  let ann: string;
  let bob: string;
  const firstLegal = (view: unknown) =>
    warpweft.formatMove(warpweft.legalMoves(view as never)[0] as never, view as never);
  /** A Warp and Weft game ann challenges bob to, where each moves once; then `ender` resigns. */
  const played = async (ender: string) => {
    const made = await s.call(
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['ann', 'bob'], options: { size: 2 } },
      ann,
    );
    const id = made.body.id as number;
    for (const player of [ann, bob]) {
      const { view } = (await s.call('GET', `/api/games/${id}`)).body;
      assert.equal(
        (await s.call('POST', `/api/games/${id}/moves`, { move: firstLegal(view) }, player)).status,
        200,
      );
    }
    assert.equal((await s.call('POST', `/api/games/${id}/resign`, undefined, ender)).body.status, 'finished');
    return id;
  };

  before(async () => {
    s = await testServer();
    ann = await s.account('ann');
    bob = await s.account('bob');
  });
  after(() => s.close());

  it('lists the finished games a player played, newest first, a page at a time', async () => {
    const declined = await s.call(
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['ann', 'bob'] },
      ann,
    );
    await s.call('POST', `/api/games/${declined.body.id}/decline`, undefined, bob);
    const first = await played(bob);
    const second = await played(ann);
    const active = await s.call('POST', '/api/games', { gameType: 'warpweft', players: ['ann', 'bob'] }, ann);

    const all = await s.call('GET', '/api/games/finished?user=ann');
    assert.equal(all.status, 200);
    const games = all.body.games as Listed[];
    assert.deepEqual(
      games.map((g) => g.id),
      [second, first],
      'the finished games, newest first; neither the declined challenge nor the game being played',
    );
    assert.ok(!games.some((g) => g.id === active.body.id));
    assert.equal(all.body.more, false);
    assert.match(games[0]?.outcome?.reason ?? '', /ann \(.*\) resigned/);

    const page1 = await s.call('GET', '/api/games/finished?user=ann&limit=1');
    assert.deepEqual(
      (page1.body.games as Listed[]).map((g) => g.id),
      [second],
    );
    assert.equal(page1.body.more, true);
    const page2 = await s.call('GET', '/api/games/finished?user=ann&limit=1&offset=1');
    assert.deepEqual(
      (page2.body.games as Listed[]).map((g) => g.id),
      [first],
    );
    assert.equal(page2.body.more, false);
    assert.deepEqual((await s.call('GET', '/api/games/finished?user=bob&type=atom4')).body.games, []);
  });

  it('refuses a bad archive request with a sentence', async () => {
    const unknown = await s.call('GET', '/api/games/finished?user=ann&type=chess');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error, 'there is no game called chess');
    const noUser = await s.call('GET', '/api/games/finished');
    assert.equal(noUser.status, 400);
    assert.equal(noUser.body.code, 'bad-request');
  });

  it('exports a game as text: header, result naming the players, and every move', async () => {
    const id = await played(bob);
    const shown = (await s.call('GET', `/api/games/${id}`)).body;
    const response = await s.app.inject({ method: 'GET', url: `/api/games/${id}/export` });
    assert.equal(response.statusCode, 200);
    assert.match(response.headers['content-type'] as string, /^text\/plain/);
    assert.equal(
      response.headers['content-disposition'],
      `attachment; filename="tessera-warpweft-${id}.txt"`,
    );
    const moves = (shown.moves as { move: string }[]).map((m) => m.move);
    assert.match(response.body, new RegExp(`^Game: +Warp and Weft \\(warpweft\\)\nBoard: +${id}\n`));
    assert.match(response.body, /\nPlayers: ann \(Warp \(Vert\)\) vs bob \(Weft \(Horz\)\)\n/);
    assert.match(response.body, /\nResult: +ann \(Warp \(Vert\)\) wins: bob \(Weft \(Horz\)\) resigned\n/);
    assert.match(response.body, new RegExp(`\n\n1\\. ${moves[0]} {2}2\\. ${moves[1]}\n$`));
    const missing = await s.call('GET', '/api/games/999999/export');
    assert.equal(missing.status, 404);
  });
});

/**
 * Open challenges and quick pairing through the HTTP routes, on both backends: terms checked with
 * clear sentences, the list filtered to what the viewer may take, taking starts the game at once
 * with the seat chosen, only the poster cancels, quick pairing pairs two strangers, and every
 * lobby hears of each change live.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { GameShow, QuickAnswer, SeekList, SeekView } from '../../api/index.ts';
import { createAuthority } from '../../engine/index.ts';
import { GAMES } from '../../games/index.ts';
import { LiveClient } from '../live/ws-client.ts';
import { MAX_ACTIVE_GAMES } from '../service/index.ts';
import { TEST_BACKENDS, testServer, testServerOn } from '../test-support.ts';

for (const backend of TEST_BACKENDS) {
  describe(`open challenges on ${backend.name}`, () => {
    let s: Awaited<ReturnType<typeof testServerOn>>;
    let base: string;
    const tokens: Record<string, string> = {};
    before(async () => {
      s = await testServerOn(backend);
      for (const user of ['ann', 'bob', 'cat', 'dan', 'eve']) tokens[user] = await s.account(user);
      await s.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(s.app.server.address() as { port: number }).port}`;
    });
    after(() => s.close());

    const as = (user: string) => ({
      get: (url: string) => s.call('GET', url, undefined, tokens[user]),
      post: (url: string, body?: unknown) => s.call('POST', url, body ?? {}, tokens[user]),
      del: (url: string) => s.call('DELETE', url, undefined, tokens[user]),
    });
    const lobby = async (user: string) => {
      const live = new LiveClient(base, { format: 'json' });
      await live.opened;
      live.send({ type: 'auth', token: tokens[user] as string });
      await live.next((f) => f.type === 'auth');
      live.send({ type: 'subscribe', notices: true });
      await live.next((f) => f.type === 'subscribed');
      return live;
    };

    it('refuses terms that are not a game for two, with a sentence naming what is wrong', async () => {
      const refused = async (body: unknown) => (await as('ann').post('/api/seeks', body)).body.error;
      assert.equal(await refused({ gameType: 'chess' }), 'there is no game called chess');
      assert.match(String(await refused({ gameType: 'sigmar' })), /open challenges are for two players/);
      assert.match(
        String(await refused({ gameType: 'warpweft', timeControl: '4d' })),
        /days per move must be one of/,
      );
      assert.match(String(await refused({ gameType: 'warpweft', options: { size: 99 } })), /size/);
      assert.equal(
        await refused({ gameType: 'warpweft', minRating: 1600, maxRating: 1400 }),
        'a rating range runs from low to high, not 1600 to 1400',
      );
      assert.match(
        String(await refused({ gameType: 'warpweft', seat: 'left' })),
        /seat is first, second or random/,
      );
      assert.equal((await as('ann').get('/api/seeks')).body.mine && true, true);
      assert.deepEqual(((await as('ann').get('/api/seeks')).body as unknown as SeekList).mine, []);
    });

    it('lists a seek to others only, starts its game when taken with the seat chosen, and tells both', async () => {
      const annLobby = await lobby('ann');
      const catLobby = await lobby('cat');
      const posted = await as('ann').post('/api/seeks', {
        gameType: 'warpweft',
        options: { size: 2 },
        timeControl: '5d',
        rated: false,
        seat: 'second',
      });
      assert.equal(posted.status, 201);
      const seek = posted.body as unknown as SeekView;
      assert.equal(seek.title, 'Warp and Weft');
      const heard = await catLobby.next((f) => f.type === 'seeks');
      assert.deepEqual(
        (heard.added as SeekView[]).map((a) => a.id),
        [seek.id],
      );
      const seen = (await as('bob').get('/api/seeks')).body as unknown as SeekList;
      assert.deepEqual(
        seen.open.map((x) => x.id),
        [seek.id],
      );
      const own = (await as('ann').get('/api/seeks')).body as unknown as SeekList;
      assert.deepEqual([own.open.length, own.mine.map((x) => x.id)], [0, [seek.id]]);
      const mine = await as('ann').post(`/api/seeks/${seek.id}/take`);
      assert.deepEqual(
        [mine.status, mine.body.error],
        [403, 'that is your own open challenge; cancel it instead'],
      );
      assert.equal((await as('bob').del(`/api/seeks/${seek.id}`)).status, 404, 'only the poster cancels');

      const taken = await as('bob').post(`/api/seeks/${seek.id}/take`);
      assert.equal(taken.status, 201);
      const game = taken.body as unknown as GameShow;
      // The poster chose the second seat: the taker moves first.
      assert.deepEqual(game.players, ['bob', 'ann']);
      assert.equal(game.toMove, 'bob');
      assert.equal(game.rated, false);
      assert.equal(game.challenger, null, 'nobody to decline: both chose it');
      assert.equal(game.clock?.control, '5d');
      const told = await annLobby.next((f) => f.type === 'notice' && (f.game as GameShow).id === game.id);
      assert.equal(told.notice, 'paired');
      const gone = await catLobby.next(
        (f) => f.type === 'seeks' && (f.removed as number[]).includes(seek.id),
      );
      assert.ok(gone);
      const again = await as('cat').post(`/api/seeks/${seek.id}/take`);
      assert.equal(again.status, 404);
      assert.match(String(again.body.error), /taken, cancelled or has expired/);
      annLobby.close();
      catLobby.close();
    });

    it('lets the poster cancel, and holds at most five open per player', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 5; i++)
        ids.push(
          ((await as('dan').post('/api/seeks', { gameType: 'atom4' })).body as unknown as SeekView).id,
        );
      const sixth = await as('dan').post('/api/seeks', { gameType: 'atom4' });
      assert.equal(sixth.status, 429);
      assert.match(String(sixth.body.error), /already have 5 open challenges/);
      assert.deepEqual((await as('dan').del(`/api/seeks/${ids[0]}`)).body, { cancelled: ids[0] });
      assert.equal((await as('dan').post('/api/seeks', { gameType: 'atom4' })).status, 201);
      for (const id of ((await as('dan').get('/api/seeks')).body as unknown as SeekList).mine)
        await as('dan').del(`/api/seeks/${id.id}`);
    });

    it('refuses to take a seek while its poster already plays the most games at once, keeps it open, and lets the poster post no other', async () => {
      tokens.fay = await s.account('fay');
      const seek = (await as('fay').post('/api/seeks', { gameType: 'atom4' })).body as unknown as SeekView;
      const authority = createAuthority({ port: s.store, games: GAMES, now: Date.now });
      for (let i = 0; i < MAX_ACTIVE_GAMES; i++) {
        const made = await authority.create({
          gameType: 'atom4',
          players: ['fay', `foe${i}`],
          options: {},
          seed: i,
        });
        assert.ok(made.ok, 'a game both chose');
      }
      const taken = await as('cat').post(`/api/seeks/${seek.id}/take`);
      assert.equal(taken.status, 429);
      assert.equal(
        taken.body.error,
        `fay already has ${MAX_ACTIVE_GAMES} active games; their open challenge can be taken when they finish some`,
      );
      const open = ((await as('cat').get('/api/seeks')).body as unknown as SeekList).open;
      assert.ok(
        open.some((x) => x.id === seek.id),
        'still open',
      );
      // Nobody could take another, so none is posted, openly or through quick pairing.
      const full = `you already have ${MAX_ACTIVE_GAMES} active games; finish some first`;
      const another = await as('fay').post('/api/seeks', { gameType: 'warpweft' });
      assert.equal(another.status, 429);
      assert.equal(another.body.error, full);
      const quick = await as('fay').post('/api/seeks/quick', { gameType: 'warpweft', timeControl: '2d' });
      assert.equal(quick.status, 429);
      assert.equal(quick.body.error, full);
      await as('fay').del(`/api/seeks/${seek.id}`);
    });

    it('pairs two strangers through quick pairing in a rated game', async () => {
      const first = (await as('eve').post('/api/seeks/quick', { gameType: 'atom4', timeControl: '2d' }))
        .body as unknown as QuickAnswer;
      assert.equal(first.paired, false);
      const again = (await as('eve').post('/api/seeks/quick', { gameType: 'atom4', timeControl: '2d' }))
        .body as unknown as QuickAnswer;
      assert.deepEqual(again, first, 'asking again answers the seek already waiting');
      const second = (await as('cat').post('/api/seeks/quick', { gameType: 'atom4', timeControl: '2d' }))
        .body as unknown as QuickAnswer;
      assert.equal(second.paired, true);
      const game = (await as('cat').get(`/api/games/${second.paired ? second.gameId : 0}`))
        .body as unknown as GameShow;
      assert.deepEqual([...game.players].sort(), ['cat', 'eve']);
      assert.equal(game.rated, true);
      assert.equal(((await as('eve').get('/api/seeks')).body as unknown as SeekList).mine.length, 0);
    });
  });
}

const pgUrl = process.env.TEST_DATABASE_URL?.startsWith('postgres')
  ? process.env.TEST_DATABASE_URL
  : undefined;

describe('open challenges across two server processes on PostgreSQL', {
  skip: pgUrl ? false : 'set TEST_DATABASE_URL=postgres://… to run it',
}, () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  let one: Awaited<ReturnType<typeof testServer>>;
  let two: Awaited<ReturnType<typeof testServer>>;
  before(async () => {
    one = await testServer({ databaseUrl: pgUrl, pgSchema: schema });
    two = await testServer({ databaseUrl: pgUrl, pgSchema: schema });
  });
  after(async () => {
    await two?.close();
    await one?.close();
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });

  it('tells the lobbies of the other process of a seek posted, and both players of its game', async () => {
    const ann = await one.account('ann');
    const bob = await two.account('bob');
    await two.app.listen({ port: 0, host: '127.0.0.1' });
    const live = new LiveClient(`http://127.0.0.1:${(two.app.server.address() as { port: number }).port}`, {
      format: 'json',
    });
    await live.opened;
    live.send({ type: 'auth', token: bob });
    await live.next((f) => f.type === 'auth');
    live.send({ type: 'subscribe', notices: true });
    await live.next((f) => f.type === 'subscribed');
    const posted = (await one.call('POST', '/api/seeks', { gameType: 'atom4' }, ann))
      .body as unknown as SeekView;
    const heard = await live.next((f) => f.type === 'seeks');
    assert.deepEqual(
      (heard.added as SeekView[]).map((s) => [s.id, s.user, s.title]),
      [[posted.id, 'ann', 'Atom-4']],
    );
    await one.call('DELETE', `/api/seeks/${posted.id}`, undefined, ann);
    const gone = await live.next((f) => f.type === 'seeks');
    assert.deepEqual(gone.removed, [posted.id]);

    // Bob takes ann's next one through his process; ann's lobby on hers hears the game began.
    await one.app.listen({ port: 0, host: '127.0.0.1' });
    const annLive = new LiveClient(
      `http://127.0.0.1:${(one.app.server.address() as { port: number }).port}`,
      {
        format: 'json',
      },
    );
    await annLive.opened;
    annLive.send({ type: 'auth', token: ann });
    await annLive.next((f) => f.type === 'auth');
    annLive.send({ type: 'subscribe', notices: true });
    await annLive.next((f) => f.type === 'subscribed');
    const next = (await one.call('POST', '/api/seeks', { gameType: 'atom4' }, ann))
      .body as unknown as SeekView;
    await live.next((f) => f.type === 'seeks');
    const taken = await two.call('POST', `/api/seeks/${next.id}/take`, {}, bob);
    assert.equal(taken.status, 201);
    const told = await annLive.next((f) => f.type === 'notice');
    assert.deepEqual([told.notice, (told.game as GameShow).id], ['paired', taken.body.id]);
    annLive.close();
    live.close();
  });
});

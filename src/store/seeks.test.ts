/**
 * Open challenges on both backends (PostgreSQL with TEST_DATABASE_URL): the list shows a viewer
 * only what they may take and nothing expired, a player holds at most a few open even when posting
 * in parallel, and takers racing for one seek (from two processes on PostgreSQL) make one game.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { createAuthority } from '../engine/index.ts';
import { GAMES } from '../games/index.ts';
import { warpweft } from '../games/warpweft/index.ts';
import { type NewSeek, openStore, type Store } from './index.ts';
import { onEachBackend } from './test-backends.ts';

const WEEK = 7 * 86_400_000;
const T = 1_000_000;

const terms = (user: string, extra: Partial<NewSeek> = {}): NewSeek => ({
  user,
  gameType: 'warpweft',
  options: { size: 2 },
  compact: false,
  timeControl: '3d',
  rated: true,
  seat: 'random',
  minRating: null,
  maxRating: null,
  at: T,
  expiresAt: T + WEEK,
  ...extra,
});

onEachBackend('open challenges', (backend, opened) => {
  let store: Store;
  before(() => {
    store = opened.store();
  });
  const config = opened.config;
  const authority = (port: Store = store) => createAuthority({ port, games: GAMES, now: () => T + 1 });

  const post = async (seek: NewSeek) => {
    const posted = await store.postSeek(seek, 5);
    assert.ok(!('refused' in posted), 'posted');
    return posted;
  };

  it('lists to a viewer the seeks they may take, with the poster rating, and none expired', async () => {
    const open = await post(terms('ann'));
    assert.equal(open.rating, 1500);
    assert.deepEqual(open.options, { size: 2 });
    const expiring = await post(terms('ann', { expiresAt: T + 10 }));
    const listed = (viewer: string | null, at = T + 5) =>
      store.openSeeks(viewer, at, { gameType: 'warpweft' }, 50).then((s) => s.map((x) => x.id));
    assert.deepEqual(await listed('bob'), [expiring.id, open.id], 'the soonest to expire first');
    assert.deepEqual(await listed('ann'), [], 'not their own');
    assert.deepEqual(await listed('bob', T + 10), [open.id], 'expired at its time');
    assert.deepEqual(await store.openSeeks('bob', T, { gameType: 'atom4' }, 50), []);
    await store.setRejects('cid', 'warpweft', true);
    assert.deepEqual(await listed('cid'), [], 'not a game the viewer rejects');
    assert.equal(await store.openSeek(expiring.id, T + 10), undefined);
    assert.equal(await store.deleteExpiredSeeks(T + 10), 1);
    assert.equal(await store.cancelSeek(open.id, 'bob'), false, 'only the poster cancels');
    assert.equal(await store.cancelSeek(open.id, 'ann'), true);
    assert.deepEqual(await listed('bob'), []);
  });

  it('never lists or pairs a seek between two players when either blocked the other', async () => {
    const seek = await post(terms('gil', { gameType: 'atom4', options: {} }));
    const sees = async (viewer: string) =>
      (await store.openSeeks(viewer, T, { gameType: 'atom4' }, 50)).some((s) => s.id === seek.id);
    assert.equal(await sees('hal'), true);
    await store.blockUser('hal', 'gil', T);
    assert.equal(await sees('hal'), false, 'not a seek by someone the viewer blocked');
    assert.equal(await store.openSeek(seek.id, T, 'hal'), undefined, 'nor one to take');
    await store.blockUser('gil', 'ivy', T);
    assert.equal(await sees('ivy'), false, 'not a seek by someone who blocked the viewer');
    const paired = await store.postOrFind(terms('ivy', { gameType: 'atom4', options: {} }), 5);
    assert.ok(!('found' in paired), 'quick pairing passes over the blocked poster');
    assert.equal(await sees('jon'), true, 'others still see it');
  });

  it('shows a seek with a rating range only to players rated within it', async () => {
    const ranged = await post(terms('dan', { minRating: 1505, maxRating: 1700 }));
    const sees = async (viewer: string) =>
      (await store.openSeeks(viewer, T, {}, 50)).some((s) => s.id === ranged.id);
    assert.equal(await sees('eve'), false, '1500 is below the range');
    // eve wins a rated game and rises above 1505 (to about 1662: a first result moves far).
    const game = await authority().create({
      gameType: 'warpweft',
      players: ['eve', 'fay'],
      options: { size: 2 },
      seed: 1,
    });
    assert.ok(game.ok);
    for (const user of ['eve', 'fay']) {
      const now = await store.loadGame(game.value.id);
      const state = now?.state as never;
      const move = warpweft.formatMove(warpweft.legalMoves(state)[0] as never, state);
      assert.ok((await authority().move({ gameId: game.value.id, user, move })).ok);
    }
    const resigned = await authority().resign({ gameId: game.value.id, user: 'fay' });
    assert.ok(resigned.ok);
    assert.ok(((await store.ratings('warpweft')).find((r) => r.user === 'eve')?.rating ?? 0) > 1505);
    assert.equal(await sees('eve'), true);
    assert.equal(await store.cancelSeek(ranged.id, 'dan'), true);
  });

  it('holds at most the limit of open seeks per player, however many are posted at once', async () => {
    const answers = await Promise.all(Array.from({ length: 9 }, () => store.postSeek(terms('gus'), 5)));
    assert.equal(answers.filter((a) => !('refused' in a)).length, 5);
    const refused = answers.find((a) => 'refused' in a);
    assert.match(refused && 'refused' in refused ? refused.refused : '', /already have 5 open challenges/);
    assert.equal((await store.seeksOf('gus', T)).length, 5);
    // An expired seek no longer counts.
    assert.ok(!('refused' in (await store.postSeek(terms('gus', { at: T + WEEK }), 5))));
  });

  it('makes exactly one game when takers race for one seek', async () => {
    // On PostgreSQL, a second process's pool; one process owns a SQLite file.
    const other = backend === 'postgres' ? await openStore(config()) : store;
    try {
      for (let round = 0; round < 3; round++) {
        const seek = await post(terms(`poster${round}`));
        const takes = await Promise.all(
          Array.from({ length: 6 }, (_, i) =>
            authority(i % 2 === 0 ? store : other).create({
              gameType: 'warpweft',
              players: [`poster${round}`, `taker${i}`],
              options: { size: 2 },
              seed: 5,
              takes: seek.id,
            }),
          ),
        );
        const made = takes.filter((t) => t.ok);
        assert.equal(made.length, 1, 'one game');
        for (const t of takes) if (!t.ok) assert.equal(t.code, 'conflict');
        assert.equal(await store.openSeek(seek.id, T), undefined, 'the seek is gone');
        const games = await store.listGames(`poster${round}`, 'all', null, 10);
        assert.equal(games.length, 1);
      }
    } finally {
      if (other !== store) await other.close();
    }
  });

  it('pairs quick pairing with the nearest-rated compatible seek, or posts one', async () => {
    const far = await post(terms('hal', { timeControl: '5d' }));
    const posted = await store.postOrFind(terms('ida', { timeControl: '5d', seat: 'random' }), 5);
    assert.deepEqual(posted, { found: far.id });
    // fay lost a rated game above (under 1500); zed, new, is at 1500 as ida is: ida is paired
    // with the nearer, not the older.
    const fay = await post(terms('fay', { timeControl: '1d' }));
    const near = await post(terms('zed', { timeControl: '1d' }));
    assert.ok(fay.rating < 1500 && near.rating === 1500);
    assert.deepEqual(await store.postOrFind(terms('ida', { timeControl: '1d' }), 5), { found: near.id });
    const other = await store.postOrFind(terms('ida', { timeControl: '7d' }), 5);
    assert.ok('id' in other && other.user === 'ida', 'no 7d seek: one posted');
    // Two players asking at once are paired with each other, not both left waiting.
    const both = await Promise.all([
      store.postOrFind(terms('jay', { timeControl: '14d' }), 5),
      store.postOrFind(terms('kim', { timeControl: '14d' }), 5),
    ]);
    assert.equal(both.filter((b) => 'found' in b).length, 1);
  });
});

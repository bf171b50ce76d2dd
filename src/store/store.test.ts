/**
 * One suite, run against both backends. The PostgreSQL run needs TEST_DATABASE_URL (or
 * DATABASE_URL) set to a postgres:// URL; each run works in a fresh schema and drops it.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { createAuthority, followMove } from '../engine/index.ts';
import { GAMES, replay } from '../games/index.ts';
import { sigmar } from '../games/sigmar/index.ts';
import { warpweft } from '../games/warpweft/index.ts';
import {
  isPostgresUrl,
  openStore,
  type RemoteSignal,
  SNAPSHOT_EVERY,
  type Store,
  type StoreConfig,
} from './index.ts';

const pgUrl = [process.env.TEST_DATABASE_URL, process.env.DATABASE_URL].find(isPostgresUrl);

interface Backend {
  readonly name: string;
  readonly skip: string | false;
  config(): Promise<StoreConfig>;
  cleanup(): Promise<void>;
}

function sqliteBackend(): Backend {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-store-'));
  return {
    name: 'sqlite',
    skip: false,
    config: async () => ({ dataDir: dir }),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

function postgresBackend(): Backend {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  return {
    name: 'postgres',
    skip: pgUrl ? false : 'PostgreSQL store tests skipped: set TEST_DATABASE_URL=postgres://… to run them',
    config: async () => ({ dataDir: '', databaseUrl: pgUrl as string, pgSchema: schema }),
    async cleanup() {
      if (!pgUrl) return;
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await client.end();
    },
  };
}

for (const backend of [sqliteBackend(), postgresBackend()]) {
  describe(`store on ${backend.name}`, { skip: backend.skip }, () => {
    let store: Store;
    let config: StoreConfig;
    let clock = 1_000_000;
    const now = () => clock++;
    const authority = () => createAuthority({ port: store, games: GAMES, now });
    const newGame = async (players: [string, string] = ['ann', 'bob']) => {
      const made = await authority().create({ gameType: 'warpweft', players, options: { size: 2 }, seed: 3 });
      assert.ok(made.ok);
      return made.value;
    };
    const legal = (state: unknown, i = 0) => {
      const moves = warpweft.legalMoves(state as never);
      return warpweft.formatMove(moves[i % moves.length] as never, state as never);
    };

    before(async () => {
      config = await backend.config();
      store = await openStore(config);
    });
    after(async () => {
      await store?.close();
      await backend.cleanup();
    });

    it('applies migrations once and opens an existing database again', async () => {
      await store.createUser({ id: 'kept', passHash: 'h', salt: 's', createdAt: 1 });
      if (backend.name === 'sqlite') {
        // One process owns a SQLite file: a second opener is refused, not allowed to share it.
        await assert.rejects(openStore(config), /locked/);
        await store.close();
        store = await openStore(config);
        assert.equal((await store.getUser('kept'))?.passHash, 'h');
      } else {
        const again = await openStore(config);
        assert.equal((await again.getUser('kept'))?.passHash, 'h');
        await again.close();
      }
    });

    it('creates users once, and changes passwords', async () => {
      assert.equal(await store.createUser({ id: 'ann', passHash: 'h1', salt: 's1', createdAt: 5 }), true);
      assert.equal(await store.createUser({ id: 'ann', passHash: 'other', salt: 's', createdAt: 6 }), false);
      assert.deepEqual(await store.getUser('ann'), { id: 'ann', passHash: 'h1', salt: 's1', createdAt: 5 });
      await store.setPassword('ann', 'h2', 's2');
      assert.equal((await store.getUser('ann'))?.passHash, 'h2');
      assert.equal(await store.getUser('nobody'), undefined);
    });

    it('keeps sessions until deleted or expired', async () => {
      await store.createSession('t1', 'ann', 100);
      await store.createSession('t2', 'ann', 200);
      await store.createSession('t3', 'ann', 300);
      assert.deepEqual(await store.getSession('t1'), { userId: 'ann', expiresAt: 100 });
      await store.deleteSession('t1');
      assert.equal(await store.getSession('t1'), undefined);
      assert.equal(await store.purgeSessions(250), 1);
      assert.equal(await store.getSession('t2'), undefined);
      await store.createSession('t4', 'ann', 400);
      await store.deleteSessions('ann', 't4');
      assert.equal(await store.getSession('t3'), undefined);
      assert.ok(await store.getSession('t4'));
    });

    it('commits a move with its log entry, and refuses a commit from a stale version', async () => {
      const game = await newGame();
      const a = authority();
      const first = await a.move({ gameId: game.id, user: 'ann', move: legal(game.state), moveNo: 1 });
      assert.ok(first.ok);
      const stale = await store.commit({
        gameId: game.id,
        version: game.version,
        move: { moveNo: 1, seat: 0, text: 'threads', auto: false, at: 1 },
        state: game.state,
        moveCount: 1,
        status: 'active',
        outcome: null,
        toMove: 'bob',
        at: 1,
      });
      assert.equal(stale, undefined);
      const log = await store.moveLog(game.id, 0);
      assert.equal(log.length, 1);
      assert.equal(log[0]?.text, first.value.moves[0]?.text);
      const loaded = await store.loadGame(game.id);
      assert.equal(loaded?.toMove, 'bob');
      assert.equal(loaded?.version, game.version + 1);
    });

    it('caches a state that replaying the move log reproduces, through a whole game', async () => {
      const game = await newGame(['cat', 'dan']);
      const a = authority();
      let record = game;
      while (record.status === 'active') {
        const user = record.toMove as string;
        const taken = await a.move({
          gameId: game.id,
          user,
          move: legal(record.state, record.moveCount % 3),
        });
        assert.ok(taken.ok, taken.ok ? '' : taken.error);
        record = taken.value.game;
      }
      assert.equal(record.status, 'finished');
      const loaded = await store.loadGame(game.id);
      const log = await store.moveLog(game.id, 0);
      assert.equal(log.length, loaded?.moveCount);
      const rebuilt = replay(
        warpweft,
        loaded?.options as never,
        loaded?.seed as number,
        log.map((m) => m.text),
      );
      assert.ok(rebuilt.ok);
      assert.deepEqual(rebuilt.value, loaded?.state);
      assert.deepEqual((await store.moveLog(game.id, 2)).map((m) => m.moveNo)[0], 3);
    });

    it('keeps the start and every SNAPSHOT_EVERY-th state, and reads the move log a page at a time', async () => {
      // Sigmar's Garden goes on as long as its player removes and undoes.
      const a = authority();
      const made = await a.create({ gameType: 'sigmar', players: ['eve'], seed: 9 });
      assert.ok(made.ok);
      const start = made.value.state;
      const moves = 2 * SNAPSHOT_EVERY + 3;
      const states = [start];
      for (let n = 1; n <= moves; n++) {
        const state = states[n - 1];
        const move =
          n % 2 === 1
            ? sigmar.formatMove(sigmar.legalMoves(state as never)[0] as never, state as never)
            : 'undo';
        const taken = await a.move({ gameId: made.value.id, user: 'eve', move, moveNo: n });
        assert.ok(taken.ok, taken.ok ? '' : taken.error);
        states.push(taken.value.game.state);
      }
      const id = made.value.id;
      assert.deepEqual(await store.snapshot(id, SNAPSHOT_EVERY - 1), { moveNo: 0, state: start });
      assert.deepEqual(await store.snapshot(id, SNAPSHOT_EVERY), {
        moveNo: SNAPSHOT_EVERY,
        state: states[SNAPSHOT_EVERY],
      });
      assert.deepEqual(await store.snapshot(id, moves), {
        moveNo: 2 * SNAPSHOT_EVERY,
        state: states[2 * SNAPSHOT_EVERY],
      });
      // Kept again (a replay of an older game), a snapshot already there stays as it was.
      await store.saveSnapshots(id, [{ moveNo: SNAPSHOT_EVERY, state: start }]);
      assert.deepEqual((await store.snapshot(id, SNAPSHOT_EVERY))?.state, states[SNAPSHOT_EVERY]);
      const page = await store.moveLog(id, 10, 5);
      assert.deepEqual(
        page.map((m) => m.moveNo),
        [11, 12, 13, 14, 15],
      );
      assert.equal((await store.moveLog(id, moves - 2, 100)).length, 2);
    });

    /** A new game between the pair in which each has made one move. */
    const playedGame = async (players: [string, string]) => {
      let game = await newGame(players);
      for (const user of players) {
        const made = await authority().move({ gameId: game.id, user, move: legal(game.state) });
        assert.ok(made.ok, made.ok ? '' : made.error);
        game = made.value.game;
      }
      return game;
    };

    it('rates a finished game in its commit and never a void one', async () => {
      const game = await playedGame(['eve', 'fay']);
      const resigned = await authority().resign({ gameId: game.id, user: 'fay' });
      assert.ok(resigned.ok);
      assert.equal(resigned.value.rated, true);
      const table = await store.ratings('warpweft');
      const eve = table.find((r) => r.user === 'eve');
      const fay = table.find((r) => r.user === 'fay');
      assert.equal(eve?.wins, 1);
      assert.equal(fay?.losses, 1);
      assert.ok((eve?.rating ?? 0) > 1500 && (fay?.rating ?? 9999) < 1500);
      // Glicko-2, a period for the game: two newcomers at 1500 ± 350 move to 1662.3 and 1337.7 ± 290.3.
      for (const [r, rating] of [
        [eve, 1662.31],
        [fay, 1337.69],
      ] as const) {
        assert.ok(Math.abs((r?.rating ?? 0) - rating) < 0.01, `rating ${r?.rating}`);
        assert.ok(Math.abs((r?.deviation ?? 0) - 290.32) < 0.01, `deviation ${r?.deviation}`);
      }
      const [change] = await store.ratingHistory('eve', 'warpweft', 1);
      assert.deepEqual([change?.before, change?.after], [1500, eve?.rating]);
      // The current rating pairing compares: theirs, or a newcomer's before their first rated game.
      assert.deepEqual(await store.playerRating('eve', 'warpweft'), {
        rating: eve?.rating,
        deviation: eve?.deviation,
        provisional: true,
      });
      assert.deepEqual(await store.playerRating('eve', 'atom4'), {
        rating: 1500,
        deviation: 350,
        provisional: true,
      });
      const other = await newGame(['eve', 'gus']);
      assert.ok((await authority().decline({ gameId: other.id, user: 'gus' })).ok);
      assert.equal(
        (await store.ratings('warpweft')).find((r) => r.user === 'gus'),
        undefined,
      );
    });

    it('rates no game resigned before both players moved, and only 3 a day between one pair', async () => {
      const early = await newGame(['vic', 'wyn']);
      assert.ok((await authority().move({ gameId: early.id, user: 'vic', move: legal(early.state) })).ok);
      const voided = await authority().resign({ gameId: early.id, user: 'wyn' });
      assert.equal(voided.ok && voided.value.status, 'void');
      assert.equal(
        (await store.ratings('warpweft')).find((r) => r.user === 'vic'),
        undefined,
      );
      const results: boolean[] = [];
      for (let i = 0; i < 5; i++) {
        const game = await playedGame(i % 2 === 0 ? ['vic', 'wyn'] : ['wyn', 'vic']);
        const resigned = await authority().resign({ gameId: game.id, user: 'wyn' });
        assert.ok(resigned.ok);
        results.push(resigned.value.rated);
        assert.equal((await store.loadGame(game.id))?.rated, resigned.value.rated);
      }
      assert.deepEqual(results, [true, true, true, false, false]);
      const vic = (await store.ratings('warpweft')).find((r) => r.user === 'vic');
      assert.equal(vic?.wins, 3);
      // Another opponent's games count as usual; a day later the pair's count again.
      const other = await playedGame(['vic', 'xia']);
      assert.equal((await authority().resign({ gameId: other.id, user: 'xia' })).ok, true);
      assert.equal((await store.ratings('warpweft')).find((r) => r.user === 'vic')?.wins, 4);
      clock += 24 * 3_600_000;
      const later = await playedGame(['wyn', 'vic']);
      const resigned = await authority().resign({ gameId: later.id, user: 'wyn' });
      assert.equal(resigned.ok && resigned.value.rated, true);
    });

    it('counts a challenge against the challenger until it is answered, and lists it after played games', async () => {
      const played = await newGame(['yan', 'zed']);
      assert.ok((await authority().move({ gameId: played.id, user: 'yan', move: legal(played.state) })).ok);
      const asked = await authority().create({
        gameType: 'warpweft',
        players: ['zed', 'yan'],
        challenger: 'zed',
        options: { size: 2 },
        seed: 3,
      });
      const asked2 = await authority().create({
        gameType: 'warpweft',
        players: ['yan', 'zed'],
        challenger: 'zed',
        options: { size: 2 },
        seed: 3,
      });
      assert.ok(asked.ok && asked2.ok);
      // Yan has answered neither: only zed plays them so far.
      assert.equal(await store.playingCount('yan'), 1);
      assert.equal(await store.playingCount('zed'), 3);
      assert.deepEqual([...(await store.unansweredChallenges('zed'))], [['yan', 2]]);
      assert.deepEqual([...(await store.unansweredChallenges('yan'))], []);
      const ids = async (filter: 'all' | 'active' | 'challenges') =>
        (await store.listGames('yan', filter, 'warpweft', 50)).map((g) => g.id);
      assert.deepEqual(await ids('active'), [played.id, asked2.value.id, asked.value.id]);
      assert.deepEqual(await ids('challenges'), [asked2.value.id, asked.value.id]);
      // Zed moves first in one of them; yan's reply answers it.
      const zedFirst = await authority().move({
        gameId: asked.value.id,
        user: 'zed',
        move: legal(asked.value.state),
      });
      assert.ok(zedFirst.ok);
      assert.deepEqual(await ids('challenges'), [asked2.value.id, asked.value.id]);
      const reply = await authority().move({
        gameId: asked.value.id,
        user: 'yan',
        move: legal(zedFirst.value.game.state),
      });
      assert.ok(reply.ok);
      assert.deepEqual(await ids('challenges'), [asked2.value.id]);
      assert.deepEqual(await ids('active'), [asked.value.id, played.id, asked2.value.id]);
      assert.equal(await store.playingCount('yan'), 2);
      assert.deepEqual([...(await store.unansweredChallenges('zed'))], [['yan', 1]]);
    });

    it('lists a player’s games by all, active, inactive and next', async () => {
      const g1 = await newGame(['hal', 'ida']);
      const g2 = await newGame(['ida', 'hal']);
      await authority().resign({ gameId: g1.id, user: 'hal' });
      const ids = async (filter: 'all' | 'active' | 'inactive' | 'next', user = 'hal') =>
        (await store.listGames(user, filter, 'warpweft', 50)).map((g) => g.id);
      assert.deepEqual(await ids('all'), [g2.id, g1.id]);
      assert.deepEqual(await ids('active'), [g2.id]);
      assert.deepEqual(await ids('inactive'), [g1.id]);
      assert.deepEqual(await ids('next'), []);
      assert.deepEqual(await ids('next', 'ida'), [g2.id]);
      assert.ok((await store.finishedGames('warpweft', 100)).some((g) => g.id === g1.id));
      assert.deepEqual(await store.listGames('hal', 'all', 'atom4', 50), []);
    });

    it('keeps a player’s archive: games that ended after moves, most recently ended first, by pages', async () => {
      const early = await newGame(['abe', 'bea']);
      const first = await newGame(['abe', 'bea']);
      const second = await newGame(['bea', 'abe']);
      const playing = await newGame(['abe', 'bea']);
      for (const g of [first, second]) {
        const one = await authority().move({ gameId: g.id, user: g.players[0] ?? '', move: legal(g.state) });
        assert.ok(one.ok);
        const two = await authority().move({
          gameId: g.id,
          user: g.players[1] ?? '',
          move: legal((await store.loadGame(g.id))?.state),
        });
        assert.ok(two.ok);
        assert.ok((await authority().resign({ gameId: g.id, user: 'abe' })).ok);
      }
      // Resigned before anyone moved: void, and no game to look back on.
      assert.ok((await authority().resign({ gameId: early.id, user: 'abe' })).ok);
      const ids = async (offset: number, limit: number, type: string | null = 'warpweft') =>
        (await store.archivedGames('abe', type, offset, limit)).map((g) => g.id);
      assert.deepEqual(await ids(0, 10), [second.id, first.id]);
      assert.deepEqual(await ids(0, 10, null), [second.id, first.id]);
      assert.deepEqual(await ids(1, 1), [first.id]);
      assert.deepEqual(await ids(0, 10, 'atom4'), []);
      assert.ok(!(await ids(0, 10)).includes(playing.id));
    });

    it('lists games being played for spectators, most recently moved first', async () => {
      const g1 = await newGame(['pia', 'quin']);
      const g2 = await newGame(['ria', 'sol']);
      const g3 = await newGame(['tam', 'uma']);
      const moved = await authority().move({ gameId: g1.id, user: 'pia', move: legal(g1.state) });
      assert.ok(moved.ok);
      assert.ok((await authority().resign({ gameId: g3.id, user: 'uma' })).ok);
      const mine = new Set([g1.id, g2.id, g3.id]);
      const ids = async (type: string | null, limit = 1000) =>
        (await store.liveGames(type, limit)).map((g) => g.id).filter((id) => mine.has(id));
      assert.deepEqual(await ids('warpweft'), [g1.id, g2.id]);
      assert.deepEqual(await ids(null), [g1.id, g2.id]);
      assert.deepEqual(await ids('atom4'), []);
      assert.deepEqual(await ids('warpweft', 1), [g1.id]);
      assert.ok((await store.liveGames(null, 1000)).every((g) => g.status === 'active'));
      // Listed records carry each game's own state (what the computer player resumes from).
      const listed = [
        ...(await store.liveGames('warpweft', 1000)),
        ...(await store.listGames('pia', 'all', null, 50)),
        ...(await store.finishedGames('warpweft', 1000)),
      ].filter((g) => mine.has(g.id));
      for (const g of listed) assert.deepEqual(g.state, (await store.loadGame(g.id))?.state);
    });

    it('keeps chat in order, queues per seat, and rejections per game type', async () => {
      const game = await newGame(['jo', 'kim']);
      for (const text of ['hi', 'good luck', 'thanks']) await store.addChat(game.id, 'jo', text, now());
      assert.deepEqual(
        (await store.chat(game.id, 2)).map((c) => c.text),
        ['good luck', 'thanks'],
      );
      await store.setQueue(game.id, 1, ['A1', 'threads']);
      assert.deepEqual(await store.queuedMoves(game.id, 1), ['A1', 'threads']);
      assert.deepEqual(await store.queuedMoves(game.id, 0), []);
      await store.setQueue(game.id, 1, []);
      assert.deepEqual(await store.queuedMoves(game.id, 1), []);
      assert.equal(await store.rejects('jo', 'warpweft'), false);
      await store.setRejects('jo', 'warpweft', true);
      await store.setRejects('jo', 'warpweft', true);
      assert.equal(await store.rejects('jo', 'warpweft'), true);
      await store.setRejects('jo', 'warpweft', false);
      assert.equal(await store.rejects('jo', 'warpweft'), false);
    });

    it('appends Intricacy metagame actions in sequence, linking an account to one codename', async () => {
      assert.deepEqual(await store.metaActions(0), []);
      assert.equal(await store.codenameOf('ivy'), undefined);
      const reg = { seq: 1, kind: 'register', payload: { codename: 'IVY' }, at: 10 };
      assert.deepEqual(await store.appendMetaAction(reg, { user: 'ivy', codename: 'IVY' }), { ok: true });
      assert.equal(await store.codenameOf('ivy'), 'IVY');
      // A taken number is refused, and so is a number that skips ahead.
      const place = { seq: 2, kind: 'place', payload: { owner: 'IVY', slot: 0, moves: ['hE'] }, at: 11 };
      assert.deepEqual(await store.appendMetaAction({ ...place, seq: 1 }), { ok: false, reason: 'seq' });
      assert.deepEqual(await store.appendMetaAction({ ...place, seq: 3 }), { ok: false, reason: 'seq' });
      assert.deepEqual(await store.appendMetaAction(place), { ok: true });
      // A second codename for the account is refused, and its action is rolled back with it.
      const again = { seq: 3, kind: 'register', payload: { codename: 'IV2' }, at: 12 };
      assert.deepEqual(await store.appendMetaAction(again, { user: 'ivy', codename: 'IV2' }), {
        ok: false,
        reason: 'account',
      });
      assert.equal(await store.codenameOf('ivy'), 'IVY');
      assert.deepEqual(await store.metaActions(0), [reg, place]);
      assert.deepEqual(await store.metaActions(1), [place]);
      assert.deepEqual(await store.metaActions(2), []);
    });

    if (backend.name === 'postgres') {
      it('rates games of one player ending at once through two processes, each from the rating before', async () => {
        const other = await openStore(config);
        const games = [];
        for (let i = 0; i < 8; i++) games.push(await playedGame(['rho', `opp${i}`]));
        const ports = [store, other];
        const ended = await Promise.all(
          games.map((g, i) =>
            createAuthority({ port: ports[i % 2] as Store, games: GAMES, now }).resign({
              gameId: g.id,
              user: `opp${i}`,
            }),
          ),
        );
        assert.ok(ended.every((r) => r.ok && r.value.rated));
        const rho = (await store.ratings('warpweft')).find((r) => r.user === 'rho');
        assert.equal(rho?.games, 8);
        assert.equal(rho?.wins, 8);
        await other.close();
      });

      it('commits many moves arriving at once together, each as if alone, and of two racing moves one', async () => {
        const authority = createAuthority({ port: store, games: GAMES, now });
        const games = await Promise.all(Array.from({ length: 40 }, (_, i) => newGame([`m${i}`, `n${i}`])));
        const first = async (g: (typeof games)[number], i: number) =>
          authority.move({ gameId: g.id, user: `m${i}`, move: legal(g.state), moveNo: 1 });
        // 40 games' first moves at once, and a second try of each of the first five (stale).
        const results = await Promise.all([...games.map(first), ...games.slice(0, 5).map(first)]);
        assert.equal(results.filter((r) => r.ok).length, 40, JSON.stringify(results.filter((r) => !r.ok)));
        for (const g of games) assert.equal((await store.loadGame(g.id))?.moveCount, 1);
        for (const g of games.slice(0, 3)) assert.equal((await store.moveLog(g.id, 0)).length, 1);
      });

      it('commits the rest of a batch when the database refuses one change in it, and refuses only that one', async () => {
        const games = await Promise.all(Array.from({ length: 12 }, (_, i) => newGame([`r${i}`, `s${i}`])));
        const change = (g: (typeof games)[number], moveNo: number) => ({
          gameId: g.id,
          version: g.version,
          move: { moveNo, seat: 0, text: legal(g.state), auto: false, at: 5 },
          state: g.state,
          moveCount: 1,
          status: 'active' as const,
          outcome: null,
          toMove: g.players[1] as string,
          at: 5,
        });
        // The first game's move 1 again, at its version after move 1: the log already holds a move
        // 1, so the database refuses that change, in the middle of a batch of others.
        const bad = games[0] as (typeof games)[number];
        await store.commit(change(bad, 1));
        const results = await Promise.allSettled([
          ...games.slice(1).map((g) => store.commit(change(g, 1))),
          store.commit({ ...change(bad, 1), version: bad.version + 1, moveCount: 2 }),
        ]);
        assert.equal(results.at(-1)?.status, 'rejected', 'a second move 1 in a log is refused');
        for (const [i, r] of results.slice(0, -1).entries()) {
          assert.equal(r.status, 'fulfilled', `game ${i + 1}`);
          assert.notEqual((r as PromiseFulfilledResult<unknown>).value, undefined, `game ${i + 1} moved`);
        }
        for (const g of games) assert.equal((await store.moveLog(g.id, 0)).length, 1);
      });

      it('lets exactly one of two processes append the same metagame action number, and signals it', async () => {
        const other = await openStore(config);
        const heard: RemoteSignal[] = [];
        const stop = await store.listen((s) => heard.push(s));
        const next = (await store.metaActions(0)).length + 1;
        const results = await Promise.all(
          [store, other, store, other].map((s, i) =>
            s.appendMetaAction({ seq: next, kind: 'retire', payload: { i }, at: 20 }),
          ),
        );
        assert.equal(results.filter((r) => r.ok).length, 1, JSON.stringify(results));
        assert.equal((await other.metaActions(next - 1)).length, 1);
        // The winner signals the other store's listener when it is the other process.
        const winner = results.findIndex((r) => r.ok);
        if (winner % 2 === 1) {
          for (let i = 0; i < 50 && !heard.some((s) => s.kind === 'intricacy'); i++)
            await new Promise((r) => setTimeout(r, 20));
          assert.deepEqual(
            heard.filter((s) => s.kind === 'intricacy'),
            [{ kind: 'intricacy', gameId: next }],
          );
        }
        await stop();
        await other.close();
      });

      it('moves through two processes on copies a moment behind: nobody is refused for a move the other made, and of two racing moves one gets in', async (t) => {
        const other = await openStore(config);
        const stop = await store.listen(() => {});
        t.after(async () => {
          await stop();
          await other.close();
        });
        const here = createAuthority({ port: store, games: GAMES, now });
        const there = createAuthority({ port: other, games: GAMES, now });
        const game = await newGame(['pia', 'quin']);
        const play = async (port: typeof here, user: string, moveNo: number) => {
          const at = (await other.loadGame(game.id))?.state;
          return port.move({ gameId: game.id, user, move: legal(at), moveNo });
        };
        assert.ok((await play(here, 'pia', 1)).ok);
        // Quin moves through the other process; this one has not heard of it yet (its signal goes
        // out after the commit), so its copy is behind. Readers still see the move at once.
        assert.ok((await play(there, 'quin', 2)).ok);
        const third = await play(here, 'pia', 3);
        assert.ok(third.ok, `the next move is taken: ${JSON.stringify(third)}`);
        // The same move again through the process that has not heard of move 3: stale.
        const again = await there.move({ gameId: game.id, user: 'pia', move: 'x', moveNo: 3 });
        assert.ok(!again.ok && /stale/.test(again.error), JSON.stringify(again));
        assert.ok((await play(there, 'quin', 4)).ok);
        assert.equal((await store.loadGame(game.id))?.moveCount, 4, 'readers see the move at once');
        // Quin queues a move through one process; Pia's move through the other plays it.
        const state = (await other.loadGame(game.id))?.state;
        const pia = legal(state);
        const parsed = warpweft.parseMove(pia, state as never);
        assert.ok(parsed.ok);
        const next = warpweft.play(state as never, parsed.value);
        assert.ok(next.ok);
        const quinLater = legal(next.value);
        assert.ok((await there.queue({ gameId: game.id, user: 'quin', moves: [quinLater] })).ok);
        assert.deepEqual(await store.queuedMoves(game.id, 1), [quinLater]);
        const both = await here.move({ gameId: game.id, user: 'pia', move: pia, moveNo: 5 });
        assert.ok(both.ok && both.value.moves.length === 2, JSON.stringify(both));
        assert.equal((await other.loadGame(game.id))?.moveCount, 6);
        // Two moves with the same number, one through each process: exactly one is taken.
        for (let round = 0; round < 5; round++) {
          const at = (await other.loadGame(game.id)) as NonNullable<Awaited<ReturnType<Store['loadGame']>>>;
          if (at.status !== 'active') break;
          const user = at.toMove as string;
          const results = await Promise.all(
            [here, there].map((port) =>
              port.move({ gameId: game.id, user, move: legal(at.state), moveNo: at.moveCount + 1 }),
            ),
          );
          assert.equal(results.filter((r) => r.ok).length, 1, JSON.stringify(results));
        }
      });

      it('signals a commit made through another connection (LISTEN/NOTIFY)', async () => {
        const other = await openStore(config);
        const heard: number[] = [];
        const stop = await store.listen((s) => heard.push(s.gameId));
        const made = await createAuthority({ port: other, games: GAMES, now }).create({
          gameType: 'warpweft',
          players: ['lou', 'max'],
          seed: 1,
        });
        assert.ok(made.ok);
        for (let i = 0; i < 50 && !heard.includes(made.value.id); i++)
          await new Promise((r) => setTimeout(r, 20));
        assert.ok(heard.includes(made.value.id));
        await stop();
        await other.close();
      });

      it('signals a move with the move itself and the version it left, so a listener need not read the log', async () => {
        const other = await openStore(config);
        const heard: RemoteSignal[] = [];
        const stop = await store.listen((s) => heard.push(s));
        try {
          const game = await newGame(['pia', 'quo']);
          const moved = await createAuthority({ port: other, games: GAMES, now }).move({
            gameId: game.id,
            user: 'pia',
            move: legal(game.state),
            moveNo: 1,
          });
          assert.ok(moved.ok);
          const [played] = moved.value.moves;
          const signal = () => heard.find((s) => s.gameId === game.id && s.kind === 'game' && s.move);
          for (let i = 0; i < 50 && !signal(); i++) await new Promise((r) => setTimeout(r, 20));
          assert.deepEqual(signal()?.move, { record: played, version: moved.value.game.version });
        } finally {
          await stop();
          await other.close();
        }
      });

      it('follows the moves another process commits on the game it holds, as stored, reading nothing back', async () => {
        let queries = 0;
        const listener = await openStore({ ...config, onQuery: () => queries++ });
        const heard: RemoteSignal[] = [];
        const stop = await listener.listen(
          (s) => heard.push(s),
          (record, move, version) => followMove(GAMES, record, move, version),
        );
        try {
          const made = await authority().create({
            gameType: 'warpweft',
            players: ['vic', 'wes'],
            options: { size: 4 },
            seed: 5,
          });
          assert.ok(made.ok);
          let record = made.value;
          const id = record.id;
          for (let n = 0; n < 50 && !heard.some((s) => s.gameId === id); n++)
            await new Promise((r) => setTimeout(r, 20));
          // The listening process holds the game, as one whose player moved last does.
          assert.equal((await listener.loadRecent?.(record.id))?.version, record.version);
          for (let i = 1; i <= 3; i++) {
            const moved = await authority().move({
              gameId: record.id,
              user: record.toMove as string,
              move: legal(record.state, i),
              moveNo: i,
            });
            assert.ok(moved.ok);
            record = moved.value.game;
            const version = record.version;
            for (let n = 0; n < 50 && !heard.some((s) => s.move?.version === version); n++)
              await new Promise((r) => setTimeout(r, 20));
            const before = queries;
            const held = await listener.loadRecent?.(record.id);
            assert.equal(queries, before, 'no read for a move followed');
            assert.deepEqual(held, await store.loadGame(record.id));
          }
        } finally {
          await stop();
          await listener.close();
        }
      });

      it('reads back many games and their logs asked for at once, each as stored', async () => {
        const other = await openStore(config);
        try {
          const games = await Promise.all(['ria', 'sol', 'tam', 'uma'].map((p) => newGame([p, `${p}2`])));
          const port = createAuthority({ port: store, games: GAMES, now });
          for (const g of games.slice(0, 2))
            assert.ok(
              (
                await port.move({
                  gameId: g.id,
                  user: g.players[0] as string,
                  move: legal(g.state),
                  moveNo: 1,
                })
              ).ok,
            );
          const [records, logs] = await Promise.all([
            Promise.all(games.map((g) => other.loadGame(g.id))),
            Promise.all(games.map((g) => other.moveLog(g.id, 0))),
          ]);
          assert.deepEqual(
            records.map((r) => [r?.id, r?.moveCount]),
            games.map((g, i) => [g.id, i < 2 ? 1 : 0]),
          );
          assert.deepEqual(
            logs.map((log) => log.map((m) => m.moveNo)),
            [[1], [1], [], []],
          );
        } finally {
          await other.close();
        }
      });

      it('listens again after losing its connection, and asks for a resync', async () => {
        const other = await openStore(config);
        const heard: RemoteSignal[] = [];
        const stop = await store.listen((s) => heard.push(s));
        const admin = new pg.Client({ connectionString: pgUrl });
        await admin.connect();
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1 AND pid <> pg_backend_pid()',
          [`LISTEN tessera_${config.pgSchema}`],
        );
        await admin.end();
        for (let i = 0; i < 150 && !heard.some((s) => s.kind === 'resync'); i++) {
          await new Promise((r) => setTimeout(r, 20));
        }
        assert.ok(heard.some((s) => s.kind === 'resync'));
        const made = await createAuthority({ port: other, games: GAMES, now }).create({
          gameType: 'warpweft',
          players: ['nia', 'oz'],
          seed: 1,
        });
        assert.ok(made.ok);
        for (let i = 0; i < 50 && !heard.some((s) => s.gameId === made.value.id); i++) {
          await new Promise((r) => setTimeout(r, 20));
        }
        assert.ok(heard.some((s) => s.gameId === made.value.id));
        await stop();
        await other.close();
      });
    }

    it('keeps the lessons each account has done: those sent again or from another device join them, once each', async () => {
      assert.deepEqual(await store.lessonsDone('ann'), []);
      assert.deepEqual(await store.recordLessonsDone('ann', ['atom4/placing', 'sigmar/pairs']), [
        'atom4/placing',
        'sigmar/pairs',
      ]);
      // Another device sends what it has: one already kept, one new, one twice.
      assert.deepEqual(
        await store.recordLessonsDone('ann', ['sigmar/pairs', 'atom4/mixing', 'atom4/mixing']),
        ['atom4/mixing', 'atom4/placing', 'sigmar/pairs'],
      );
      assert.deepEqual(await store.recordLessonsDone('ann', []), [
        'atom4/mixing',
        'atom4/placing',
        'sigmar/pairs',
      ]);
      assert.deepEqual(await store.lessonsDone('bob'), []);
    });
  });
}

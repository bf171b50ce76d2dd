/**
 * Correspondence clocks kept by the server, on both backends (PostgreSQL with TEST_DATABASE_URL),
 * with an injected clock: a reminder once before time runs out, then the game lost on time and
 * rated once; a vacation stops the clock; two processes sharing PostgreSQL end each game once; a
 * restarted server still ends a game whose time ran out while it was down.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import {
  checkVacation,
  createAuthority,
  DAY_MS,
  type GameRecord,
  type TimeControl,
} from '../../engine/index.ts';
import { GAMES } from '../../games/index.ts';
import { warpweft } from '../../games/warpweft/index.ts';
import { isPostgresUrl, openStore, type Store, type StoreConfig } from '../../store/index.ts';
import { storeTakebacks } from '../service/takebacks.ts';
import { createClockKeeper, readGameClock } from './clocks.ts';

const pgUrl = [process.env.TEST_DATABASE_URL, process.env.DATABASE_URL].find(isPostgresUrl);
const H = 3_600_000;
const T0 = Date.UTC(2026, 2, 2);

const backends = [
  { name: 'sqlite', skip: false as const },
  {
    name: 'postgres',
    skip: pgUrl ? (false as const) : 'PostgreSQL clock tests skipped: set TEST_DATABASE_URL=postgres://…',
  },
];

const legal = (state: unknown) =>
  warpweft.formatMove(warpweft.legalMoves(state as never)[0] as never, state as never);

/** One server process's part: its store, its authority and its clock keeper, on a shared clock. */
function process_(store: Store, clock: { t: number }) {
  const now = () => clock.t;
  const authority = createAuthority({
    port: store,
    games: GAMES,
    now,
    takebacks: storeTakebacks(store, GAMES),
  });
  const keeper = createClockKeeper({ store, authority, now });
  return { store, authority, keeper };
}

for (const backend of backends) {
  describe(`correspondence clocks on ${backend.name}`, { skip: backend.skip }, () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-clocks-'));
    const schema = `clk_${randomBytes(6).toString('hex')}`;
    const config: StoreConfig =
      backend.name === 'sqlite'
        ? { dataDir: dir }
        : { dataDir: '', databaseUrl: pgUrl as string, pgSchema: schema };
    const clock = { t: T0 };
    let one: ReturnType<typeof process_>;

    /** A Warp and Weft game between two new players in which each has moved once, by `at`. */
    const opened = async (control: TimeControl, tag: string): Promise<GameRecord> => {
      const [ann, bob] = [`ann${tag}`, `bob${tag}`];
      for (const user of [ann, bob]) {
        await one.store.createUser({ id: user, passHash: 'h', salt: 's', createdAt: 1 });
        // Mail on every move, so a reminder leaves a notice.
        await one.store.requestAddress(user, `${user}@example.org`, 'code', {
          user,
          to: `${user}@example.org`,
          kind: 'verify',
          messageId: `<verify-${user}-${randomBytes(4).toString('hex')}@example.org>`,
          subject: 'code',
          body: 'code',
          headers: {},
          at: clock.t,
        });
        assert.equal(await one.store.verifyAddress(user, 'code', clock.t, DAY_MS, 5), 'verified');
      }
      const created = await one.authority.create({
        gameType: 'warpweft',
        players: [ann, bob],
        challenger: ann,
        seed: 7,
        timeControl: control,
      });
      assert.ok(created.ok);
      let game = created.value;
      for (const user of [ann, bob]) {
        clock.t += H;
        const moved = await one.authority.move({ gameId: game.id, user, move: legal(game.state) });
        assert.ok(moved.ok, moved.ok ? '' : moved.error);
        game = moved.value.game;
      }
      return game;
    };

    const reminders = async (gameId: number) =>
      (await one.store.notices(1000)).filter((n) => n.kind === 'reminder' && n.gameId === gameId);

    before(async () => {
      one = process_(await openStore(config), clock);
    });
    after(async () => {
      await one.store.close();
      rmSync(dir, { recursive: true, force: true });
      if (backend.name === 'postgres') {
        const client = new pg.Client({ connectionString: pgUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
    });

    it('reminds the player to move once, then ends the game on time, rated, once', async () => {
      clock.t = T0;
      const game = await opened({ daysPerMove: 1, bankDays: 0 }, 'r');
      const deadline = clock.t + DAY_MS;
      clock.t += 3 * H;
      assert.deepEqual(await one.keeper.tick(), { timedOut: 0, reminded: 0 });
      clock.t = deadline - 11 * H;
      assert.deepEqual(await one.keeper.tick(), { timedOut: 0, reminded: 1 });
      assert.deepEqual(await one.keeper.tick(), { timedOut: 0, reminded: 0 });
      assert.equal((await reminders(game.id)).length, 1);
      assert.equal((await reminders(game.id))[0]?.user, 'annr');
      clock.t = deadline - 1;
      assert.deepEqual(await one.keeper.tick(), { timedOut: 0, reminded: 0 });
      clock.t = deadline;
      assert.deepEqual(await one.keeper.tick(), { timedOut: 1, reminded: 0 });
      assert.deepEqual(await one.keeper.tick(), { timedOut: 0, reminded: 0 });
      const ended = await one.store.loadGame(game.id);
      assert.equal(ended?.status, 'finished');
      assert.deepEqual(ended?.outcome, {
        kind: 'win',
        winner: 1,
        reason: 'annr (Warp (Vert)) ran out of time',
      });
      const ratings = await one.store.ratings('warpweft');
      assert.equal(ratings.find((r) => r.user === 'annr')?.losses, 1);
      assert.equal(ratings.find((r) => r.user === 'bobr')?.wins, 1);
    });

    it("does not end a game whose player moved in time, and starts their opponent's turn", async () => {
      clock.t = T0;
      const game = await opened({ daysPerMove: 2, bankDays: 5 }, 'm');
      clock.t += DAY_MS;
      const moveAt = clock.t;
      const moved = await one.authority.move({ gameId: game.id, user: 'annm', move: legal(game.state) });
      assert.ok(moved.ok);
      // Past ann's old deadline, but bob's turn started with the move: nothing ends.
      clock.t += DAY_MS + H;
      assert.deepEqual(await one.keeper.tick(), { timedOut: 0, reminded: 0 });
      const read = await readGameClock(one.store, moved.value.game, clock.t);
      // ann saved 2 days less an hour on her first move and a day on her second; bob saved 2 days
      // less an hour on his first, and has them besides his two days from ann's move.
      assert.equal(read?.reading.seats[0]?.bankMs, 3 * DAY_MS - H);
      assert.equal(read?.reading.deadline, moveAt + 4 * DAY_MS - H);
      assert.equal((await one.store.loadGame(game.id))?.status, 'active');
    });

    it('keeps the clock of a turn that moves taken back made current again', async () => {
      clock.t = T0;
      const game = await opened({ daysPerMove: 1, bankDays: 0 }, 't');
      const turnStart = clock.t;
      clock.t += H;
      const moved = await one.authority.move({ gameId: game.id, user: 'annt', move: legal(game.state) });
      assert.ok(moved.ok);
      assert.ok((await one.authority.proposeTakeback({ gameId: game.id, user: 'annt' })).ok);
      assert.ok((await one.authority.answerTakeback({ gameId: game.id, user: 'bobt', accept: true })).ok);
      assert.equal((await one.store.loadGame(game.id))?.toMove, 'annt');
      // ann's turn, begun at bob's move, runs out a day after it.
      clock.t = turnStart + 2 * DAY_MS;
      await one.keeper.tick();
      const ended = await one.store.loadGame(game.id);
      assert.equal(ended?.status, 'finished');
      assert.match(ended?.outcome?.reason ?? '', /^annt .* ran out of time$/);
    });

    it('stops the clock of a player on vacation', async () => {
      clock.t = T0;
      const game = await opened({ daysPerMove: 1, bankDays: 0 }, 'v');
      const turnStart = clock.t;
      clock.t += H;
      const taken = await one.store.takeVacation('annv', clock.t - 367 * DAY_MS, (before) =>
        checkVacation(5, before, clock.t),
      );
      assert.ok(taken.ok);
      clock.t = turnStart + 3 * DAY_MS;
      await one.keeper.tick();
      assert.equal((await one.store.loadGame(game.id))?.status, 'active');
      const read = await readGameClock(one.store, game, clock.t);
      assert.equal(read?.reading.deadline, turnStart + 6 * DAY_MS);
      clock.t = turnStart + 6 * DAY_MS;
      await one.keeper.tick();
      assert.equal((await one.store.loadGame(game.id))?.status, 'finished');
    });

    it("lets no player stop the opponent's clock: their vacation and takeback offers leave it running", async () => {
      clock.t = T0;
      const game = await opened({ daysPerMove: 1, bankDays: 0 }, 'x');
      clock.t += H;
      const moved = await one.authority.move({ gameId: game.id, user: 'annx', move: legal(game.state) });
      assert.ok(moved.ok);
      const bobsTurn = clock.t;
      // ann goes on vacation and offers a takeback, then withdraws it: bob's clock runs on.
      clock.t += H;
      const away = await one.store.takeVacation('annx', clock.t - 367 * DAY_MS, (before) =>
        checkVacation(5, before, clock.t),
      );
      assert.ok(away.ok);
      assert.ok((await one.authority.proposeTakeback({ gameId: game.id, user: 'annx' })).ok);
      assert.ok((await one.authority.answerTakeback({ gameId: game.id, user: 'annx', accept: false })).ok);
      const read = await readGameClock(one.store, moved.value.game, clock.t);
      assert.equal(read?.reading.deadline, bobsTurn + DAY_MS);
      clock.t = bobsTurn + DAY_MS;
      await one.keeper.tick();
      const ended = await one.store.loadGame(game.id);
      assert.match(ended?.outcome?.reason ?? '', /^bobx .* ran out of time$/);
    });

    it('ends on time, after a restart, a game whose time ran out while the server was down', async () => {
      clock.t = T0;
      const game = await opened({ daysPerMove: 3, bankDays: 0 }, 's');
      await one.store.close();
      clock.t += 4 * DAY_MS;
      one = process_(await openStore(config), clock);
      await one.keeper.tick();
      assert.match(
        (await one.store.loadGame(game.id))?.outcome?.reason ?? '',
        /anns \(Warp \(Vert\)\) ran out of time/,
      );
    });

    if (backend.name === 'postgres') {
      it('ends each game once when two processes look at the same clocks', async () => {
        clock.t = T0;
        const games: GameRecord[] = [];
        for (let i = 0; i < 12; i++) games.push(await opened({ daysPerMove: 1, bankDays: 0 }, `p${i}`));
        const two = process_(await openStore(config), clock);
        try {
          clock.t += 2 * DAY_MS;
          let timedOut = 0;
          // Both look at once, twice over: every game ends, and no game ends twice.
          for (let round = 0; round < 2; round++) {
            const results = await Promise.all([one.keeper.tick(), two.keeper.tick(), one.keeper.tick()]);
            for (const r of results) timedOut += r.timedOut;
          }
          assert.equal(timedOut, games.length);
          const ratings = await one.store.ratings('warpweft');
          for (const [i, game] of games.entries()) {
            assert.equal((await one.store.loadGame(game.id))?.status, 'finished');
            assert.equal(ratings.find((r) => r.user === `annp${i}`)?.games, 1);
          }
        } finally {
          await two.store.close();
        }
      });
    }
  });
}

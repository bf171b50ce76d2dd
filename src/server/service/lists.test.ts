/**
 * A player's list of games on both backends (PostgreSQL with TEST_DATABASE_URL): it costs the same
 * few queries for 200 timed games as for 10, and each game's deadline is exactly what reading that
 * game's clock alone gives, through banks, vacations and takebacks.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { checkVacation, DAY_MS, type GameRecord, type TimeControl } from '../../engine/index.ts';
import { GAMES } from '../../games/index.ts';
import { warpweft } from '../../games/warpweft/index.ts';
import type { Store } from '../../store/index.ts';
import { readGameClock } from '../correspondence/index.ts';
import { TEST_BACKENDS, testStoreOn } from '../test-support.ts';
import { createService } from './service.ts';

const H = 3_600_000;
const T0 = Date.UTC(2026, 4, 4);

const legal = (state: unknown) =>
  warpweft.formatMove(warpweft.legalMoves(state as never)[0] as never, state as never);

for (const backend of TEST_BACKENDS) {
  describe(`a player's list of games on ${backend.name}`, () => {
    let opened: Awaited<ReturnType<typeof testStoreOn>>;
    const clock = { t: T0 };
    let store: Store;
    let service: ReturnType<typeof createService>;

    const user = async (id: string) => {
      await store.createUser({ id, passHash: 'h', salt: 's', createdAt: 1 });
    };
    const move = async (game: GameRecord, by: string): Promise<GameRecord> => {
      const moved = await service.authority.move({ gameId: game.id, user: by, move: legal(game.state) });
      assert.ok(moved.ok, moved.ok ? '' : moved.error);
      return moved.value.game;
    };
    /** A timed game of `ann` against `other`, with `moves` moves played an hour apart. */
    const game = async (other: string, control: TimeControl, moves: number): Promise<GameRecord> => {
      const created = await service.authority.create({
        gameType: 'warpweft',
        players: ['ann', other],
        challenger: 'ann',
        seed: 11,
        timeControl: control,
      });
      assert.ok(created.ok);
      let record = created.value;
      for (let i = 0; i < moves; i++) {
        clock.t += H;
        record = await move(record, record.toMove as string);
      }
      return record;
    };
    const queriesOf = async (filter: 'active' | 'next') => {
      const before = opened.queries();
      const listed = await service.list('ann', filter, null);
      assert.ok(listed.ok);
      return { count: opened.queries() - before, games: listed.value };
    };

    before(async () => {
      opened = await testStoreOn(backend);
      store = opened.store;
      service = createService({ store, games: GAMES, botGames: new Set(), now: () => clock.t });
      for (const id of ['ann', 'bob', 'cat']) await user(id);
    });
    after(async () => {
      await service.close();
      await opened.close();
    });

    it('costs as many queries for 200 timed games as for 10', async () => {
      for (let i = 0; i < 10; i++)
        await game(i % 2 ? 'bob' : 'cat', { daysPerMove: 3, bankDays: i % 3 }, i % 4);
      const few = { active: await queriesOf('active'), next: await queriesOf('next') };
      assert.equal(few.active.games.length, 10);
      for (let i = 10; i < 200; i++)
        await game(i % 2 ? 'bob' : 'cat', { daysPerMove: 3, bankDays: i % 3 }, i % 4);
      const many = { active: await queriesOf('active'), next: await queriesOf('next') };
      assert.equal(many.active.games.length, 200);
      assert.ok(many.active.games.every((g) => typeof g.timeLimit?.deadline === 'number'));
      // A list that fills up on the games played needs no query for challenges: fewer, never more.
      for (const filter of ['active', 'next'] as const) {
        assert.ok(
          many[filter].count <= few[filter].count,
          `${filter}: ${many[filter].count} > ${few[filter].count}`,
        );
        assert.ok(few[filter].count <= 5, `${filter}: ${few[filter].count} queries`);
      }
    });

    it('shows each deadline exactly as reading that game alone does: banks, vacations, takebacks', async () => {
      clock.t += 10 * DAY_MS;
      const games: GameRecord[] = [];
      games.push(await game('bob', { daysPerMove: 2, bankDays: 5 }, 0));
      games.push(await game('bob', { daysPerMove: 1, bankDays: 0 }, 3));
      // A bank: slow and fast moves leave each seat a different saving.
      let banked = await game('cat', { daysPerMove: 2, bankDays: 5 }, 2);
      clock.t += DAY_MS + 5 * H;
      banked = await move(banked, banked.toMove as string);
      clock.t += 7 * H;
      banked = await move(banked, banked.toMove as string);
      // ann goes on vacation for two days in the middle of her turn, and moves after it.
      const away = await store.takeVacation('ann', clock.t - 367 * DAY_MS, (taken) =>
        checkVacation(2, taken, clock.t),
      );
      assert.ok(away.ok);
      clock.t += 2 * DAY_MS + 3 * H;
      if (banked.toMove === 'ann') banked = await move(banked, 'ann');
      games.push(banked);
      // A takeback makes an earlier turn current again.
      let takenBack = await game('bob', { daysPerMove: 3, bankDays: 2 }, 3);
      clock.t += 4 * H;
      takenBack = await move(takenBack, takenBack.toMove as string);
      const proposer = takenBack.players.find((p) => p !== takenBack.toMove) as string;
      assert.ok((await service.authority.proposeTakeback({ gameId: takenBack.id, user: proposer })).ok);
      assert.ok(
        (
          await service.authority.answerTakeback({
            gameId: takenBack.id,
            user: takenBack.toMove as string,
            accept: true,
          })
        ).ok,
      );
      games.push(takenBack);
      // bob is on vacation now, during his turn.
      const bobs = await game('bob', { daysPerMove: 2, bankDays: 3 }, 1);
      games.push(bobs);
      assert.ok(
        (await store.takeVacation('bob', clock.t - 367 * DAY_MS, (t) => checkVacation(3, t, clock.t))).ok,
      );
      clock.t += 5 * H;

      const listed = await service.list('ann', 'active', null);
      assert.ok(listed.ok);
      const shownById = new Map(listed.value.map((g) => [g.id, g]));
      for (const made of games) {
        const record = await store.loadGame(made.id);
        assert.ok(record);
        const alone = (await readGameClock(store, record, clock.t))?.reading.deadline;
        assert.equal(typeof alone, 'number');
        assert.equal(shownById.get(made.id)?.timeLimit?.deadline, alone, `game ${made.id}`);
      }
      // Every other timed game in the list agrees too.
      for (const shown of listed.value) {
        const record = await store.loadGame(shown.id);
        assert.ok(record);
        assert.equal(
          shown.timeLimit?.deadline,
          (await readGameClock(store, record, clock.t))?.reading.deadline,
        );
      }
    });
  });
}

/**
 * The tournaments part of the store, on both backends (PostgreSQL with TEST_DATABASE_URL): entries
 * close when full or started, and a round is paired once, with all its games, however many
 * pairings of it race (each from a store of its own on PostgreSQL, as two server processes).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { NewGame } from '../engine/index.ts';
import { openStore, type RoundPairing, type Store } from './index.ts';
import { onEachBackend } from './test-backends.ts';

const newGame = (players: [string, string]): NewGame => ({
  gameType: 'atom4',
  options: {},
  seed: 1,
  players,
  challenger: null,
  state: { test: true },
  toMove: players[0],
  rated: true,
  compact: false,
  at: 5,
  timeControl: { daysPerMove: 3, bankDays: 0 },
});

onEachBackend('tournament store', (backend, opened) => {
  let store: Store;
  let other: Store;
  before(async () => {
    store = opened.store();
    // A second process on PostgreSQL; SQLite has one writer, so the same store.
    other = backend === 'postgres' ? await openStore(opened.config()) : store;
  });
  after(async () => {
    if (other !== store) await other?.close();
  });

  const create = (maxPlayers: number) =>
    store.createTournament({
      name: 'Cup',
      creator: 'ann',
      gameType: 'atom4',
      options: {},
      timeControl: { daysPerMove: 3, bankDays: 0 },
      rated: true,
      format: 'swiss',
      rounds: 2,
      maxPlayers,
      startsAt: null,
      roundDays: 7,
      at: 1,
    });

  it('takes entries until full, one each, and none after the start', async () => {
    const t = await create(3);
    const answers = await Promise.all(
      ['ann', 'bob', 'cat', 'dan', 'eve'].map((u, i) =>
        (i % 2 ? other : store).joinTournament(t.id, u, 2 + i),
      ),
    );
    assert.equal(answers.filter((a) => a === 'joined').length, 3);
    assert.equal(answers.filter((a) => a === 'full').length, 2);
    const entered = (await store.tournament(t.id))?.entrants ?? [];
    assert.equal(entered.length, 3);
    assert.equal(await store.joinTournament(t.id, entered[0] as string, 9), 'already');
    assert.equal(await store.leaveTournament(t.id, entered[0] as string), 'left');
    assert.equal(await store.leaveTournament(t.id, entered[0] as string), 'not-entered');
    assert.equal(await store.tournament(t.id).then((d) => d?.entrants.length), 2);
    assert.deepEqual(await store.tournamentsToLookAt(10), [], 'not full, no date: nothing to start');
    assert.equal(await store.joinTournament(t.id, 'fay', 10), 'joined');
    assert.deepEqual(await store.tournamentsToLookAt(10), [t.id], 'full: due to start');
  });

  it('pairs a round once, with all its games, however many pairings race', async () => {
    const t = await create(4);
    for (const u of ['ann', 'bob', 'cat', 'dan']) await store.joinTournament(t.id, u, 2);
    const pairing = (round: number): RoundPairing => ({
      tournamentId: t.id,
      round,
      boards: [
        { round, first: 'ann', second: 'bob' },
        { round, first: 'cat', second: 'dan' },
      ],
      games: [newGame(['ann', 'bob']), newGame(['cat', 'dan'])],
      deadline: 1000,
      ...(round === 1 ? { start: { rounds: 2 } } : {}),
      mails: [],
      at: 5,
    });
    const raced = await Promise.all([1, 2, 3, 4].map((i) => (i % 2 ? other : store).pairRound(pairing(1))));
    const won = raced.filter((r) => r !== false);
    assert.equal(won.length, 1, 'one pairing of round 1 commits');
    assert.equal(won[0]?.length, 2);
    const detail = await store.tournament(t.id);
    assert.equal(detail?.state, 'running');
    assert.equal(detail?.roundsPaired, 1);
    assert.deepEqual(
      detail?.games.map((g) => [g.round, g.board, g.first, g.second, g.status]),
      [
        [1, 1, 'ann', 'bob', 'active'],
        [1, 2, 'cat', 'dan', 'active'],
      ],
    );
    assert.equal(await store.tournamentOfGame(won[0]?.[0] as number), t.id);
    assert.equal(await store.joinTournament(t.id, 'eve', 6), 'not-open');
    // Round 3 is not next: nothing is written.
    await assert.rejects(store.pairRound(pairing(3)));
    assert.equal((await store.tournament(t.id))?.games.length, 2);
    // Its deadline passed: due for a look although games go on.
    assert.ok((await store.tournamentsToLookAt(1000)).includes(t.id));
    assert.ok(!(await store.tournamentsToLookAt(999)).includes(t.id));
  });

  it('ends a tournament once', async () => {
    const t = await create(2);
    const ends = await Promise.all(
      [store, other, store].map((s) => s.endTournament(t.id, 'cancelled', [], 9)),
    );
    assert.equal(ends.filter(Boolean).length, 1);
    assert.equal((await store.tournament(t.id))?.state, 'cancelled');
  });
});

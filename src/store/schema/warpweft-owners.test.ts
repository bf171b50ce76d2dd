/**
 * Migration 23 over Warp and Weft games stored before it, their positions' owners a list of
 * numbers: an active game loads in today's form and plays on, a finished one and the snapshots
 * read as today's rules make them, and other games are left as they were. Both backends
 * (PostgreSQL with TEST_DATABASE_URL).
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { oldSchemaBackends } from '../../../test/old-schema.ts';
import { createAuthority } from '../../engine/index.ts';
import { GAMES, replay } from '../../games/index.ts';
import {
  legalMoves,
  type WarpWeftOptions,
  type WarpWeftState,
  warpweft,
} from '../../games/warpweft/index.ts';
import type { Db } from '../db/db.ts';
import { openStore, type Store } from '../index.ts';
import { migrate } from './migrations.ts';
import { WARPWEFT_OWNERS_MIGRATION } from './warpweft-owners.ts';

const BEFORE = WARPWEFT_OWNERS_MIGRATION.version - 1;
const OPTIONS: WarpWeftOptions = { size: 3, variant: 'thread' };
const SEED = 7;

/** A position as Tessera stored it before the migration: the owners a list of numbers. */
const oldForm = (state: WarpWeftState) => JSON.stringify({ ...state, owners: [...state.owners].map(Number) });

/** The moves of a game played by always taking the first legal move, `count` of them or to its end. */
function firstMoves(count: number): string[] {
  let state = warpweft.setup(OPTIONS, SEED);
  const moves: string[] = [];
  while (moves.length < count && !state.result) {
    const move = legalMoves(state)[0];
    assert.ok(move);
    moves.push(warpweft.formatMove(move, state));
    const next = warpweft.play(state, move);
    assert.ok(next.ok);
    state = next.value;
  }
  return moves;
}

const positionAfter = (moves: readonly string[]): WarpWeftState => {
  const state = replay(warpweft, OPTIONS, SEED, moves);
  assert.ok(state.ok);
  return state.value;
};

const ACTIVE = firstMoves(4);
const FINISHED = firstMoves(1000);
const ATOM4_STATE = JSON.stringify({ owners: [1, 2], note: 'not a Warp and Weft position' });

async function insertGame(db: Db, id: number, moves: readonly string[]): Promise<void> {
  const state = positionAfter(moves);
  const outcome = warpweft.outcome(state);
  const toMove = warpweft.toMove(state);
  await db.run(
    `INSERT INTO games (id, game_type, options, seed, players, challenger, status, outcome, move_count, version,
       state, to_move, rated, compact, created_at, updated_at)
     VALUES (?, 'warpweft', ?, ?, '["ann","bob"]', 'ann', ?, ?, ?, ?, ?, ?, 0, 0, 1000, 2000)`,
    [
      id,
      JSON.stringify(OPTIONS),
      SEED,
      outcome ? 'finished' : 'active',
      outcome ? JSON.stringify(outcome) : null,
      moves.length,
      moves.length + 1,
      oldForm(state),
      toMove === undefined ? null : (['ann', 'bob'][toMove] as string),
    ],
  );
  for (const [seat, user] of ['ann', 'bob'].entries())
    await db.run('INSERT INTO game_players (game_id, seat, user_id) VALUES (?, ?, ?)', [id, seat, user]);
  for (const [i, text] of moves.entries())
    await db.run('INSERT INTO moves (game_id, move_no, seat, text, auto, at) VALUES (?, ?, ?, ?, 0, ?)', [
      id,
      i + 1,
      i % 2,
      text,
      1000 + i,
    ]);
  await db.run('INSERT INTO snapshots (game_id, move_no, state) VALUES (?, 0, ?)', [
    id,
    oldForm(warpweft.setup(OPTIONS, SEED)),
  ]);
}

async function seedOld(db: Db): Promise<void> {
  await migrate(db, BEFORE);
  for (const user of ['ann', 'bob'])
    await db.run('INSERT INTO users (id, pass_hash, salt, created_at) VALUES (?, ?, ?, 1)', [user, '!', '!']);
  await insertGame(db, 1, ACTIVE);
  await insertGame(db, 2, FINISHED);
  await db.run(
    `INSERT INTO games (id, game_type, options, seed, players, challenger, status, outcome, move_count, version,
       state, to_move, rated, compact, created_at, updated_at)
     VALUES (3, 'atom4', '{}', 1, '["ann","bob"]', 'ann', 'active', NULL, 0, 1, ?, 'ann', 0, 0, 1000, 2000)`,
    [ATOM4_STATE],
  );
  if (db.dialect === 'postgres')
    await db.run("SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT max(id) FROM games))");
}

for (const backend of oldSchemaBackends()) {
  describe(`migration ${WARPWEFT_OWNERS_MIGRATION.version} on ${backend.name}, over Warp and Weft positions stored with a list of owners`, {
    skip: backend.skip,
  }, () => {
    let store: Store | undefined;
    after(async () => {
      await store?.close();
      await backend.cleanUp();
    });

    it('loads every stored position as the rules make it today, and an active game plays on', async () => {
      store = await openStore(await backend.setUp(seedOld));
      assert.ok(FINISHED.length > ACTIVE.length, 'the finished game is a longer one');
      const active = await store.loadGame(1);
      assert.deepEqual(active?.state, positionAfter(ACTIVE));
      const finished = await store.loadGame(2);
      assert.equal(finished?.status, 'finished');
      assert.deepEqual(finished?.state, positionAfter(FINISHED));
      assert.deepEqual((await store.snapshot(1, 0))?.state, warpweft.setup(OPTIONS, SEED));
      assert.equal(warpweft.toText(active?.state), warpweft.toText(positionAfter(ACTIVE)));

      const authority = createAuthority({ port: store, games: GAMES, now: () => 5000 });
      const state = active?.state as WarpWeftState;
      const user = ['ann', 'bob'][warpweft.toMove(state) as number] as string;
      const move = warpweft.formatMove(legalMoves(state)[0] as never, state);
      const played = await authority.move({ gameId: 1, user, move, moveNo: ACTIVE.length + 1 });
      assert.ok(played.ok, JSON.stringify(played));
      assert.deepEqual((await store.loadGame(1))?.state, positionAfter([...ACTIVE, move]));
      assert.deepEqual(
        (await store.loadGame(3))?.state,
        JSON.parse(ATOM4_STATE),
        'other games are left alone',
      );
    });
  });
}

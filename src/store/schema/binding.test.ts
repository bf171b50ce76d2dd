/**
 * Migration 24 on a database that already holds a tournament's games: they become games their
 * players entered beforehand (lost, not void, when given up before moving), and no other game
 * does. Both backends (PostgreSQL with TEST_DATABASE_URL).
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { oldSchemaBackends } from '../../../test/old-schema.ts';
import type { Db } from '../db/db.ts';
import { openStore, type Store } from '../index.ts';
import { BINDING_MIGRATION } from './binding.ts';
import { migrate } from './migrations.ts';

/** Two games at the schema before migration 24: the first a tournament's, the second not. */
async function seedOld(db: Db): Promise<void> {
  await migrate(db, BINDING_MIGRATION.version - 1);
  for (const id of [1, 2])
    await db.run(
      `INSERT INTO games (id, game_type, options, seed, players, challenger, status, outcome, move_count, version,
         state, to_move, rated, compact, created_at, updated_at)
       VALUES (?, 'warpweft', '{}', 1, '["ann","bob"]', NULL, 'active', NULL, 0, 0, '{}', 'ann', 1, 0, 1000, 1000)`,
      [id],
    );
  await db.run(
    `INSERT INTO tournaments (name, creator, game_type, options, time_control, rated, format, rounds, max_players,
       starts_at, round_days, state, rounds_paired, created_at, started_at, finished_at)
     VALUES ('Cup', 'ann', 'warpweft', '{}', NULL, 1, 'swiss', 1, 2, NULL, NULL, 'running', 1, 900, 1000, NULL)`,
  );
  await db.run(
    'INSERT INTO tournament_rounds (tournament_id, round, paired_at, deadline) VALUES (1, 1, 1000, NULL)',
  );
  await db.run(
    `INSERT INTO tournament_games (tournament_id, round, board, first_player, second_player, game_id)
     VALUES (1, 1, 1, 'ann', 'bob', 1)`,
  );
}

for (const backend of oldSchemaBackends()) {
  describe(`migration ${BINDING_MIGRATION.version} on ${backend.name}, over a tournament's games`, {
    skip: backend.skip,
  }, () => {
    let store: Store | undefined;
    after(async () => {
      await store?.close();
      await backend.cleanUp();
    });

    it("marks a tournament's games as entered beforehand, and no other", async () => {
      store = await openStore(await backend.setUp(seedOld));
      assert.equal((await store.loadGame(1))?.binding, true);
      assert.equal((await store.loadGame(2))?.binding ?? false, false);
    });
  });
}

/** Positions of a long game, rebuilt from snapshots. */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { createAuthority, type GameRecord } from '../../engine/index.ts';
import { type AnyGame, replay } from '../../games/index.ts';
import { sigmar } from '../../games/sigmar/index.ts';
import { openStore, SNAPSHOT_EVERY, type Store } from '../../store/index.ts';
import { stateAt } from './positions.ts';

describe('positions of a long game', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-positions-'));
  let store: Store;
  let record: GameRecord;
  let texts: string[];
  // The rules, counting each move they play.
  let plays = 0;
  const counted: AnyGame = {
    ...sigmar,
    play: (state, move) => {
      plays++;
      return sigmar.play(state, move);
    },
  };
  const replayed = (at: number) => {
    const rebuilt = replay(sigmar, record.options as never, record.seed, texts.slice(0, at));
    assert.ok(rebuilt.ok);
    return rebuilt.value;
  };

  before(async () => {
    store = await openStore({ dataDir: dir });
    const authority = createAuthority({ port: store, games: { sigmar }, now: () => 1 });
    const made = await authority.create({ gameType: 'sigmar', players: ['eve'], seed: 5 });
    assert.ok(made.ok);
    // Remove a pair, undo it, and again: Sigmar's Garden goes on as long as that.
    const pair = sigmar.formatMove(
      sigmar.legalMoves(made.value.state as never)[0] as never,
      made.value.state as never,
    );
    for (let n = 1; n <= 3 * SNAPSHOT_EVERY - 5; n++) {
      const taken = await authority.move({ gameId: made.value.id, user: 'eve', move: n % 2 ? pair : 'undo' });
      assert.ok(taken.ok, taken.ok ? '' : taken.error);
    }
    record = (await store.loadGame(made.value.id)) as GameRecord;
    texts = (await store.moveLog(record.id, 0)).map((m) => m.text);
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('rebuilds any position by replaying fewer than SNAPSHOT_EVERY moves, never from the start', async () => {
    for (const at of [
      0,
      1,
      SNAPSHOT_EVERY - 1,
      SNAPSHOT_EVERY,
      2 * SNAPSHOT_EVERY + 7,
      record.moveCount - 1,
    ]) {
      plays = 0;
      assert.deepEqual(
        await stateAt(store, counted, record, at),
        replayed(at),
        `the position after move ${at}`,
      );
      assert.equal(plays, at % SNAPSHOT_EVERY, `moves replayed for move ${at}`);
    }
    plays = 0;
    assert.equal(await stateAt(store, counted, record, record.moveCount), record.state);
    assert.equal(plays, 0, 'the latest position is the stored one');
  });

  it('keeps the snapshots a game stored before them passes on its first replay', async () => {
    // The store holds its file alone: forget the game's snapshots between two openings.
    await store.close();
    const db = new DatabaseSync(join(dir, 'tessera.db'));
    db.prepare('DELETE FROM snapshots WHERE game_id = ?').run(record.id);
    db.close();
    store = await openStore({ dataDir: dir });
    const at = 2 * SNAPSHOT_EVERY + 3;
    plays = 0;
    assert.deepEqual(await stateAt(store, counted, record, at), replayed(at));
    assert.equal(plays, at, 'the first replay starts from the beginning');
    plays = 0;
    assert.deepEqual(await stateAt(store, counted, record, at - 1), replayed(at - 1));
    assert.equal(plays, (at - 1) % SNAPSHOT_EVERY, 'later ones start from a snapshot it kept');
    plays = 0;
    assert.deepEqual(await stateAt(store, counted, record, 3), replayed(3));
    assert.equal(plays, 3, 'the start was kept too');
  });
});

/**
 * The metagame's log-backed world (intricacy-meta.ts) on a real SQLite store: two metagame
 * instances over one store stand in for two server processes, each with its own cached world.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PULL_SOLUTION, PULL as PULL_TEXT } from '../../test/intricacy-locks.ts';
import type { Lock } from '../games/intricacy/lock.ts';
import { parseMoveList } from '../games/intricacy/notation.ts';
import { parseLockText } from '../games/intricacy/text.ts';
import { openStore, type Store } from '../store/index.ts';
import { createMetagame } from './intricacy-meta.ts';
import type { Connection, ServerFrame } from './live.ts';

const read = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const PULL: Lock = read(parseLockText(PULL_TEXT));
const SOLUTION = read(parseMoveList(PULL_SOLUTION));

describe('metagame world from the action log', () => {
  let dir: string;
  let store: Store;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-meta-'));
    store = await openStore({ dataDir: dir });
  });
  after(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('re-checks an action against what another writer appended first, and tells subscribers', async () => {
    const one = createMetagame({ store, now: () => 5 });
    const two = createMetagame({ store, now: () => 6 });
    await one.refresh();
    await two.refresh();
    const frames: ServerFrame[] = [];
    const conn: Connection = { user: () => null, send: (f) => frames.push(f) };
    two.subscribe(conn);
    assert.ok(read(await one.act({ kind: 'register', payload: { codename: 'ONE' } }, 'u1')));
    // `two` has not heard of ONE: its append is refused by the store, it reads the log, and the
    // rules then refuse the second registration of the same codename.
    const again = await two.act({ kind: 'register', payload: { codename: 'ONE' } }, 'u2');
    assert.deepEqual(again, { ok: false, error: 'the codename ONE is taken' });
    assert.equal(await store.codenameOf('u2'), undefined);
    // Its subscriber heard of the player `one` added, once it read the log.
    assert.deepEqual(frames, [
      { type: 'subscribed', game: 'intricacy' },
      { type: 'intricacy', change: 'player' },
    ]);
    const placed = read(
      await two.act({ kind: 'place', payload: { owner: 'ONE', slot: 1, lock: PULL, solution: SOLUTION } }),
    );
    assert.equal(placed.after.locks[0]?.placedAt, 6);
    assert.deepEqual(frames.at(-1), { type: 'intricacy', change: 'lock' });
    // `one` catches up when told (a store signal in a real server).
    assert.deepEqual(one.cached().players[0]?.slots, [null, null, null]);
    await one.refresh();
    assert.deepEqual(one.cached(), two.cached());
    two.unsubscribe(conn);
    assert.equal(two.subscribers(), 0);
  });

  it('stops at a logged action that no longer applies, saying so: the world keeps what came before, ids never shift, new actions are refused', async () => {
    const errors: string[] = [];
    const seq = (await store.metaActions(0)).length;
    assert.ok(
      (
        await store.appendMetaAction({
          seq: seq + 1,
          kind: 'retire',
          payload: { owner: 'ONE', slot: 0 },
          at: 1,
        })
      ).ok,
    );
    assert.ok(
      (await store.appendMetaAction({ seq: seq + 2, kind: 'register', payload: { codename: 'TWO' }, at: 2 }))
        .ok,
    );
    const fresh = createMetagame({ store, onError: (e) => errors.push(String(e)) });
    await fresh.refresh();
    assert.equal(errors.length, 1);
    assert.match(errors[0] as string, /log entry 3 \(retire\) no longer applies: ONE's slot 0 is empty/);
    assert.deepEqual(
      (await fresh.world()).players.map((p) => p.codename),
      ['ONE'],
      'nothing after the entry that no longer applies is read',
    );
    const refused = await fresh.act({ kind: 'register', payload: { codename: 'TRE' } });
    assert.equal(refused.ok, false);
    assert.match(refused.ok ? '' : refused.error, /read-only for now \(metagame log entry 3/);
    assert.equal((await store.metaActions(0)).length, seq + 2, 'nothing was appended');
  });
});

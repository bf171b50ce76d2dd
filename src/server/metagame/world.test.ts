/**
 * The metagame's log-backed world (world.ts) on a real SQLite store: two metagame
 * instances over one store stand in for two server processes, each with its own cached world.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { PULL_SOLUTION, PULL as PULL_TEXT } from '../../../test/intricacy-locks.ts';
import type { Lock } from '../../games/intricacy/lock.ts';
import { emptyWorld, worldView } from '../../games/intricacy/metagame.ts';
import { parseMoveList } from '../../games/intricacy/notation.ts';
import { parseLockText } from '../../games/intricacy/text.ts';
import { isPostgresUrl, openStore, type Store, type StoreConfig } from '../../store/index.ts';
import type { Connection, ServerFrame } from '../live/hub.ts';
import { createMetagame, type MetaAction, WORLD_FORMAT } from './world.ts';
import { worldParts } from './world-parts.ts';

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
    assert.deepEqual(again, { ok: false, error: 'the codename ONE is taken', code: 'conflict' });
    assert.equal(await store.codenameOf('u2'), undefined);
    // Its subscriber heard of the player `one` added, once it read the log.
    assert.deepEqual(frames, [
      { type: 'subscribed', metagame: 'intricacy' },
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
    assert.match(errors[0] as string, /log entry 3 \(retire\) no longer applies: ONE's first slot is empty/);
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

const pgUrl = [process.env.TEST_DATABASE_URL, process.env.DATABASE_URL].find(isPostgresUrl);
const schema = `t_${randomBytes(6).toString('hex')}`;
const backends: { name: string; skip: string | false; config: () => StoreConfig }[] = [
  { name: 'SQLite', skip: false, config: () => ({ dataDir: mkdtempSync(join(tmpdir(), 'tessera-meta-')) }) },
  {
    name: 'PostgreSQL',
    skip: pgUrl ? false : 'set TEST_DATABASE_URL=postgres://… to run it',
    config: () => ({ dataDir: '', databaseUrl: pgUrl as string, pgSchema: schema }),
  },
];

for (const backend of backends)
  describe(`metagame start-up from a saved world on ${backend.name}`, { skip: backend.skip }, () => {
    let config: StoreConfig;
    let first: Store;
    let second: Store;
    before(async () => {
      config = backend.config();
      first = await openStore(config);
      // Another process's store on the same database (SQLite: one process owns the file).
      second = backend.name === 'SQLite' ? first : await openStore(config);
    });
    after(async () => {
      if (second !== first) await second.close();
      await first.close();
      if (config.dataDir) rmSync(config.dataDir, { recursive: true, force: true });
      if (config.databaseUrl) {
        const client = new pg.Client({ connectionString: config.databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
    });
    /** A store that records where each read of the log started. */
    const watched = (store: Store, asked: number[]): Store => ({
      ...store,
      metaActions: (after: number) => {
        asked.push(after);
        return store.metaActions(after);
      },
    });

    it('loads the latest save and replays only what follows it: the same world and the same views', async () => {
      const one = createMetagame({ store: first, saveEvery: 3, now: () => 9 });
      await one.refresh();
      const actions: MetaAction[] = [
        { kind: 'register', payload: { codename: 'ONE' } },
        { kind: 'register', payload: { codename: 'TWO' } },
        { kind: 'place', payload: { owner: 'ONE', slot: 0, lock: PULL, solution: SOLUTION } },
        { kind: 'place', payload: { owner: 'TWO', slot: 1, lock: PULL, solution: SOLUTION } },
        { kind: 'declare', payload: { solver: 'TWO', on: 0, behind: 1, solution: SOLUTION } },
        { kind: 'retire', payload: { owner: 'TWO', slot: 1 } },
        { kind: 'register', payload: { codename: 'TRE' } },
      ];
      for (const action of actions) {
        read(await one.act(action));
        await one.saved();
      }
      const save = await second.metaWorld();
      assert.ok(save && save.format === WORLD_FORMAT, 'a world was saved');
      assert.equal(save.seq, 6, 'saved every three entries');

      const asked: number[] = [];
      const restarted = createMetagame({ store: watched(second, asked) });
      await restarted.refresh();
      assert.deepEqual(asked, [6], 'only the entries after the save are read');
      assert.deepEqual(restarted.cached(), one.cached());
      for (const viewer of ['ONE', 'TWO', 'TRE', null])
        assert.deepEqual(worldView(restarted.cached(), viewer), worldView(one.cached(), viewer));

      // A change through the restarted one reaches the first when it reads the log.
      read(
        await restarted.act({
          kind: 'place',
          payload: { owner: 'TRE', slot: 2, lock: PULL, solution: SOLUTION },
        }),
      );
      await one.refresh();
      assert.deepEqual(one.cached(), restarted.cached());
    });

    it('ignores a save of another layout and replays the whole log', async () => {
      const reference = createMetagame({ store: first });
      await reference.refresh();
      const seq = (await first.metaActions(0)).length;
      await first.saveMetaWorld({ seq, format: WORLD_FORMAT + 1, parts: worldParts(emptyWorld(), null) });
      const asked: number[] = [];
      const restarted = createMetagame({ store: watched(second, asked) });
      await restarted.refresh();
      assert.deepEqual(asked, [0]);
      assert.deepEqual(restarted.cached(), reference.cached());
    });
  });

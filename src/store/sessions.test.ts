/**
 * The store keeps the sessions it has read: a session confirmed again, as every WebSocket move
 * confirms its own, costs no query, and one that was ended is never answered from memory. SQLite's
 * process is the only writer; on PostgreSQL sessions are kept only while the store hears other
 * processes' signals, and one another process ended is forgotten once its signal comes.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { openStore, type RemoteSignal, type Store, type StoreConfig } from './index.ts';
import { KEPT_MS, knownSessions } from './sql/known-sessions.ts';
import { pgUrl } from './test-backends.ts';

const HOUR = 3_600_000;

describe('sessions on SQLite', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-sessions-'));
  let store: Store;
  let queries = 0;
  before(async () => {
    store = await openStore({ dataDir, onQuery: () => queries++ });
    await store.createUser({ id: 'ann', passHash: 'h', salt: 's', createdAt: 1 });
    await store.createUser({ id: 'bob', passHash: 'h', salt: 's', createdAt: 1 });
  });
  after(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The queries `read` sends. */
  const counted = async (read: () => Promise<unknown>) => {
    const before = queries;
    await read();
    return queries - before;
  };

  it('confirms a session read before without a query', async () => {
    const expiresAt = Date.now() + HOUR;
    await store.createSession('a1', 'ann', expiresAt);
    assert.deepEqual(await store.getSession('a1'), { userId: 'ann', expiresAt });
    assert.equal(await counted(() => store.getSession('a1')), 0);
    assert.deepEqual(await store.getSession('a1'), { userId: 'ann', expiresAt });
  });

  it('never answers a session that was ended from memory', async () => {
    const later = Date.now() + HOUR;
    for (const [hash, user, expiresAt] of [
      ['b1', 'ann', later],
      ['b2', 'ann', later],
      ['b3', 'ann', later],
      ['b4', 'bob', later],
      ['b5', 'bob', Date.now() - 1],
    ] as const) {
      await store.createSession(hash, user, expiresAt);
      assert.ok(await store.getSession(hash));
    }
    await store.deleteSession('b1');
    assert.equal(await store.getSession('b1'), undefined, 'logged out');
    await store.deleteSessions('ann', 'b3');
    assert.equal(await store.getSession('b2'), undefined, 'logged out everywhere but b3');
    assert.ok(await store.getSession('b3'));
    await store.purgeSessions(Date.now());
    assert.equal(await store.getSession('b5'), undefined, 'expired and purged');
    assert.ok(await store.getSession('b4'));
  });

  it('does not keep a read that overlapped the session being ended', async () => {
    await store.createSession('c1', 'bob', Date.now() + HOUR);
    const read = store.getSession('c1');
    await store.deleteSession('c1');
    await read;
    assert.equal(await store.getSession('c1'), undefined);
  });
});

describe('sessions on PostgreSQL, with another process', { skip: !pgUrl && 'set TEST_DATABASE_URL' }, () => {
  const config: StoreConfig = {
    dataDir: '',
    databaseUrl: pgUrl as string,
    pgSchema: `t_sessions_${process.pid}_${Date.now() % 100_000}`,
  };
  let queries = 0;
  /** This process's store, counting its queries, and another process's on the same database. */
  let here: Store;
  let there: Store;
  const heard: RemoteSignal[] = [];
  before(async () => {
    here = await openStore({ ...config, onQuery: () => queries++ });
    there = await openStore(config);
    for (const id of ['cat', 'dan']) await here.createUser({ id, passHash: 'h', salt: 's', createdAt: 1 });
  });
  after(async () => {
    await here.close();
    await there.close();
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${config.pgSchema}" CASCADE`);
    await client.end();
  });

  const counted = async (read: () => Promise<unknown>) => {
    const before = queries;
    await read();
    return queries - before;
  };
  /** Waits (up to 2 s) until this process has heard a signal that `wanted` picks. */
  const hearing = async (wanted: (s: RemoteSignal) => boolean) => {
    for (let i = 0; i < 100 && !heard.some(wanted); i++) await new Promise((r) => setTimeout(r, 20));
    assert.ok(heard.some(wanted), `heard ${JSON.stringify(heard)}`);
  };

  it('reads a session from the database each time while it hears no signals', async () => {
    await there.createSession('p1', 'cat', Date.now() + HOUR);
    assert.ok(await here.getSession('p1'));
    assert.equal(await counted(() => here.getSession('p1')), 1);
  });

  it('confirms a session read before without a query while it hears every signal', async () => {
    const stop = await here.listen((s) => heard.push(s));
    try {
      const expiresAt = Date.now() + HOUR;
      await there.createSession('p2', 'cat', expiresAt);
      assert.deepEqual(await here.getSession('p2'), { userId: 'cat', expiresAt });
      assert.equal(await counted(() => here.getSession('p2')), 0);
    } finally {
      await stop();
    }
    assert.equal(await counted(() => here.getSession('p2')), 1, 'no longer hearing: read again');
  });

  it('forgets the sessions another process ended once it hears so, and tells its listener', async () => {
    const stop = await here.listen((s) => heard.push(s));
    try {
      const later = Date.now() + HOUR;
      for (const [hash, user] of [
        ['q1', 'cat'],
        ['q2', 'dan'],
        ['q3', 'dan'],
        ['q4', 'dan'],
      ] as const) {
        await there.createSession(hash, user, later);
        assert.ok(await here.getSession(hash));
      }
      await there.deleteSession('q1');
      await hearing((s) => s.kind === 'sessions' && s.ended !== undefined && 'tokenHash' in s.ended);
      assert.equal(await here.getSession('q1'), undefined, 'logged out through the other process');
      await there.deleteSessions('dan', 'q4');
      await hearing((s) => s.kind === 'sessions' && s.ended !== undefined && 'user' in s.ended);
      assert.equal(await here.getSession('q2'), undefined, 'logged out everywhere but q4');
      assert.equal(await here.getSession('q3'), undefined);
      assert.equal(await counted(() => here.getSession('q4')), 0, 'the session kept is still kept');
      assert.deepEqual(
        heard.filter((s) => s.kind === 'sessions').map((s) => s.ended),
        [{ tokenHash: 'q1' }, { user: 'dan', except: 'q4' }],
      );
    } finally {
      await stop();
    }
  });
});

describe('sessions kept in memory when other processes may end them', () => {
  const session = { userId: 'eve', expiresAt: 10 * HOUR };
  let clock = 0;
  const now = () => clock;

  it('keeps nothing while no listener hears every signal, and forgets all when it stops', () => {
    const known = knownSessions(false, now);
    known.keep('s1', session, known.reading());
    assert.equal(known.get('s1'), undefined, 'not hearing: not kept');
    known.hearing(1);
    known.keep('s1', session, known.reading());
    assert.deepEqual(known.get('s1'), session);
    const readAt = known.reading();
    known.hearing(-1);
    known.hearing(1);
    assert.equal(known.get('s1'), undefined, 'the link dropped: forgotten');
    known.keep('s1', session, readAt);
    assert.equal(known.get('s1'), undefined, 'a read from before the drop is not kept');
  });

  it('reads a session again once it has been kept for a while, though no signal came', () => {
    const known = knownSessions(false, now);
    known.hearing(1);
    known.keep('s2', session, known.reading());
    clock += KEPT_MS;
    assert.deepEqual(known.get('s2'), session);
    clock += 1;
    assert.equal(known.get('s2'), undefined);
    // The only writer (SQLite) keeps what it read for as long as it likes.
    const alone = knownSessions(true, now);
    alone.keep('s3', session, alone.reading());
    clock += 10 * KEPT_MS;
    assert.deepEqual(alone.get('s3'), session);
  });
});

/**
 * End to end on PostgreSQL: two server processes share one metagame. An action through one is
 * seen by the other (its world and its WebSocket subscribers, through LISTEN/NOTIFY), and two
 * conflicting actions racing through the two processes are never both applied. Needs
 * TEST_DATABASE_URL (or DATABASE_URL) = postgres://…; skipped with a message otherwise.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { LiveClient } from '../src/server/ws-client.ts';
import { PULL, PULL_SOLUTION } from './intricacy-locks.ts';
import { account, call, type ServerProcess, startServer } from './support.ts';

const url = [process.env.TEST_DATABASE_URL, process.env.DATABASE_URL].find(
  (u) => u && /^postgres(ql)?:\/\//.test(u),
);
const skip = url
  ? false
  : 'PostgreSQL metagame tests skipped: set TEST_DATABASE_URL=postgres://… to run them';

describe('Intricacy metagame on two server processes sharing PostgreSQL', { skip }, () => {
  const schema = `meta_${randomBytes(5).toString('hex')}`;
  let one: ServerProcess;
  let two: ServerProcess;
  const sockets: LiveClient[] = [];
  before(async () => {
    const env = { DATABASE_URL: url as string, TESSERA_PG_SCHEMA: schema };
    [one, two] = await Promise.all([startServer(env), startServer(env)]);
  });
  after(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await Promise.all([one?.kill(), two?.kill()]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });
  const api = (server: ServerProcess, method: string, path: string, body?: unknown, token?: string) =>
    call(server.url, method, `/api/intricacy${path}`, body, token);

  it('shows an action through one process to the other and to its subscribers', async () => {
    const watcher = new LiveClient(two.url, { format: 'json' });
    sockets.push(watcher);
    await watcher.opened;
    watcher.send({ type: 'subscribe', game: 'intricacy' });
    await watcher.next((f) => f.type === 'subscribed');
    const ann = await account(one.url, 'ann');
    assert.equal((await api(one, 'POST', '/register', { codename: 'ANN' }, ann)).status, 201);
    assert.equal((await watcher.next((f) => f.type === 'intricacy')).change, 'player');
    const placed = await api(one, 'PUT', '/slots/0', { lock: PULL, solution: PULL_SOLUTION }, ann);
    assert.equal(placed.status, 200, JSON.stringify(placed.body));
    assert.equal((await watcher.next((f) => f.type === 'intricacy')).change, 'lock');
    const seen = (await api(two, 'GET', '/world', undefined, ann)).body;
    assert.equal(seen.viewer, 'ANN');
    assert.deepEqual(seen.players[0].slots, [placed.body.id, null, null]);
    assert.deepEqual(
      seen.locks[0].solution,
      placed.body.solution,
      'the owner’s view, from the other process',
    );
  });

  it('never applies two conflicting actions racing through the two processes', async () => {
    // Two accounts want one codename: exactly one gets it.
    const [cat, dan] = await Promise.all([account(one.url, 'cat'), account(two.url, 'dan')]);
    const registered = await Promise.all([
      api(one, 'POST', '/register', { codename: 'XYZ' }, cat),
      api(two, 'POST', '/register', { codename: 'XYZ' }, dan),
    ]);
    assert.deepEqual(
      registered.map((r) => r.status).sort(),
      [201, 409],
      JSON.stringify(registered.map((r) => r.body)),
    );
    const loser = registered[0]?.status === 409 ? cat : dan;
    assert.equal((await api(one, 'POST', '/register', { codename: 'XY2' }, loser)).status, 201);

    // One solver declares on one lock through both processes at once: one note, not two.
    const owner = await account(one.url, 'eve');
    await api(one, 'POST', '/register', { codename: 'EVE' }, owner);
    const target = (await api(one, 'PUT', '/slots/0', { lock: PULL, solution: PULL_SOLUTION }, owner)).body
      .id;
    for (const token of [cat, dan])
      assert.equal(
        (await api(two, 'PUT', '/slots/0', { lock: PULL, solution: PULL_SOLUTION }, token)).status,
        200,
      );
    const declared = await Promise.all(
      [one, two, one, two].map((server) =>
        api(server, 'POST', `/locks/${target}/solution`, { solution: PULL_SOLUTION, slot: 0 }, cat),
      ),
    );
    assert.deepEqual(
      declared.map((r) => r.status).sort(),
      [200, 400, 400, 400],
      JSON.stringify(declared.map((r) => r.body)),
    );
    for (const r of declared.filter((d) => d.status === 400))
      assert.match(r.body.error, /already declared a solution on lock/);

    // Both processes end with the same world.
    const [w1, w2] = await Promise.all([api(one, 'GET', '/world'), api(two, 'GET', '/world')]);
    assert.deepEqual(w1.body, w2.body);
    assert.equal(w1.body.notes.length, 1);
    assert.deepEqual(
      w1.body.players.map((p: { codename: string }) => p.codename),
      ['ANN', 'XYZ', 'XY2', 'EVE'],
    );
  });
});

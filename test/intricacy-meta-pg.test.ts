/**
 * End to end on PostgreSQL: two server processes share one metagame. An action through one is
 * seen by the other (its world and its WebSocket subscribers, through LISTEN/NOTIFY), and two
 * conflicting actions racing through the two processes are never both applied. Needs
 * TEST_DATABASE_URL (or DATABASE_URL) = postgres://…; skipped with a message otherwise.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LiveClient } from '../src/server/live/ws-client.ts';
import { PULL, PULL_SOLUTION } from './intricacy-locks.ts';
import { serverPairOnPostgres, skipWithoutPostgres } from './postgres-pair.ts';
import { account, call, type ServerProcess } from './support.ts';

const skip = skipWithoutPostgres('PostgreSQL metagame tests');

describe('Intricacy metagame on two server processes sharing PostgreSQL', { skip }, () => {
  const servers = serverPairOnPostgres('meta');
  const { sockets } = servers;
  const api = (server: ServerProcess, method: string, path: string, body?: unknown, token?: string) =>
    call(server.url, method, `/api/intricacy${path}`, body, token);

  it('shows an action through one process to the other and to its subscribers', async () => {
    const watcher = new LiveClient(servers.two.url, { format: 'json' });
    sockets.push(watcher);
    await watcher.opened;
    watcher.send({ type: 'subscribe', metagame: 'intricacy' });
    await watcher.next((f) => f.type === 'subscribed');
    const ann = await account(servers.one.url, 'ann');
    assert.equal((await api(servers.one, 'POST', '/register', { codename: 'ANN' }, ann)).status, 201);
    assert.equal((await watcher.next((f) => f.type === 'intricacy')).change, 'player');
    const placed = await api(servers.one, 'PUT', '/slots/0', { lock: PULL, solution: PULL_SOLUTION }, ann);
    assert.equal(placed.status, 200, JSON.stringify(placed.body));
    assert.equal((await watcher.next((f) => f.type === 'intricacy')).change, 'lock');
    const seen = (await api(servers.two, 'GET', '/world', undefined, ann)).body;
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
    const [cat, dan] = await Promise.all([account(servers.one.url, 'cat'), account(servers.two.url, 'dan')]);
    const registered = await Promise.all([
      api(servers.one, 'POST', '/register', { codename: 'XYZ' }, cat),
      api(servers.two, 'POST', '/register', { codename: 'XYZ' }, dan),
    ]);
    assert.deepEqual(
      registered.map((r) => r.status).sort(),
      [201, 409],
      JSON.stringify(registered.map((r) => r.body)),
    );
    const loser = registered[0]?.status === 409 ? cat : dan;
    assert.equal((await api(servers.one, 'POST', '/register', { codename: 'XY2' }, loser)).status, 201);

    // One solver declares on one lock through both processes at once: one note, not two.
    const owner = await account(servers.one.url, 'eve');
    await api(servers.one, 'POST', '/register', { codename: 'EVE' }, owner);
    const target = (await api(servers.one, 'PUT', '/slots/0', { lock: PULL, solution: PULL_SOLUTION }, owner))
      .body.id;
    for (const token of [cat, dan])
      assert.equal(
        (await api(servers.two, 'PUT', '/slots/0', { lock: PULL, solution: PULL_SOLUTION }, token)).status,
        200,
      );
    const declared = await Promise.all(
      [servers.one, servers.two, servers.one, servers.two].map((server) =>
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
    const [w1, w2] = await Promise.all([
      api(servers.one, 'GET', '/world'),
      api(servers.two, 'GET', '/world'),
    ]);
    assert.deepEqual(w1.body, w2.body);
    assert.equal(w1.body.notes.length, 1);
    assert.deepEqual(
      w1.body.players.map((p: { codename: string }) => p.codename),
      ['ANN', 'XYZ', 'XY2', 'EVE'],
    );
  });
});

/**
 * End to end on PostgreSQL: two server processes on two ports share one database. A move made
 * through one reaches a WebSocket subscriber of the other (LISTEN/NOTIFY), and two clients racing
 * the same move number through different processes still get exactly one move in. Needs
 * TEST_DATABASE_URL (or DATABASE_URL) = postgres://…; skipped with a message otherwise.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { warpweft } from '../src/games/warpweft/index.ts';
import { LiveClient } from '../src/server/live/ws-client.ts';
import { serverPairOnPostgres, skipWithoutPostgres } from './postgres-pair.ts';
import { account, call } from './support.ts';

const skip = skipWithoutPostgres('PostgreSQL end-to-end tests');

const legal = (view: unknown, i = 0) => {
  const moves = warpweft.legalMoves(view as never);
  return warpweft.formatMove(moves[i % moves.length] as never, view as never);
};

describe('end to end: two server processes on one PostgreSQL', { skip }, () => {
  const servers = serverPairOnPostgres('e2e');
  const { sockets } = servers;

  it('delivers a move made through one process to a subscriber of the other', async () => {
    const ann = await account(servers.one.url, 'ann');
    const bob = await account(servers.two.url, 'bob');
    assert.equal((await call(servers.two.url, 'GET', '/api/health')).body.store, 'postgres');
    const made = await call(
      servers.one.url,
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['ann', 'bob'] },
      ann,
    );
    assert.equal(made.status, 201, made.body.error);
    const id = made.body.id;
    const watcher = new LiveClient(servers.two.url, { token: bob });
    sockets.push(watcher);
    await watcher.opened;
    watcher.send({ type: 'subscribe', gameId: id });
    await watcher.next((f) => f.type === 'subscribed');
    const move = legal(made.body.view);
    const sentAt = performance.now();
    assert.equal(
      (await call(servers.one.url, 'POST', `/api/games/${id}/moves`, { move, moveNo: 1 }, ann)).status,
      200,
    );
    const frame = await watcher.next((f) => f.type === 'move' && f.moveNo === 1);
    assert.equal(frame.move, move);
    assert.ok(frame.view, 'the last move arrives with the new view');
    assert.ok(performance.now() - sentAt < 2000);
    await call(servers.one.url, 'POST', `/api/games/${id}/chat`, { text: 'hello from one' }, ann);
    assert.equal((await watcher.next((f) => f.type === 'chat')).text, 'hello from one');
  });

  it('lets exactly one of two moves racing through different processes in', async () => {
    const ann = (await call(servers.one.url, 'POST', '/api/login', { user: 'ann', password: 'pass1234' }))
      .body.token;
    const ann2 = (await call(servers.two.url, 'POST', '/api/login', { user: 'ann', password: 'pass1234' }))
      .body.token;
    const made = await call(
      servers.one.url,
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['ann', 'bob'] },
      ann,
    );
    const id = made.body.id;
    const replies = await Promise.all([
      call(
        servers.one.url,
        'POST',
        `/api/games/${id}/moves`,
        { move: legal(made.body.view, 0), moveNo: 1 },
        ann,
      ),
      call(
        servers.two.url,
        'POST',
        `/api/games/${id}/moves`,
        { move: legal(made.body.view, 1), moveNo: 1 },
        ann2,
      ),
    ]);
    assert.deepEqual(replies.map((r) => r.status).sort(), [200, 409]);
    const shown = (await call(servers.two.url, 'GET', `/api/games/${id}`)).body;
    assert.equal(shown.moveCount, 1);
  });
});

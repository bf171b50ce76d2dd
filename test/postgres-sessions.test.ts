/**
 * End to end on PostgreSQL, two server processes: a session ended through one process (logout,
 * logout everywhere) ends at once on the other too: its sockets there close when the signal
 * comes, long before the periodic check, though that process keeps the sessions it confirmed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LiveClient } from '../src/server/live/ws-client.ts';
import { serverPairOnPostgres, skipWithoutPostgres } from './postgres-pair.ts';
import { account, call } from './support.ts';

const skip = skipWithoutPostgres('PostgreSQL session tests');
/** Well under the periodic check of sockets' sessions (every 30 s). */
const PROMPTLY_MS = 5_000;

describe('end to end: a session ended through another process', { skip }, () => {
  const servers = serverPairOnPostgres('sessions');

  /** A socket of process two, logged in with `token`, that has subscribed to a game (so its
   * session was confirmed, and kept, there). */
  const socketOnTwo = async (token: string, gameId: number) => {
    const socket = new LiveClient(servers.two.url);
    servers.sockets.push(socket);
    await socket.opened;
    socket.send({ type: 'auth', token });
    await socket.next((f) => f.type === 'auth');
    socket.send({ type: 'subscribe', gameId });
    await socket.next((f) => f.type === 'subscribed');
    return socket;
  };
  const closedWithin = (socket: LiveClient, ms: number) =>
    Promise.race([
      socket.closed,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms)),
    ]);

  it('closes its sockets on the other process at once, whether it ended alone or with all of the account', async () => {
    const ann = await account(servers.one.url, 'ann');
    await account(servers.one.url, 'bob');
    const created = await call(
      servers.one.url,
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['ann', 'bob'], options: { size: 6 } },
      ann,
    );
    assert.equal(created.status, 201, created.body.error);
    const gameId = created.body.id as number;

    const socket = await socketOnTwo(ann, gameId);
    assert.equal((await call(servers.one.url, 'POST', '/api/logout', {}, ann)).status, 200);
    const closed = await closedWithin(socket, PROMPTLY_MS);
    assert.match(closed.reason, /session has ended/);
    // The token opens nothing on process two either.
    const again = new LiveClient(servers.two.url);
    servers.sockets.push(again);
    await again.opened;
    again.send({ type: 'auth', token: ann });
    const refused = await again.next((f) => f.type === 'error' || f.type === 'auth');
    assert.equal(refused.type, 'error');
    assert.equal(refused.code, 'unauthorized');

    // Logged out everywhere through process one: both of Ann's new sessions' sockets on two close.
    const first = await call(servers.one.url, 'POST', '/api/login', { user: 'ann', password: 'pass1234' });
    const second = await call(servers.one.url, 'POST', '/api/login', { user: 'ann', password: 'pass1234' });
    const sockets = [
      await socketOnTwo(first.body.token as string, gameId),
      await socketOnTwo(second.body.token as string, gameId),
    ];
    const everywhere = await call(
      servers.one.url,
      'POST',
      '/api/logout/everywhere',
      {},
      first.body.token as string,
    );
    assert.equal(everywhere.status, 200, everywhere.body.error);
    for (const s of sockets) assert.match((await closedWithin(s, PROMPTLY_MS)).reason, /session has ended/);
  });
});

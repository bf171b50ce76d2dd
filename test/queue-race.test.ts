/**
 * End to end on both backends: a player's queue appends sent at the same moment all land (none
 * overwrites another), whether they reach one server process or two sharing PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { warpweft } from '../src/games/warpweft/index.ts';
import { serverPairOnPostgres, skipWithoutPostgres } from './postgres-pair.ts';
import { account, call, type ServerProcess, startServer } from './support.ts';

const ROUNDS = 30;

/** Bob queues two moves at once through `urls` (one each), ROUNDS times; every one is kept. */
async function raceAppends(urls: () => readonly [string, string]): Promise<void> {
  const [one, two] = urls();
  const ann = await account(one, 'ann');
  const bob = await account(one, 'bob');
  const bob2 = (await call(two, 'POST', '/api/login', { user: 'bob', password: 'pass1234' })).body.token;
  const made = await call(one, 'POST', '/api/games', { gameType: 'warpweft', players: ['ann', 'bob'] }, ann);
  assert.equal(made.status, 201, made.body.error);
  const id = made.body.id as number;
  const [a, b] = warpweft
    .legalMoves(made.body.view)
    .slice(0, 2)
    .map((m) => warpweft.formatMove(m, made.body.view));
  let lost = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const replies = await Promise.all([
      call(one, 'POST', `/api/games/${id}/queue`, { moves: [a] }, bob),
      call(two, 'POST', `/api/games/${id}/queue`, { moves: [b] }, bob2),
    ]);
    assert.deepEqual(
      replies.map((r) => r.status),
      [200, 200],
      JSON.stringify(replies.map((r) => r.body)),
    );
    const queue = (await call(one, 'GET', `/api/games/${id}/queue`, undefined, bob)).body.moves as string[];
    if (queue.length !== 2) lost++;
    else assert.deepEqual([...queue].sort(), [a, b].sort());
    assert.equal((await call(two, 'DELETE', `/api/games/${id}/queue`, undefined, bob2)).status, 200);
  }
  assert.equal(lost, 0, `${lost} of ${ROUNDS} rounds lost an append`);
}

describe('end to end: concurrent queue appends on SQLite', () => {
  let server: ServerProcess;
  before(async () => {
    server = await startServer();
  });
  after(() => server.kill());

  it('keeps both of two appends sent at once', () => raceAppends(() => [server.url, server.url]));
});

describe('end to end: concurrent queue appends on PostgreSQL', {
  skip: skipWithoutPostgres('PostgreSQL queue race'),
}, () => {
  const servers = serverPairOnPostgres('queue');

  it('keeps both of two appends sent at once through one process', () =>
    raceAppends(() => [servers.one.url, servers.one.url]));

  it('keeps both of two appends sent at once through two processes', () =>
    raceAppends(() => [servers.one.url, servers.two.url]));
});

/**
 * End to end on PostgreSQL, two server processes: a WebSocket subscriber of one process sees
 * every move of a game exactly once and in order, though the players move alternately through
 * both processes (this process's own moves are ready at once, the other's only after its signal).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { warpweft } from '../src/games/warpweft/index.ts';
import { type Frame, LiveClient } from '../src/server/live/ws-client.ts';
import { serverPairOnPostgres, skipWithoutPostgres } from './postgres-pair.ts';
import { account, call } from './support.ts';

const skip = skipWithoutPostgres('PostgreSQL live-order tests');
/** Moves in all; enough that a move overtaking the other process's one shows up many times over. */
const MOVES = 300;

describe('end to end: live moves from two processes on one PostgreSQL', { skip }, () => {
  const servers = serverPairOnPostgres('order');

  it('delivers every move made alternately through both processes exactly once, in order', async () => {
    const ann = await account(servers.one.url, 'ann');
    const bob = await account(servers.two.url, 'bob');
    const watcher = new LiveClient(servers.one.url);
    servers.sockets.push(watcher);
    await watcher.opened;
    const seen = new Map<number, number[]>();
    watcher.onFrame = (f: Frame) => {
      if (f.type === 'move')
        seen.set(f.gameId as number, [...(seen.get(f.gameId as number) ?? []), f.moveNo as number]);
    };
    const made = new Map<number, number>();
    let total = 0;
    while (total < MOVES) {
      const created = await call(
        servers.one.url,
        'POST',
        '/api/games',
        { gameType: 'warpweft', players: ['ann', 'bob'], options: { size: 6 } },
        ann,
      );
      assert.equal(created.status, 201, created.body.error);
      const id = created.body.id as number;
      watcher.send({ type: 'subscribe', gameId: id });
      await watcher.next((f) => f.type === 'subscribed' && f.gameId === id);
      // Ann plays through process one (the watcher's), Bob through process two.
      let state = created.body.view;
      let moveNo = 0;
      while (warpweft.toMove(state) !== undefined && total < MOVES) {
        const legal = warpweft.legalMoves(state);
        const move = legal[(moveNo * 7) % legal.length] as never;
        const [url, token] = moveNo % 2 === 0 ? [servers.one.url, ann] : [servers.two.url, bob];
        const text = warpweft.formatMove(move, state);
        const reply = await call(
          url,
          'POST',
          `/api/games/${id}/moves`,
          { move: text, moveNo: moveNo + 1 },
          token,
        );
        assert.equal(reply.status, 200, reply.body.error);
        const next = warpweft.play(state, move);
        assert.ok(next.ok);
        state = next.value;
        moveNo++;
        total++;
      }
      made.set(id, moveNo);
    }
    for (const [id, count] of made) {
      await watcher.next((f) => f.type === 'move' && f.gameId === id && f.moveNo === count);
      const expected = Array.from({ length: count }, (_, i) => i + 1);
      assert.deepEqual(seen.get(id), expected, `game ${id}: the watcher saw moves in this order`);
    }
  });
});

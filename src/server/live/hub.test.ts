/** Live updates over the WebSocket. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { warpweft } from '../../games/warpweft/index.ts';
import { testServer } from '../test-support.ts';
import { type Frame, LiveClient } from './ws-client.ts';

type Server = Awaited<ReturnType<typeof testServer>>;

describe('live updates over WebSocket', () => {
  let s: Server;
  let base: string;
  let ann: string;
  let bob: string;
  let gameId: number;
  let view: unknown;
  const clients: LiveClient[] = [];
  const client = async (options: ConstructorParameters<typeof LiveClient>[1]) => {
    const c = new LiveClient(base, options);
    clients.push(c);
    await c.opened;
    return c;
  };
  const legal = () => warpweft.formatMove(warpweft.legalMoves(view as never)[0] as never, view as never);
  const isMove = (n: number) => (f: Frame) => f.type === 'move' && f.moveNo === n;

  before(async () => {
    s = await testServer();
    base = await s.app.listen({ port: 0, host: '127.0.0.1' });
    ann = await s.account('ann');
    bob = await s.account('bob');
    const made = await s.call(
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['ann', 'bob'], options: { size: 2 } },
      ann,
    );
    gameId = made.body.id as number;
    view = made.body.view;
  });
  after(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await s.close();
  });

  it('sends each move with the new view: MessagePack by default, JSON on request', async () => {
    const player = await client({ token: bob });
    const spectator = await client({ format: 'json' });
    player.send({ type: 'subscribe', gameId: gameId });
    spectator.send({ type: 'subscribe', gameId: gameId });
    const state = await spectator.next((f) => f.type === 'state');
    assert.equal(state.binary, false);
    assert.equal((await player.next((f) => f.type === 'subscribed')).seat, 1);
    const move = legal();
    const made = await s.call('POST', `/api/games/${gameId}/moves`, { move, moveNo: 1 }, ann);
    assert.equal(made.status, 200);
    const seen = await player.next(isMove(1));
    assert.equal(seen.binary, true);
    assert.equal(seen.move, move);
    assert.equal(seen.toMove, 'bob');
    const watched = await spectator.next(isMove(1));
    assert.equal(watched.binary, false);
    view = watched.view;
    assert.ok(view);
  });

  it('acknowledges a move sent over the socket, and tells the other client why a racing one failed', async () => {
    const a = await client({ token: bob });
    const b = await client({ token: bob, format: 'json' });
    const move = legal();
    a.send({ type: 'move', gameId: gameId, move, moveNo: 2, ref: 'a' });
    b.send({ type: 'move', gameId: gameId, move, moveNo: 2, ref: 'b' });
    const replies = [await a.next((f) => f.ref === 'a'), await b.next((f) => f.ref === 'b')];
    assert.deepEqual(replies.map((r) => r.type).sort(), ['ack', 'error']);
    assert.match(String(replies.find((r) => r.type === 'error')?.error), /stale: game is at move 2/);
    const after = (await s.call('GET', `/api/games/${gameId}`)).body;
    view = after.view;
    assert.equal(after.moveCount, 2);
  });

  it('resumes a reconnecting client with exactly the moves it missed', async () => {
    await s.call('POST', `/api/games/${gameId}/moves`, { move: legal(), moveNo: 3 }, ann);
    const returning = await client({ format: 'json' });
    returning.send({ type: 'subscribe', gameId: gameId, since: 1 });
    const two = await returning.next(isMove(2));
    const three = await returning.next(isMove(3));
    assert.equal(two.view, undefined);
    assert.ok(three.view);
    view = three.view;
    await s.call('POST', `/api/games/${gameId}/moves`, { move: legal(), moveNo: 4 }, bob);
    const four = await returning.next(isMove(4));
    assert.equal(four.moveNo, 4);
    view = four.view;
    assert.deepEqual(
      returning.frames.filter((f) => f.type === 'move'),
      [],
      'nothing sent twice',
    );
  });

  it('sends chat to players only, and answers bad frames without closing', async () => {
    const player = await client({ token: ann, format: 'json' });
    const spectator = await client({ format: 'json' });
    player.send({ type: 'subscribe', gameId: gameId });
    spectator.send({ type: 'subscribe', gameId: gameId });
    await player.next((f) => f.type === 'subscribed');
    await spectator.next((f) => f.type === 'subscribed');
    await s.call('POST', `/api/games/${gameId}/chat`, { text: 'well played' }, bob);
    assert.equal((await player.next((f) => f.type === 'chat')).text, 'well played');
    spectator.send({ type: 'ping', ref: 1 });
    await spectator.next((f) => f.type === 'pong');
    assert.equal(spectator.frames.filter((f) => f.type === 'chat').length, 0);
    spectator.sendRaw('{not json');
    assert.match(String((await spectator.next((f) => f.type === 'error')).error), /MessagePack or JSON/);
    spectator.send({ type: 'move', gameId: gameId, move: 'A1' });
    assert.match(String((await spectator.next((f) => f.type === 'error')).error), /log in first/);
    spectator.send({ type: 'subscribe', gameId: 'x' });
    assert.match(String((await spectator.next((f) => f.type === 'error')).error), /bad frame/);
    assert.ok(spectator.open);
  });
});

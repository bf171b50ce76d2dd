/**
 * A refusal carries its code beside the sentence, over HTTP (with the status from the code's
 * table) and over the WebSocket (in the error frame, with the game it was about).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiError, PbmAnswer } from '../api/index.ts';
import { LiveClient } from './live/ws-client.ts';
import { testServer } from './test-support.ts';

describe('refusal codes over HTTP and WebSocket', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  let ann: string;
  let bob: string;
  let gameId: number;
  before(async () => {
    s = await testServer();
    ann = await s.account('ann');
    bob = await s.account('bob');
    const made = await s.call('POST', '/api/games', { gameType: 'warpweft', players: ['ann', 'bob'] }, ann);
    gameId = made.body.id as number;
  });
  after(() => s.close());

  it('answers each kind of refusal with its code, and the status its code is given', async () => {
    const refused = async (
      method: 'GET' | 'POST',
      url: string,
      body: unknown,
      token: string | undefined,
      code: string,
      status: number,
    ) => {
      const answer = await s.call(method, url, body, token);
      assert.equal(answer.status, status, `${method} ${url}`);
      assert.equal(answer.body.code, code, `${method} ${url}`);
      assert.equal(typeof answer.body.error, 'string');
    };
    const moves = `/api/games/${gameId}/moves`;
    await refused('POST', moves, { move: 'C5' }, bob, 'not-your-turn', 400);
    await refused('POST', moves, { move: 'Z99' }, ann, 'illegal-move', 400);
    await refused('POST', moves, { move: 'C5', moveNo: 2 }, ann, 'stale-move', 409);
    await refused('POST', moves, { move: 'C5' }, undefined, 'unauthorized', 401);
    await refused('POST', moves, { move: 'C5', extra: 1 }, ann, 'bad-request', 400);
    await refused('GET', '/api/games/999999', undefined, undefined, 'not-found', 404);
    await refused('GET', '/api/no-such-thing', undefined, undefined, 'not-found', 404);
    await refused('POST', '/api/signup', { user: 'ann', password: 'pass1234' }, undefined, 'conflict', 409);
    const eve = await s.account('eve');
    await refused('GET', `/api/games/${gameId}/chat`, undefined, eve, 'forbidden', 403);
  });

  it('gives a refused PBeM command the code and status of the refusal it comes from, beside its text', async () => {
    const pbm = async (...args: string[]) => {
      const answer = await s.call('POST', '/api/pbm', { args });
      return { status: answer.status, ...(answer.body as Partial<PbmAnswer & ApiError>) };
    };
    const refused = async (args: string[], code: string, status: number, text: RegExp) => {
      const answer = await pbm(...args);
      assert.equal(answer.status, status, args.join(' '));
      assert.equal(answer.ok, false);
      assert.equal(answer.code, code, args.join(' '));
      assert.match(answer.text ?? '', text);
      assert.equal(answer.text, `Error: ${answer.error}`);
    };
    const board = String(gameId);
    await refused(
      ['WarpAndWeft', 'move', board, 'bob', 'pass1234', 'C5'],
      'not-your-turn',
      400,
      /not your turn/,
    );
    await refused(
      ['WarpAndWeft', 'move', board, 'ann', 'pass1234', 'Z99'],
      'illegal-move',
      400,
      /no column Z/,
    );
    await refused(['WarpAndWeft', 'move', board, 'ann', 'pass1234', 'C5#2'], 'stale-move', 409, /stale/);
    await refused(['WarpAndWeft', 'move', board, 'ann', 'wrong-pass', 'C5'], 'unauthorized', 401, /password/);
    await refused(['WarpAndWeft', 'show', '999999'], 'not-found', 404, /no game 999999/);
    await refused(['signup', 'ann', 'pass1234'], 'conflict', 409, /taken/);
    await refused(['WarpAndWeft', 'move', board], 'bad-request', 400, /usage: WarpAndWeft move/);
    await refused(['nonsense'], 'bad-request', 400, /unknown game or command/);
    const eve = await pbm('WarpAndWeft', 'chat', board, 'eve', 'pass1234', 'hello');
    assert.deepEqual([eve.status, eve.code], [403, 'forbidden']);
    const shown = await pbm('WarpAndWeft', 'show', board);
    assert.deepEqual([shown.status, shown.ok, shown.code], [200, true, undefined]);
  });

  it('puts the code in the WebSocket error frame, with the game it was about', async () => {
    const base = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const live = new LiveClient(base, { format: 'json' });
    await live.opened;
    live.send({ type: 'move', gameId, move: 'C5', ref: 1 });
    assert.deepEqual(await live.next((f) => f.ref === 1), {
      type: 'error',
      code: 'unauthorized',
      error: 'log in first (send an auth frame)',
      ref: 1,
      binary: false,
    });
    live.send({ type: 'auth', token: bob, ref: 2 });
    await live.next((f) => f.ref === 2);
    live.send({ type: 'move', gameId, move: 'C5', ref: 3 });
    const turn = await live.next((f) => f.ref === 3);
    assert.equal(turn.type, 'error');
    assert.equal(turn.code, 'not-your-turn');
    assert.equal(turn.gameId, gameId);
    assert.match(turn.error as string, /it is not your turn/);
    live.send({ type: 'subscribe', gameId: 999_999, ref: 4 });
    const missing = await live.next((f) => f.ref === 4);
    assert.deepEqual(
      { type: missing.type, code: missing.code, gameId: missing.gameId },
      { type: 'error', code: 'not-found', gameId: 999_999 },
    );
    live.send({ type: 'subscribe', game: gameId, ref: 5 });
    const malformed = await live.next((f) => f.type === 'error' && f.code === 'bad-request');
    assert.match(malformed.error as string, /bad frame/);
    await live.close();
  });
});

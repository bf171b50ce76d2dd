import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ServerFrame } from '../../api/index.ts';
import { applyFrame, confirmedMoves, fromShow, type OnlineGame, type ShownGame } from '../../engine/index.ts';
import type { AnyGame } from '../../games/index.ts';
import { sigmar } from '../../games/sigmar/index.ts';
import { BACKLOG_PAGE } from '../../server/live/hub.ts';
import { testServer } from '../../server/test-support.ts';
import { connectLiveGame } from './live.ts';

describe('terminal live connection to a long game', () => {
  let s: Awaited<ReturnType<typeof testServer>>;
  let base: string;
  let id: number;
  const total = 2 * BACKLOG_PAGE + 50;

  before(async () => {
    s = await testServer();
    base = await s.app.listen({ port: 0, host: '127.0.0.1' });
    const eve = await s.account('eve');
    const made = await s.call('POST', '/api/games', { gameType: 'sigmar', players: ['eve'] }, eve);
    id = made.body.id as number;
    const view = made.body.view as never;
    const pair = sigmar.formatMove(sigmar.legalMoves(view)[0] as never, view);
    // Remove a pair and put it back, again and again, 32 queued moves at a time.
    for (let played = 0; played < total; ) {
      const moves = Array.from({ length: Math.min(32, total - played) }, (_, i) =>
        (played + i) % 2 === 0 ? pair : 'undo',
      );
      assert.equal((await s.call('POST', `/api/games/${id}/queue`, { moves }, eve)).status, 200);
      played += moves.length;
    }
  });
  after(() => s.close());

  it('catches up a backlog of several pages by itself, every move once, to the latest position', async () => {
    // The board as it was before any move, as a client that saw none would hold it.
    const start = (await s.call('GET', `/api/games/${id}?at=0`)).body as unknown as ShownGame;
    let state: OnlineGame = fromShow({ ...start, moveCount: 0, status: 'active', toMove: 'eve' });
    const moves: number[] = [];
    let subscriptions = 0;
    const caughtUp = Promise.withResolvers<void>();
    const live = connectLiveGame({
      baseUrl: base,
      session: null,
      game: id,
      lastMoveNo: () => confirmedMoves(state),
      onFrame: (frame: ServerFrame) => {
        if (frame.type === 'subscribed') subscriptions++;
        if (frame.type === 'move') moves.push(frame.moveNo);
        state = applyFrame(sigmar as AnyGame, state, frame);
        if (frame.type === 'move' && frame.moveNo === total) caughtUp.resolve();
      },
      onLink: () => undefined,
    });
    try {
      await caughtUp.promise;
      assert.deepEqual(
        moves,
        Array.from({ length: total }, (_, i) => i + 1),
        'every move once, in order',
      );
      assert.equal(subscriptions, 3, 'one subscription per page');
      const latest = (await s.call('GET', `/api/games/${id}`)).body;
      assert.deepEqual(
        [state.moveCount, state.toMove, state.moves.length, state.movesFrom],
        [total, 'eve', total, 1],
      );
      assert.deepEqual(state.view, latest.view);
    } finally {
      live.close();
    }
  });
});

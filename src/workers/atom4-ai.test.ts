import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { play, roundState } from '../games/atom4/rules.ts';
import { Atom4AiWorker } from './atom4-ai.ts';

describe('the Atom-4 AI worker', () => {
  it('answers with a legal move from another thread, request after request', async () => {
    const worker = new Atom4AiWorker();
    try {
      let state = roundState({ rounds: 2, computer: [1, 1] }, 1, [0, 0]);
      for (let ply = 0; ply < 4; ply++) {
        const found = await worker.choose({ state, level: 1, seed: ply });
        const next = play(state, found.move);
        assert.ok(next.ok, next.ok ? '' : next.error);
        state = next.value;
      }
      assert.equal(state.ply, 4);
      // Between rounds the worker says next.
      const over = { ...state, roundResult: 1 as const };
      assert.deepEqual((await worker.choose({ state: over, level: 1, seed: 0 })).move, { kind: 'next' });
    } finally {
      await worker.close();
    }
  });

  it('reports a caller mistake as a rejected promise, not a crash', async () => {
    const worker = new Atom4AiWorker();
    try {
      const state = { ...roundState({ rounds: 1, computer: [1, 1] }, 1, [0, 0]), roundResult: 2 as const };
      await assert.rejects(worker.choose({ state, level: 1, seed: 0 }), /finished game/);
    } finally {
      await worker.close();
    }
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { replay } from '../game.ts';
import { chooseMove, formatMove, type WarpWeftState, warpweft } from './index.ts';

function after(moves: string): WarpWeftState {
  const r = replay(warpweft, { size: 2, variant: 'thread' }, 0, moves.split(' '));
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

describe('Warp and Weft bot', () => {
  it('takes a winning move when one is there', () => {
    // Warp needs only the patch B2 to join A7–B6–C5–B4–A3–B2–C1.
    const state = after('A7 G3 C5 G7 A3 A1 C1 E1 patches C7 B6 A5 B4 C3');
    const move = chooseMove(state, { playouts: 400, seed: 3 });
    assert.equal(formatMove(move, state.options), 'B2');
  });

  it('blocks an immediate win of the opponent', () => {
    // Weft, to move, must take B2 itself or Warp wins next turn.
    const state = after('A7 G3 C5 G7 A3 A1 C1 patches patches F2 B6 F4 B4');
    assert.equal(warpweft.toMove(state), 1);
    const move = chooseMove(state, { playouts: 3000, seed: 5 });
    assert.equal(formatMove(move, state.options), 'B2');
  });

  it('is deterministic for a seed and playout budget, and only plays legal moves', () => {
    let state = warpweft.setup({ size: 3, variant: 'patch' }, 0);
    for (let i = 0; i < 6 && !state.result; i++) {
      const a = chooseMove(state, { playouts: 150, seed: i });
      assert.deepEqual(chooseMove(state, { playouts: 150, seed: i }), a);
      const next = warpweft.play(state, a);
      assert.ok(next.ok, next.ok ? '' : next.error);
      state = next.value;
    }
  });

  it('stops when its time is up', () => {
    let calls = 0;
    const state = warpweft.setup({ size: 4, variant: 'thread' }, 0);
    const move = chooseMove(state, { timeUp: () => ++calls > 5 });
    assert.ok(warpweft.play(state, move).ok);
    assert.equal(calls, 6);
  });
});

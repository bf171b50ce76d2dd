import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createRng } from '../../grid/rng.ts';
import { replay } from '../game.ts';
import { playout } from './ai.ts';
import { warpweft } from './index.ts';
import { fastPlayout } from './playout.ts';

describe('Warp and Weft fast playouts', () => {
  it('pick the same moves and winner as playouts through the rules, from any position', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.constantFrom('thread' as const, 'patch' as const),
        fc.nat(),
        fc.integer({ min: 0, max: 12 }),
        (size, variant, seed, opening) => {
          // Start from a random position a few moves in (swap and switches included).
          const rng = createRng(seed);
          let state = warpweft.setup({ size, variant }, 0);
          for (let i = 0; i < opening && !state.result; i++) {
            const next = warpweft.play(state, rng.pick(warpweft.legalMoves(state)));
            assert.ok(next.ok);
            state = next.value;
          }
          assert.equal(fastPlayout(state, createRng(seed + 1)), playout(state, createRng(seed + 1)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('report the winning seat of a finished game, after a swap too', () => {
    const won = replay(
      warpweft,
      { size: 2, variant: 'thread' },
      0,
      'A7 swap G3 C5 A1 A3 E1 C1 G7 patches C7 B6 A5 B4 C3 B2'.split(' '),
    );
    assert.ok(won.ok, won.ok ? '' : won.error);
    const outcome = warpweft.outcome(won.value);
    // Seat 1 swapped, so it played Warp and won.
    assert.deepEqual(outcome, { kind: 'win', winner: 1, reason: 'Warp (Vert) connected their sides' });
    assert.equal(fastPlayout(won.value, createRng(1)), outcome?.kind === 'win' ? outcome.winner : -1);
  });
});

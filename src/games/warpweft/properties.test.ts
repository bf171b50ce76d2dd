import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createRng } from '../../grid/rng.ts';
import { replay } from '../game.ts';
import {
  geometry,
  isConnected,
  OWNER_OF,
  ownerAt,
  type WarpWeftState,
  warpweft,
  winningChain,
} from './index.ts';

describe('Warp and Weft random games', () => {
  it('always end, within twice the number of pieces, with a valid outcome', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.constantFrom('thread' as const, 'patch' as const),
        fc.nat(),
        (size, variant, seed) => {
          const rng = createRng(seed);
          let state: WarpWeftState = warpweft.setup({ size, variant }, seed);
          const history: string[] = [];
          const limit = 2 * state.owners.length + 2;
          while (!warpweft.outcome(state)) {
            assert.ok(history.length < limit, 'game is finite');
            const moves = warpweft.legalMoves(state);
            assert.ok(moves.length > 0, 'a player with no legal move has already lost');
            const move = rng.pick(moves);
            history.push(warpweft.formatMove(move, state));
            const next = warpweft.play(state, move);
            assert.ok(next.ok, next.ok ? '' : next.error);
            state = next.value;
          }
          const outcome = warpweft.outcome(state);
          assert.equal(outcome?.kind, 'win');
          const winner = state.result?.winner;
          assert.ok(winner);
          if (state.result?.reason === 'connected') {
            assert.ok(isConnected(state, winner));
            assert.ok(!isConnected(state, winner === 'warp' ? 'weft' : 'warp'));
            // The winning chain is a path of the winner's pieces from their first edge to their last,
            // and with any one of its pieces taken away it no longer connects (it has no detour).
            const chain = winningChain(state);
            const g = geometry(size);
            assert.ok(g.starts[winner].includes(chain[0] as number));
            assert.equal(g.isEnd[winner][chain.at(-1) as number], 1);
            chain.forEach((p, k) => {
              assert.equal(ownerAt(state, p), OWNER_OF[winner]);
              if (k > 0) assert.ok(g.neighbours[p]?.includes(chain[k - 1] as number));
            });
            const keep = (owners: string, kept: (p: number) => boolean) =>
              owners.replace(/./g, (o, p: number) => (kept(p) ? o : '0'));
            const only = { ...state, owners: keep(state.owners, (p) => chain.includes(p)) };
            assert.ok(isConnected(only, winner), 'the chain alone connects');
            for (const p of chain) {
              const without = { ...only, owners: keep(only.owners, (q) => q !== p) };
              assert.ok(!isConnected(without, winner), 'the chain has no piece to spare');
            }
          } else {
            assert.deepEqual(warpweft.legalMoves({ ...state, result: null }), []);
          }
          // The history replays to the same final state.
          assert.deepEqual(replay(warpweft, { size, variant }, seed, history), { ok: true, value: state });
        },
      ),
      { numRuns: 60 },
    );
  });
});

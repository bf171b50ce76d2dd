import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createRng } from '../grid/rng.ts';
import { atom4 } from './atom4/index.ts';
import { type AnyGame, limitOutcome } from './game.ts';
import { intricacy, MAX_TURNS } from './intricacy/index.ts';
import { MAX_MOVES, sigmar } from './sigmar/index.ts';
import { warpweft } from './warpweft/index.ts';

/**
 * Plays a game to its end, choosing among the legal moves with `choose`, and returns how many
 * moves it lasted; fails if it outlasts its limit.
 */
function playOut(game: AnyGame, options: unknown, choose: (moves: readonly unknown[]) => unknown): number {
  let state = game.setup(options, 1);
  const limit = game.maxMoves(options);
  let played = 0;
  while (game.toMove(state) !== undefined) {
    assert.ok(played < limit, `${game.id} went past its limit of ${limit} moves`);
    const next = game.play(state, choose(game.legalMoves(state)));
    assert.ok(next.ok, next.ok ? '' : next.error);
    state = next.value;
    played++;
  }
  return played;
}

describe('game length', () => {
  it('lets every Warp and Weft game end by its rules within its limit, even one that switches whenever it may', () => {
    const rng = createRng(18);
    for (let size = 2; size <= 6; size++) {
      for (const variant of ['thread', 'patch']) {
        const options = { size, variant };
        // Switching and swapping at every chance makes the longest games the rules allow.
        const longest = (moves: readonly unknown[]) =>
          moves.find((m) => (m as { kind: string }).kind !== 'place') ?? rng.pick(moves);
        for (const choose of [longest, (moves: readonly unknown[]) => rng.pick(moves)]) {
          const length = playOut(warpweft as AnyGame, options, choose);
          assert.equal(limitOutcome(warpweft as AnyGame, options, length), undefined);
        }
      }
    }
  });

  it('lets every Atom-4 match end by its rules within its limit', () => {
    const rng = createRng(4);
    const options = { rounds: 3, computer: [null, null] };
    const length = playOut(atom4 as AnyGame, options, (moves) => rng.pick(moves));
    assert.equal(limitOutcome(atom4 as AnyGame, options, length), undefined);
    assert.equal(atom4.maxMoves(options as never), 3 * 255 - 1, 'three full boards and two "next"');
  });

  it('ends a solo game that can go on without end (undo, waiting) as lost at its limit', () => {
    assert.equal(sigmar.maxMoves(sigmar.parseOptions(undefined) as never), MAX_MOVES);
    assert.equal(intricacy.maxMoves(undefined as never), MAX_TURNS);
    assert.equal(limitOutcome(sigmar as AnyGame, {}, MAX_MOVES - 1), undefined);
    assert.deepEqual(limitOutcome(sigmar as AnyGame, {}, MAX_MOVES), {
      kind: 'loss',
      reason: `the game reached its limit of ${MAX_MOVES} moves`,
    });
    // A game between players that somehow reached its limit is drawn.
    assert.equal(limitOutcome(atom4 as AnyGame, { rounds: 1 }, 254)?.kind, 'draw');
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cellsOf, sigmar, solve } from '../../games/sigmar/index.ts';
import { readAddress } from './boardAddress.ts';
import { dealGame, openingGame, type PageGame, playOn, restoreGame, savedForm } from './pageGame.ts';

const board = { options: sigmar.parseOptions({ difficulty: 'easy' }), seed: 777, daily: null };
if (!board.options.ok) throw new Error(board.options.error);
const dealt = dealGame({ ...board, options: board.options.value });

/** The game after its first `n` legal removals. */
function played(n: number): PageGame {
  let game = dealt;
  for (let i = 0; i < n; i++) {
    const move = sigmar.legalMoves(game.state)[0] ?? assert.fail('no move');
    const next = playOn(game, move);
    assert.ok(next.ok);
    game = next.value;
  }
  return game;
}

const preferences = { difficulty: null, sloppy: false };
const noSeed = () => assert.fail('no random board was wanted');

describe("the Sigmar's Garden page's game", () => {
  it('comes back from storage as it was: the board, the moves, undo and try again', () => {
    let game = played(3);
    for (const move of [{ kind: 'retry' }, { kind: 'undo' }, { kind: 'undo' }] as const) {
      const next = playOn(game, move);
      assert.ok(next.ok);
      game = next.value;
    }
    const restored = restoreGame(JSON.parse(JSON.stringify(savedForm(game))));
    assert.deepEqual(restored, game);
    assert.equal(restored?.state.removed.length, 2);
  });

  it('drops a stored entry that is not a game of this board', () => {
    const saved = savedForm(played(2));
    assert.equal(restoreGame(undefined), undefined);
    assert.equal(restoreGame({ ...saved, moves: ['A1+A2'] }), undefined, 'an illegal move');
    assert.equal(restoreGame({ ...saved, difficulty: 'brutal' }), undefined);
    assert.equal(restoreGame({ ...saved, seed: -1 }), undefined);
    assert.equal(restoreGame({ ...saved, moves: 'undo' }), undefined);
  });

  it('opens on the board the address names, resuming the saved game only when it is that board', () => {
    const saved = played(2);
    const same = openingGame(readAddress('?seed=777&difficulty=easy'), () => saved, preferences, noSeed);
    assert.equal(same, saved);
    const other = openingGame(readAddress('?seed=777'), () => saved, preferences, noSeed);
    assert.equal(other.moves.length, 0);
    assert.equal(other.board.options.difficulty, null, 'the address, not the saved game, decides');
  });

  it('deals the next board on a plain address once the saved board is cleared', () => {
    let won = dealt;
    for (const cells of solve(cellsOf(dealt.state)).solution) {
      const next = playOn(won, { kind: 'remove', cells });
      assert.ok(next.ok);
      won = next.value;
    }
    assert.equal(sigmar.outcome(won.state)?.kind, 'win');
    assert.equal(
      openingGame(
        readAddress(''),
        () => won,
        preferences,
        () => 9,
      ).board.seed,
      9,
    );
    assert.equal(
      openingGame(readAddress('?seed=777&difficulty=easy'), () => won, preferences, noSeed),
      won,
    );
  });

  it('resumes the saved game on a plain address, and deals afresh when asked for a kind of board', () => {
    const saved = played(2);
    assert.equal(
      openingGame(readAddress(''), () => saved, preferences, noSeed),
      saved,
    );
    const fresh = openingGame(
      readAddress('?template=star'),
      () => saved,
      preferences,
      () => 5,
    );
    assert.equal(fresh.state.template, 'star');
    assert.equal(fresh.board.seed, 5);
    const rnd = openingGame(
      readAddress('?rnd=1'),
      () => saved,
      { difficulty: 'easy', sloppy: true },
      () => 6,
    );
    assert.deepEqual(
      [rnd.board.seed, rnd.board.options.difficulty, rnd.board.options.sloppy],
      [6, 'easy', true],
    );
  });
});

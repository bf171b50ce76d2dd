import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { analyseMoves, BLUNDER_LOSS, MISTAKE_LOSS, markCounts, markedMoveLines, markOf } from './analysis.ts';
import { atom4 } from './atom4/index.ts';
import { type AnyGame, replay } from './game.ts';
import { warpweft } from './warpweft/index.ts';

/** The moves of a game where each side plays the computer's choice, until `stop` says so. */
function computerGame(game: AnyGame, start: unknown, plies: number): string[] {
  const moves: string[] = [];
  let state = start;
  for (let i = 0; i < plies && game.toMove(state) !== undefined; i++) {
    const move = game.ai?.evaluate?.(state).best ?? game.legalMoves(state)[0];
    moves.push(game.formatMove(move, state));
    const next = game.play(state, move);
    assert.ok(next.ok);
    state = next.value;
  }
  return moves;
}

/** A move from `state` after which the opponent wins at once, with that winning reply. */
function blunderFrom(game: AnyGame, state: unknown): [string, string] | null {
  const mover = game.toMove(state);
  for (const move of game.legalMoves(state)) {
    const after = game.play(state, move);
    if (!after.ok) continue;
    for (const reply of game.legalMoves(after.value)) {
      const end = game.play(after.value, reply);
      if (!end.ok) continue;
      const decided =
        game.id === 'atom4'
          ? (end.value as { roundResult: unknown }).roundResult === 2 - (mover as number) // player = seat + 1
          : game.outcome(end.value)?.kind === 'win';
      if (decided) return [game.formatMove(move, state), game.formatMove(reply, after.value)];
    }
  }
  return null;
}

describe('post-game analysis', () => {
  it('marks by the documented thresholds', () => {
    assert.equal(markOf(MISTAKE_LOSS - 0.001), null);
    assert.equal(markOf(MISTAKE_LOSS), 'mistake');
    assert.equal(markOf(BLUNDER_LOSS - 0.001), 'mistake');
    assert.equal(markOf(BLUNDER_LOSS), 'blunder');
  });

  it('judges an Atom-4 position the same every time', () => {
    const start = atom4.setup({ rounds: 1, computer: [null, null] }, 1);
    const moves = computerGame(atom4, start, 12);
    const state = replay(atom4, { rounds: 1, computer: [null, null] }, 1, moves);
    assert.ok(state.ok);
    const a = atom4.ai?.evaluate?.(state.value);
    assert.deepEqual(atom4.ai?.evaluate?.(state.value), a);
    assert.ok(a && a.chance > 0 && a.chance < 1 && a.best !== null);
  });

  it('marks an Atom-4 move that lets the opponent win at once as a blunder, with a better move', () => {
    const options = { rounds: 1, computer: [null, null] as [null, null] };
    const start = atom4.setup(options, 1);
    // The computer plays both sides; at the first position after the opening where some move hands
    // the opponent a line, that move is played instead, and the opponent takes the line.
    const played = computerGame(atom4, start, 40);
    for (let k = 6; k < played.length; k++) {
      const at = replay(atom4, options, 1, played.slice(0, k));
      assert.ok(at.ok);
      const judged = atom4.ai?.evaluate?.(at.value);
      const mover = atom4.toMove(at.value) as number;
      if (!judged || (mover === 0 ? judged.chance : 1 - judged.chance) < 0.3) continue;
      const blunder = blunderFrom(atom4, at.value);
      if (!blunder) continue;
      const moves = [...played.slice(0, k), ...blunder];
      const analysis = analyseMoves(atom4, start, moves);
      assert.ok(analysis.ok, analysis.ok ? '' : analysis.error);
      const verdict = analysis.value.moves[k];
      assert.equal(verdict?.move, blunder[0]);
      assert.equal(verdict?.mark, 'blunder');
      assert.ok(verdict?.better && verdict.better !== blunder[0]);
      assert.equal(analysis.value.chances.length, moves.length + 1);
      assert.equal(analysis.value.chances.at(-1), mover === 0 ? 0 : 1);
      assert.equal(markCounts(analysis.value, 2)[mover]?.blunders, 1);
      assert.match(
        markedMoveLines(analysis.value, ['Ann', 'Bob']).join('\n'),
        new RegExp(
          `${k + 1}\\. ${mover === 0 ? 'Ann' : 'Bob'} ${blunder[0]}: blunder, lost \\d+ % \\(better `,
        ),
      );
      return;
    }
    assert.fail('no position with a losing move found');
  });

  it('marks a Warp and Weft move that leaves the opponent a winning piece as a blunder', () => {
    const options = { size: 2, variant: 'thread' as const };
    // Weft, to move, must take B2 itself or Warp joins its edges with it.
    const before = 'A7 G3 C5 G7 A3 A1 C1 patches patches F2 B6 F4 B4'.split(' ');
    const at = replay(warpweft, options, 0, before);
    assert.ok(at.ok);
    const elsewhere = warpweft.legalMoves(at.value).find((m) => warpweft.formatMove(m, at.value) !== 'B2');
    assert.ok(elsewhere);
    const moves = [...before, warpweft.formatMove(elsewhere, at.value), 'B2'];
    const analysis = analyseMoves(warpweft, warpweft.setup(options, 0), moves);
    assert.ok(analysis.ok, analysis.ok ? '' : analysis.error);
    const verdict = analysis.value.moves[before.length];
    assert.equal(verdict?.mark, 'blunder');
    assert.equal(verdict?.better, 'B2');
    // Warp's winning move is the computer's own choice: no loss.
    assert.equal(analysis.value.moves.at(-1)?.loss, 0);
    assert.deepEqual(analyseMoves(warpweft, warpweft.setup(options, 0), moves), analysis);
  });

  it('refuses a game whose moves do not replay, or a game the computer cannot judge', () => {
    const start = warpweft.setup({ size: 2, variant: 'thread' }, 0);
    const bad = analyseMoves(warpweft, start, ['A7', 'A7']);
    assert.ok(!bad.ok);
    assert.match(bad.error, /move 2 \(A7\)/);
    const blind = analyseMoves({ ...warpweft, ai: undefined }, start, ['A7']);
    assert.deepEqual(blind, { ok: false, error: 'Warp and Weft games cannot be analysed' });
  });
});

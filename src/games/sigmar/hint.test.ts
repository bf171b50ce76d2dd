import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CELL_COUNT, cellName, parseBoard, parseCell } from './board.ts';
import { generate } from './generator.ts';
import { moveSafety, suggestMove } from './hint.ts';
import { removalError } from './reactions.ts';
import { solve } from './solver.ts';

function boardOf(marbles: Record<string, string>) {
  const cells = new Array<string>(CELL_COUNT).fill('_');
  for (const [name, letter] of Object.entries(marbles)) {
    const c = parseCell(name);
    assert.ok(c.ok);
    cells[c.value] = letter;
  }
  const b = parseBoard(cells.join(''));
  assert.ok(b.ok);
  return b.value;
}
const cell = (name: string) => (parseCell(name) as { value: number }).value;

describe('hints', () => {
  // Every marble here is free, so only the pairing matters.
  const board = boardOf({ A1: 'f', A6: 'f', K1: 's', K6: 'w', F1: 's', F11: 'w' });
  it('calls a move safe when the board stays solvable', () => {
    assert.deepEqual(moveSafety(board, [cell('A1'), cell('A6')]), { ok: true, value: 'safe' });
  });
  it('calls a move losing when the board can no longer be cleared', () => {
    // Fire with salt leaves fire, water, earth and one salt: three odd elements, one salt.
    const tight = boardOf({ A1: 'f', A6: 'f', K1: 's', K6: 'w', F1: 's', F11: 'e' });
    assert.deepEqual(moveSafety(tight, [cell('A1'), cell('K1')]), { ok: true, value: 'losing' });
  });
  it('refuses an illegal move with the reason', () => {
    const r = moveSafety(board, [cell('A1'), cell('K6')]);
    assert.equal(r.ok, false);
  });
  it('suggests a move that keeps a dealt board solvable', () => {
    const g = generate(3);
    assert.ok(g.ok);
    const s = suggestMove(g.value.board);
    assert.equal(s.kind, 'move');
    if (s.kind !== 'move') return;
    assert.equal(removalError(g.value.board, s.cells, cellName), null);
    const after = g.value.board.slice();
    for (const c of s.cells) after[c] = 0;
    assert.equal(solve(after).status, 'solvable');
  });
  it('says lost, clear or unknown when that is the answer', () => {
    assert.deepEqual(suggestMove(boardOf({ A1: 'f', K6: 'w' })), { kind: 'lost' });
    assert.deepEqual(suggestMove(boardOf({})), { kind: 'clear' });
    const g = generate(4);
    assert.ok(g.ok);
    assert.deepEqual(suggestMove(g.value.board, { maxExpansions: 3 }), { kind: 'unknown' });
    assert.deepEqual(
      moveSafety(g.value.board, g.value.solution[0] as readonly number[], { maxExpansions: 3 }),
      {
        ok: true,
        value: 'unknown',
      },
    );
  });
});

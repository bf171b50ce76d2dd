import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CELL_COUNT, parseBoard, parseCell } from './board.ts';
import { generate } from './generator.ts';
import { difficultyOf, gradeBoard } from './grade.ts';

function boardOf(marbles: Record<string, string>) {
  const cells = new Array<string>(CELL_COUNT).fill('_');
  for (const [name, letter] of Object.entries(marbles))
    cells[(parseCell(name) as { value: number }).value] = letter;
  const b = parseBoard(cells.join(''));
  assert.ok(b.ok);
  return b.value;
}

describe('grading', () => {
  it('rates a board random play always clears easy and one it never clears hard', () => {
    const easy = gradeBoard(boardOf({ A1: 'f', A6: 'f', K1: 'w', K6: 'w' }));
    assert.equal(easy.clearRate, 1);
    assert.equal(easy.difficulty, 'easy');
    assert.equal(easy.freeAtStart, 4);
    assert.equal(easy.firstMoves, 2);
    const hard = gradeBoard(boardOf({ A1: 'f', K6: 'w' }));
    assert.equal(hard.clearRate, 0);
    assert.equal(hard.difficulty, 'hard');
  });
  it('gives a board the same grade every time', () => {
    const g = generate(9);
    assert.ok(g.ok);
    assert.deepEqual(gradeBoard(g.value.board), gradeBoard(g.value.board));
  });
  it('cuts the clear rate into three levels', () => {
    assert.equal(difficultyOf(0.5), 'easy');
    assert.equal(difficultyOf(0.1), 'normal');
    assert.equal(difficultyOf(0.01), 'hard');
  });
});

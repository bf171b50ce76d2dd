import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AnalysisAnswer } from '../../api/index.ts';
import { analysisLine, markedStep } from './replay-analysis.ts';

const ready: AnalysisAnswer = {
  state: 'ready',
  at: 0,
  analysis: {
    chances: [0.5, 0.5, 0.6, 0.1, 0],
    moves: [
      { moveNo: 1, seat: 0, move: 'A7', loss: 0, mark: null, better: null },
      { moveNo: 2, seat: 1, move: 'G3', loss: 0.12, mark: 'mistake', better: 'C7' },
      { moveNo: 3, seat: 0, move: 'C5', loss: 0.5, mark: 'blunder', better: 'A3' },
      { moveNo: 4, seat: 1, move: 'B2', loss: 0, mark: null, better: null },
    ],
  },
};

describe('the terminal replay’s analysis line', () => {
  it('offers the analysis, says it runs, and names a marked move’s better move', () => {
    assert.equal(analysisLine({ state: 'none' }, 4, ['ann', 'bob']), 'a: analyse this game');
    assert.match(analysisLine({ state: 'running' }, 4, ['ann', 'bob']), /^Analysing/);
    assert.equal(
      analysisLine(ready, 3, ['ann', 'bob']),
      "ann's 3. C5 was a blunder (lost 50 %); the computer would play A3",
    );
    assert.equal(
      analysisLine(ready, 4, ['ann', 'bob']),
      'ann 0?, 1??  bob 1?, 0??  n N: next, previous marked move',
    );
  });

  it('steps to the next and the previous marked move, and nowhere past the last', () => {
    if (ready.state !== 'ready') return;
    assert.equal(markedStep(ready.analysis, 0, true), 2);
    assert.equal(markedStep(ready.analysis, 2, true), 3);
    assert.equal(markedStep(ready.analysis, 3, true), null);
    assert.equal(markedStep(ready.analysis, 4, false), 3);
    assert.equal(markedStep(ready.analysis, 2, false), null);
  });
});

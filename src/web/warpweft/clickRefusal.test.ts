import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { replay } from '../../games/game.ts';
import { type WarpWeftOptions, type WarpWeftState, warpweft } from '../../games/warpweft/index.ts';
import { clickRefusal } from './clickRefusal.ts';

const SIZE2: WarpWeftOptions = { size: 2, variant: 'thread' };
function after(options: WarpWeftOptions, moves: string): WarpWeftState {
  const result = replay(warpweft, options, 0, moves.split(' ').filter(Boolean));
  if (!result.ok) throw new Error(result.error);
  return result.value;
}
const piece = (name: string) => {
  const parsed = warpweft.parseMove(name, warpweft.setup(SIZE2, 0));
  assert.ok(parsed.ok && parsed.value.kind === 'place');
  return parsed.value.piece;
};

describe('a refused click, in words for a player who clicks', () => {
  it('says which button switches and what to click then, never the typed command', () => {
    const said = clickRefusal(after(SIZE2, 'A7 G3'), piece('B6'));
    assert.equal(
      said,
      'B6: it is a patch and you are Threading; press "Switch to patches", then click a free patch beside one of your threads.',
    );
    assert.doesNotMatch(said ?? '', /switch with/);
  });

  it('says what to click when the piece is of the right kind but out of reach, or taken', () => {
    const patching = after(SIZE2, 'A7 G3 patches G7');
    assert.equal(
      clickRefusal(patching, piece('F2')),
      'F2: it touches none of your threads; click a free patch beside one of your threads (outlined).',
    );
    assert.match(
      clickRefusal(patching, piece('A7')) ?? '',
      /^A7: it is already claimed by you; click a free patch/,
    );
  });

  it('says when a switch is not allowed now instead of pointing at the button', () => {
    // Warp has just switched to Patching: clicking a thread cannot be answered by switching back.
    const switched = after(SIZE2, 'A7 G3 patches G7');
    assert.match(
      clickRefusal(switched, piece('C5')) ?? '',
      /^C5: it is a thread and you are Patching; you cannot switch now \(you switched on your last turn/,
    );
    // At the start no patch is beside a thread of Warp's, so there is nothing to switch to.
    assert.equal(
      clickRefusal(warpweft.setup(SIZE2, 0), piece('B6')),
      'B6: it is a patch and you are Threading; you cannot switch now (there would be nothing for you to claim after switching to patches): click a free vertical thread.',
    );
  });

  it('has nothing to say about a claimable piece', () => {
    const start = warpweft.setup(SIZE2, 0);
    assert.equal(clickRefusal(start, piece('A7')), null);
  });
});

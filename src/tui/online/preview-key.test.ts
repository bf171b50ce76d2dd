import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { warpweft } from '../../games/warpweft/index.ts';
import { TUI_GAMES } from '../games.ts';
import type { Pad } from '../pad.ts';
import { previewMove, previewNote } from './preview-key.ts';

const pad = TUI_GAMES.warpweft?.online?.pad as Pad;
const state = warpweft.setup({ size: 3, variant: 'thread' }, 0);

describe('the online game screen’s preview key', () => {
  it('v previews the move Enter would send at the cursor', () => {
    assert.deepEqual(previewMove(pad, 'v', state, { x: 4, y: 6 }), { move: 'E7' });
  });

  it('says why there is nothing to preview where no move may go', () => {
    assert.deepEqual(previewMove(pad, 'v', state, pad.start(state)), {
      message: 'F6: it is a patch and you are Threading (press p to switch).',
    });
  });

  it('leaves every other key alone', () => {
    assert.equal(previewMove(pad, 'V', state, { x: 4, y: 6 }), null);
    assert.equal(previewMove(pad, 'U', state, { x: 4, y: 6 }), null);
  });

  it('marks the previewed board as not played', () => {
    assert.equal(previewNote(['E7']), 'Preview after E7, not played: any key goes back to the live game.');
  });
});

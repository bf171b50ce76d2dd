import assert from 'node:assert/strict';
import { it } from 'node:test';
import { replay } from '../../games/index.ts';
import { warpweft } from '../../games/warpweft/index.ts';
import { describeWarpWeft } from './describe.ts';

it('a Warp and Weft position in words: each side, its state and its pieces in the notation', () => {
  const options = warpweft.parseOptions({ size: 4 });
  assert.ok(options.ok);
  const state = replay(warpweft, options.value, 1, ['A7', 'G3', 'patches']);
  assert.ok(state.ok, state.ok ? '' : state.error);
  assert.equal(
    describeWarpWeft(state.value),
    `Size 4 board. Warp (Vert), Patching, holds A7. Weft (Horz), Threading, holds G3. ${
      state.value.owners.length - 2
    } pieces free.`,
  );
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Key } from 'ink';
import { atom4 } from '../games/atom4/index.ts';
import { warpweft } from '../games/warpweft/index.ts';
import { TUI_GAMES } from './games.ts';
import type { Pad } from './pad.ts';

const key = (pressed: Partial<Key> = {}) => pressed as Key;
const padOf = (id: string) => TUI_GAMES[id]?.online?.pad as Pad;

describe('the online game screen’s pads', () => {
  it('Warp and Weft: starts mid-board, claims what may be claimed, names why not, switches', () => {
    const pad = padOf('warpweft');
    const state = warpweft.setup({ size: 3, variant: 'thread' }, 0);
    const centre = pad.start(state);
    assert.deepEqual(centre, { x: 5, y: 6 });
    assert.equal(pad.describe(state, centre), 'Threading; Weft threads. Cursor F6.');
    assert.deepEqual(pad.onKey('', key({ return: true }), state, { x: 4, y: 6 }), { move: 'E7' });
    assert.deepEqual(pad.onKey('', key({ return: true }), state, centre), {
      message: 'F6: it is a patch and you are Threading (press p to switch).',
    });
    assert.deepEqual(pad.onKey('p', key(), state, centre), { move: 'patches' });
    assert.deepEqual(pad.onKey('', key({ leftArrow: true }), state, { x: 0, y: 6 }), {
      cursor: { x: 0, y: 6 },
    });
    assert.equal(pad.onKey('z', key(), state, centre), null);
  });

  it('Atom-4: places at the cursor, refuses where no marble may go, and n only between rounds', () => {
    const pad = padOf('atom4');
    const options = atom4.parseOptions({ rounds: 3 });
    assert.ok(options.ok);
    const state = atom4.setup(options.value, 0);
    const cursor = pad.start(state);
    assert.equal(pad.describe(state, cursor), 'Round 1 of 3, 0:0; plays red. Cursor 8,8.');
    assert.deepEqual(pad.onKey('', key({ return: true }), state, cursor), { move: '8,8' });
    assert.deepEqual(pad.onKey('', key({ return: true }), state, { x: 0, y: 0 }), {
      message: "You can't put a marble here: (0,0) does not touch two pieces that touch each other",
    });
    assert.deepEqual(pad.onKey('n', key(), state, cursor), {
      message: 'The round is still on: n starts the next one after it.',
    });
    assert.deepEqual(pad.onKey('', key({ downArrow: true }), state, { x: 3, y: 15 }), {
      cursor: { x: 3, y: 15 },
    });
  });
});

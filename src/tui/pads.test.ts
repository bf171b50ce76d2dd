import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Key } from 'ink';
import { atom4 } from '../games/atom4/index.ts';
import { warpweft } from '../games/warpweft/index.ts';
import { TUI_GAMES } from './games.ts';
import type { Pad } from './pad.ts';

/** Round 1 of Atom-4 won by player 1 on the 81st ply. */
const WON_ROUND =
  '8,8 8,6 9,8 7,8 9,6 8,9 7,9 9,7 9,9 6,9 10,8 7,6 10,6 10,7 8,5 11,8 9,5 7,5 10,9 9,4 10,5 8,4 10,4 11,6 10,10 9,10 11,7 6,7 8,10 12,6 7,10 11,5 12,8 6,10 12,7 11,9 6,8 7,11 6,6 6,11 8,11 5,7 8,12 7,12 9,11 9,12 11,10 10,11 10,12 12,9 11,12 11,11 5,9 8,13 5,10 5,8 12,10 4,9 10,13 4,8 9,13 7,13 4,7 9,14 8,14 6,12 12,12 11,13 5,11 6,13 12,11 4,11 13,10 4,10 13,12 5,12 13,8 3,11 13,7 11,4 14,8'.split(
    ' ',
  );
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

  it('Warp and Weft: the cursor is named by its cell, with the piece when a thread is named elsewhere', () => {
    const pad = padOf('warpweft');
    const state = warpweft.setup({ size: 3, variant: 'thread' }, 0);
    // (4, 6) is cell E6, on the vertical thread named E7.
    assert.equal(pad.describe(state, { x: 4, y: 6 }), 'Threading; Weft threads. Cursor E6 (E7).');
  });

  it('Atom-4: a finished one-round game offers no next round', () => {
    const pad = padOf('atom4');
    const options = atom4.parseOptions({ rounds: 1 });
    assert.ok(options.ok);
    let state = atom4.setup(options.value, 0);
    for (const move of WON_ROUND) {
      const parsed = atom4.parseMove(move, state);
      assert.ok(parsed.ok, move);
      const next = atom4.play(state, parsed.value);
      assert.ok(next.ok, move);
      state = next.value;
    }
    assert.equal(state.roundResult, 1);
    const words = pad.describe(state, pad.start(state));
    assert.match(words, /player 1 won the round/);
    assert.doesNotMatch(words, /next round/);
    assert.deepEqual(pad.onKey('n', key(), state, pad.start(state)), {
      message: 'That was the last round: the game is over.',
    });
  });
});

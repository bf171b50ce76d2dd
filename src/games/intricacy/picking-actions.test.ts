import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  directionOf,
  isPickAction,
  KEYPAD_KEYS,
  moveOf,
  ORIGINAL_KEYS,
  PICK_ACTION_IDS,
  PICK_ACTIONS,
  type PickKeys,
  WASD_KEYS,
  withKeypad,
} from './picking-actions.ts';

const actionOf = (keys: PickKeys, key: string) => PICK_ACTION_IDS.find((a) => keys[a].includes(key));

describe('picking actions', () => {
  it('maps each tool action to its move, and the commands to none', () => {
    assert.deepEqual(moveOf('hookE'), { tool: 'hook', dir: 0 });
    assert.deepEqual(moveOf('hookNW'), { tool: 'hook', dir: 2 });
    assert.deepEqual(moveOf('hookCCW'), { tool: 'hook', turn: 1 });
    assert.deepEqual(moveOf('hookCW'), { tool: 'hook', turn: -1 });
    assert.deepEqual(moveOf('wrenchSW'), { tool: 'wrench', dir: 4 });
    assert.deepEqual(moveOf('wait'), { tool: 'wait' });
    for (const a of ['undo', 'redo', 'reset', 'mark', 'toMark', 'replay', 'quit'])
      assert.equal(moveOf(a), null);
    assert.equal(PICK_ACTIONS.filter((a) => a.move).length, 15, '6 hook, 2 turns, 6 wrench, wait');
  });

  it('gives the direction of hook and wrench moves only', () => {
    assert.equal(directionOf('hookSE'), 5);
    assert.equal(directionOf('wrenchW'), 3);
    assert.equal(directionOf('hookCW'), null);
    assert.equal(directionOf('undo'), null);
    assert.ok(isPickAction('toMark') && !isPickAction('quit'));
  });

  it("has the original's keys: hook l h u b y n, turn k j, wrench in capitals", () => {
    assert.equal(actionOf(ORIGINAL_KEYS, 'l'), 'hookE');
    assert.equal(actionOf(ORIGINAL_KEYS, 'y'), 'hookNW');
    assert.equal(actionOf(ORIGINAL_KEYS, 'k'), 'hookCCW');
    assert.equal(actionOf(ORIGINAL_KEYS, 'B'), 'wrenchSW');
    assert.equal(actionOf(ORIGINAL_KEYS, 'space'), 'wait');
  });

  it('has the WASD-like scheme and the keypad (5 waits)', () => {
    assert.deepEqual(
      ['d', 'e', 'w', 'a', 'z', 'x'].map((k) => moveOf(actionOf(WASD_KEYS, k) ?? '')),
      [0, 1, 2, 3, 4, 5].map((dir) => ({ tool: 'hook', dir })),
    );
    assert.equal(actionOf(WASD_KEYS, 's'), 'wait');
    const keypad = withKeypad(ORIGINAL_KEYS);
    assert.deepEqual(keypad.hookE, ['l', '6']);
    assert.deepEqual(keypad.wait, ['.', 'space', '5']);
    assert.deepEqual(keypad.wrenchE, ['L'], 'the keypad moves the hook only');
    assert.deepEqual(KEYPAD_KEYS.hookCCW, ['8']);
  });

  it('never binds one key to two actions in a scheme', () => {
    for (const keys of [ORIGINAL_KEYS, WASD_KEYS, withKeypad(ORIGINAL_KEYS), withKeypad(WASD_KEYS)]) {
      const seen = new Map<string, string>();
      for (const a of PICK_ACTION_IDS) {
        for (const k of keys[a]) {
          assert.equal(seen.get(k), undefined, `${k} bound to ${seen.get(k)} and ${a}`);
          seen.set(k, a);
        }
      }
    }
  });
});

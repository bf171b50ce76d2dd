import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { actionOfKey, bindKey, DEFAULT_KEYS, readKeyMap, unbindKey } from './keymap.ts';

describe('key bindings', () => {
  it("defaults to the original's keys; rebinding moves a key from one action to another", () => {
    assert.equal(actionOfKey(DEFAULT_KEYS, 'l'), 'hookE');
    assert.equal(actionOfKey(DEFAULT_KEYS, 'L'), 'wrenchE');
    assert.equal(actionOfKey(DEFAULT_KEYS, '5'), 'wait');
    const moved = bindKey(DEFAULT_KEYS, 'undo', 'l');
    assert.equal(actionOfKey(moved, 'l'), 'undo');
    assert.deepEqual(moved.hookE, []);
    assert.equal(actionOfKey(unbindKey(moved, 'undo', 'l'), 'l'), undefined);
  });

  it('reads stored bindings leniently: unknown or broken entries fall back to the defaults', () => {
    const map = readKeyMap({ hookE: ['d'], redo: 'x', nonsense: ['q'] });
    assert.deepEqual(map.hookE, ['d']);
    assert.deepEqual(map.redo, DEFAULT_KEYS.redo);
    assert.deepEqual(readKeyMap(null), DEFAULT_KEYS);
  });
});

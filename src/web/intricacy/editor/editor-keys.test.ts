import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hex } from '../../../grid/index.ts';
import { cursorStep, editorKey } from './editor-keys.ts';

describe("the editor's keys", () => {
  it("moves the cursor with the hook's keys, uses the tool with Enter or ., chooses tools with 1–6", () => {
    assert.deepEqual(editorKey('l'), { kind: 'cursor', dir: 0 });
    assert.deepEqual(editorKey('n'), { kind: 'cursor', dir: 5 });
    assert.deepEqual(editorKey('Enter'), { kind: 'use' });
    assert.deepEqual(editorKey('.'), { kind: 'use' });
    assert.deepEqual(editorKey('1'), { kind: 'tool', tool: 'block' });
    assert.deepEqual(editorKey('6'), { kind: 'tool', tool: 'erase' });
    assert.deepEqual(editorKey('z'), { kind: 'undo' });
    assert.deepEqual(editorKey('x'), { kind: 'redo' });
    assert.equal(editorKey('7'), null);
    assert.equal(editorKey('q'), null);
  });

  it('shows the cursor at the centre first and keeps it inside the lock', () => {
    assert.deepEqual(cursorStep(null, 0, 3), hex(0, 0));
    assert.deepEqual(cursorStep(hex(0, 0), 0, 3), hex(1, 0));
    assert.deepEqual(cursorStep(hex(2, 0), 0, 3), hex(3, 0));
    assert.equal(cursorStep(hex(3, 0), 0, 3), null);
  });
});

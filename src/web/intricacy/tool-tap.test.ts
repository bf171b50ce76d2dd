import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startPicking } from '../../games/intricacy/index.ts';
import { collectionLock } from '../../games/intricacy/test-fixtures.ts';
import { HEX_DIRECTIONS, type Hex, hex, hexAdd } from '../../grid/index.ts';
import { toolTap } from './tool-tap.ts';

// The hook lock: the hook's centre at (-3,-2) with its arm east, the wrench at (-2,-3).
const lock = collectionLock('tutorial/05-hook');
const hookCentre = hex(-3, -2);
const wrench = hex(-2, -3);
const step = (from: Hex, dir: number) => hexAdd(from, HEX_DIRECTIONS[dir] as Hex);

describe('a tap on the board while picking', () => {
  it("chooses the tool tapped: the hook by its centre or its arm's end, the wrench by its cell", () => {
    assert.deepEqual(toolTap(lock, 'wrench', hookCentre), { kind: 'choose', tool: 'hook' });
    assert.deepEqual(toolTap(lock, 'wrench', step(hookCentre, 0)), { kind: 'choose', tool: 'hook' });
    assert.deepEqual(toolTap(lock, 'hook', wrench), { kind: 'choose', tool: 'wrench' });
  });

  it('moves the chosen tool towards a cell next to it', () => {
    assert.deepEqual(toolTap(lock, 'hook', step(hookCentre, 2)), {
      kind: 'move',
      move: { tool: 'hook', dir: 2 },
    });
    assert.deepEqual(toolTap(lock, 'wrench', step(wrench, 0)), {
      kind: 'move',
      move: { tool: 'wrench', dir: 0 },
    });
  });

  it('says what to do when the cell is not next to the chosen tool', () => {
    const far = toolTap(lock, 'wrench', hex(2, 2));
    assert.equal(far?.kind, 'far');
    assert.match(far?.kind === 'far' ? far.message : '', /next to the wrench/);
  });

  it('does nothing on a lock without its tools', () => {
    const bare = { ...startPicking(lock).states[0]?.lock, pieces: lock.pieces.slice(0, 2) };
    assert.equal(toolTap(bare as typeof lock, 'hook', hookCentre), null);
  });
});

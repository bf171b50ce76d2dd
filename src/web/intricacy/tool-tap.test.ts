import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startPicking } from '../../games/intricacy/index.ts';
import { collectionLock } from '../../games/intricacy/test-fixtures.ts';
import { HEX_DIRECTIONS, type Hex, hex, hexAdd } from '../../grid/index.ts';
import { toolTap, turnTargets } from './tool-tap.ts';

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

  it("pushes the chosen hook along its arm when its arm's end is tapped", () => {
    assert.deepEqual(toolTap(lock, 'hook', step(hookCentre, 0)), {
      kind: 'move',
      move: { tool: 'hook', dir: 0 },
    });
  });

  it("turns the chosen hook towards a cell just beyond its arm's end, to either side", () => {
    const end = step(hookCentre, 0);
    assert.deepEqual(toolTap(lock, 'hook', step(end, 1)), { kind: 'move', move: { tool: 'hook', turn: 1 } });
    assert.deepEqual(toolTap(lock, 'hook', step(end, 5)), { kind: 'move', move: { tool: 'hook', turn: -1 } });
    const hook = lock.pieces[2];
    assert.equal(hook?.kind, 'hook');
    if (hook?.kind === 'hook')
      assert.deepEqual(turnTargets(hook), [
        { cell: step(end, 1), turn: 1 },
        { cell: step(end, 5), turn: -1 },
      ]);
    // Straight beyond the arm is neither a step nor a turn.
    assert.equal(toolTap(lock, 'hook', step(end, 0))?.kind, 'far');
  });

  it('explains what to tap when the chosen hook is tapped again', () => {
    const again = toolTap(lock, 'hook', hookCentre);
    assert.match(again?.kind === 'far' ? again.message : '', /curved arrow beside its arm to turn it/);
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

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { current } from '../../games/intricacy/index.ts';
import { collectionLock, moveList } from '../../games/intricacy/test-fixtures.ts';
import { DEFAULT_KEYS } from './keymap.ts';
import {
  keyCommand,
  type PickerCommand,
  type PickerSession,
  pickerStep,
  startSession,
} from './picker-session.ts';

const lock = collectionLock('tutorial/05-hook');
const SOLUTION = moveList('hE hE hNE hNE hNE h+ hW');

/** The session after each command in turn. */
const after = (s: PickerSession, ...commands: PickerCommand[]): PickerSession =>
  commands.reduce((acc, c) => pickerStep(acc, c).session, s);
const keysPressed = (s: PickerSession, keys: string): PickerSession =>
  [...keys].reduce((acc, k) => {
    const c = keyCommand(acc, DEFAULT_KEYS, k);
    return c ? pickerStep(acc, c).session : acc;
  }, s);
const action = (a: Extract<PickerCommand, { kind: 'action' }>['action']): PickerCommand => ({
  kind: 'action',
  action: a,
});

describe('a picking session', () => {
  it('starts at turn 0, or with loaded moves at turn 0 ready to replay', () => {
    const fresh = startSession(lock);
    assert.equal(fresh.picking.at, 0);
    assert.equal(fresh.message, '');
    const loaded = startSession(lock, SOLUTION);
    assert.equal(loaded.picking.at, 0);
    assert.equal(loaded.picking.moves.length, 7);
    assert.equal(loaded.message, '7 moves loaded: press Replay.');
  });

  it('plays the keys of the default map, and reports the turn for the phases animation', () => {
    const s = keysPressed(startSession(lock), 'llu');
    assert.equal(s.picking.at, 3);
    const step = pickerStep(s, action('hookW'));
    assert.equal(typeof step.animation, 'object');
    if (typeof step.animation === 'object') {
      assert.deepEqual(step.animation.move, { tool: 'hook', dir: 3 });
      assert.equal(step.animation.before, current(s.picking).lock);
      assert.equal(step.animation.after, current(step.session.picking).lock);
    }
  });

  it('leaves unbound keys to the page', () => {
    assert.equal(keyCommand(startSession(lock), DEFAULT_KEYS, 'q'), null);
  });

  it('says why a move is refused and keeps the turn', () => {
    const open = after(startSession(lock), { kind: 'playTyped', text: 'hE hE hNE hNE hNE h+ hW' });
    assert.ok(current(open.picking).opened);
    const step = pickerStep(open, action('wait'));
    assert.equal(step.session.picking, open.picking);
    assert.match(step.session.message, /open/);
    assert.equal(step.animation, 'keep');
  });

  it('undoes, redoes and resets, stopping the animation', () => {
    const three = keysPressed(startSession(lock), 'llu');
    const undone = pickerStep(three, action('undo'));
    assert.equal(undone.session.picking.at, 2);
    assert.equal(undone.animation, 'stop');
    assert.equal(after(undone.session, action('redo')).picking.at, 3);
    assert.equal(after(three, action('reset')).picking.at, 0);
    assert.equal(after(three, { kind: 'jump', at: 1 }).picking.at, 1);
  });

  it('sets a mark named by the next key and goes back to it by name', () => {
    let s = keysPressed(startSession(lock), 'll');
    s = keysPressed(s, 'm');
    assert.equal(s.naming, 'mark');
    assert.match(s.message, /press a letter or digit/);
    s = keysPressed(s, 'a');
    assert.equal(s.naming, null);
    assert.equal(s.message, 'Mark a set at turn 2.');
    s = keysPressed(s, 'uu');
    assert.equal(s.picking.at, 4);
    s = keysPressed(s, "'a");
    assert.equal(s.picking.at, 2);
    assert.equal(s.message, 'Back at mark a (turn 2).');
  });

  it('ignores modifier keys while naming, cancels on Escape, and refuses a name that is not a letter or digit', () => {
    const naming = keysPressed(startSession(lock), 'm');
    assert.equal(keyCommand(naming, DEFAULT_KEYS, 'Shift'), null);
    const cancelled = after(naming, { kind: 'nameKey', key: 'Escape' });
    assert.equal(cancelled.naming, null);
    assert.equal(cancelled.message, '');
    const refused = after(naming, { kind: 'nameKey', key: '#' });
    assert.equal(refused.naming, null);
    assert.equal(refused.message, 'A mark is named by a letter or digit.');
    assert.deepEqual(refused.picking.marks, {});
  });

  it('asks for no mark name when there is no mark to go back to', () => {
    const s = keysPressed(startSession(lock), "'");
    assert.equal(s.naming, null);
    assert.equal(s.message, 'No marks set yet.');
  });

  it('sets the next free mark from the Mark button, and opens and closes the list of marks', () => {
    let s = after(startSession(lock), { kind: 'markNext' }, { kind: 'markNext' });
    assert.deepEqual(Object.keys(s.picking.marks).sort(), ['a', 'b']);
    s = after(s, { kind: 'toggleMarkChooser' });
    assert.equal(s.naming, 'toMark');
    assert.equal(after(s, { kind: 'toggleMarkChooser' }).naming, null);
    assert.equal(after(s, { kind: 'cancelNaming' }).naming, null);
    assert.match(after(s, { kind: 'toMark', name: 'z' }).message, /z/);
  });

  it('replays from the start when at the end, one turn a step, and stops at the end', () => {
    const done = after(startSession(lock), { kind: 'playTyped', text: 'hE hE hNE' });
    assert.equal(done.picking.at, 3);
    const step = pickerStep(done, action('replay'));
    assert.equal(step.animation, 'stop');
    let s = step.session;
    assert.ok(s.replaying);
    assert.equal(s.picking.at, 0);
    s = after(s, { kind: 'replayStep' }, { kind: 'replayStep' }, { kind: 'replayStep' });
    assert.equal(s.picking.at, 3);
    assert.ok(s.replaying);
    s = after(s, { kind: 'replayStep' });
    assert.ok(!s.replaying);
    assert.equal(s.picking.at, 3);
  });

  it('stops a replay when pressed again or when a move is made, and has nothing to replay at first', () => {
    const replaying = after(startSession(lock, SOLUTION), action('replay'), { kind: 'replayStep' });
    assert.ok(replaying.replaying);
    const stopped = after(replaying, action('replay'));
    assert.ok(!stopped.replaying);
    assert.equal(stopped.picking.at, 1);
    assert.ok(!after(replaying, action('hookE')).replaying);
    assert.equal(after(startSession(lock), action('replay')).message, 'Nothing to replay yet.');
  });

  it('plays typed moves, and says what is wrong with a bad list', () => {
    const played = after(startSession(lock), { kind: 'playTyped', text: 'hE hE' });
    assert.equal(played.picking.at, 2);
    const bad = after(played, { kind: 'playTyped', text: 'hE zz' });
    assert.equal(bad.picking, played.picking);
    assert.notEqual(bad.message, '');
  });

  it('shows a word from a tap until the next command', () => {
    const said = after(startSession(lock), { kind: 'say', message: 'Tap a cell next to the hook.' });
    assert.equal(said.message, 'Tap a cell next to the hook.');
    assert.equal(after(said, action('hookE')).message, '');
  });
});

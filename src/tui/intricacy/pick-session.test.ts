import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { current } from '../../games/intricacy/index.ts';
import { collectionLock } from '../../games/intricacy/test-fixtures.ts';
import { DEFAULT_BINDINGS } from './keys.ts';
import { type PickSession, pickKeys, replayStep, startPickSession } from './pick-session.ts';

const keys = DEFAULT_BINDINGS.original;
const start = () => startPickSession(collectionLock('tutorial/05-hook'));
/** The session after each chunk of keys in turn (a chunk is one string of key names, split on spaces). */
const press = (s: PickSession, ...chunks: string[]): PickSession =>
  chunks.reduce((acc, chunk) => pickKeys(acc, chunk.split(' '), keys, false).session, s);

describe('a terminal picking session', () => {
  it('plays every key of a chunk on the state the previous one left', () => {
    const s = press(start(), 'l l u');
    assert.equal(s.history.at, 3);
    assert.equal(press(s, 'z z').history.at, 1);
    assert.equal(press(s, 'z r').history.at, 0);
  });

  it('says when there is nothing to undo or redo, and refuses moves once the lock is open', () => {
    assert.equal(press(start(), 'z').message, 'nothing more to go back to or redo');
    const open = press(start(), 'l l u u u k h');
    assert.ok(current(open.history).opened);
    const more = press(open, '.');
    assert.equal(more.history, open.history);
    assert.equal(more.message, 'the lock is open: undo or reset to play on');
  });

  it('sets a mark named by the next key, even in the next chunk, and goes back to it', () => {
    let s = press(start(), 'l l', 'm');
    assert.equal(s.naming, 'mark');
    s = press(s, 'a');
    assert.equal(s.message, 'mark a set at turn 2');
    s = press(s, "u u ' a");
    assert.equal(s.history.at, 2);
    assert.equal(s.message, 'back at mark a (turn 2)');
    assert.equal(press(s, 'm #').message, 'a mark is named by a letter or digit');
    assert.equal(press(s, 'm escape').message, '');
    assert.equal(press(start(), "'").message, 'no marks set yet');
  });

  it('replays from the start, a turn a step, and any key stops it', () => {
    const s = press(start(), 'l l', 'p');
    assert.ok(s.replaying);
    assert.equal(s.history.at, 0);
    const stepped = replayStep(replayStep(s));
    assert.equal(stepped.history.at, 2);
    assert.ok(!replayStep(stepped).replaying);
    const stopped = press(replayStep(s), 'l');
    assert.ok(!stopped.replaying);
    assert.equal(stopped.history.at, 1, 'the key that stops the replay does nothing else');
    assert.equal(stopped.message, 'replay stopped at turn 1');
    assert.equal(press(start(), 'p').message, 'no moves to replay yet');
  });

  it('toggles the colouring and the annotations, and any key closes the help', () => {
    const s = press(start(), 'c', 'v');
    assert.ok(s.byNature);
    assert.ok(!s.annotations);
    const help = press(start(), '?');
    assert.ok(help.help);
    const closed = press(help, 'l');
    assert.ok(!closed.help);
    assert.equal(closed.history.at, 0);
  });

  it('leaves on the quit key, and goes on from an open lock with Enter when it may', () => {
    assert.equal(pickKeys(start(), ['q'], keys, false).after, 'quit');
    const open = press(start(), 'l l u u u k h');
    assert.equal(pickKeys(open, ['enter'], keys, true).after, 'next');
    assert.equal(pickKeys(open, ['enter'], keys, false).after, undefined);
  });
});

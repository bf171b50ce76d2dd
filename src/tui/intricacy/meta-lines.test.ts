import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LockView, NoteView, ScorePage, WorldView } from '../../games/intricacy/index.ts';
import { standardLock } from '../../games/intricacy/index.ts';
import {
  noteLine,
  noteSolution,
  othersLine,
  pageLine,
  retiredLine,
  scoreLines,
  slotLines,
} from './meta-lines.ts';

const lockView = (id: number, over: Partial<LockView> = {}): LockView => ({
  id,
  owner: 'BOB',
  slot: 0,
  lock: standardLock(3),
  public: false,
  retired: false,
  notesOn: [],
  notesBehind: [],
  notesOnRead: 0,
  accessedBy: [],
  accessors: 0,
  viewerCases: [],
  ...over,
});
const note = (over: Partial<NoteView> = {}): NoteView =>
  ({ id: 4, author: 'ANN', on: 1, behind: 2, read: false, public: false, ...over }) as NoteView;

describe("the metagame screen's lines", () => {
  it('says which part of a list is shown, and nothing when one page holds it', () => {
    assert.equal(pageLine('players', 0, 10, 10), '');
    assert.equal(pageLine('players', 10, 10, 25), 'players 11–20 of 25  ([ ] or PgUp PgDn: other pages)');
  });

  it('lists your slots with their locks, notes and accessors', () => {
    const world = {
      me: {
        slots: [1, null, null],
        accessedBy: [{ player: 'ZED', slot: 0, cases: ['declared'], point: true }],
        accessors: 3,
      },
      locks: [lockView(1, { owner: 'ANN', notesBehind: [7] })],
    } as unknown as WorldView;
    assert.deepEqual(slotLines(world), [
      'slot 1: lock 1, 1 note behind it, accessed by ZED (+2 more players)',
      'slot 2: empty, accessed by nobody',
      'slot 3: empty, accessed by nobody',
    ]);
  });

  it("describes others' and retired locks", () => {
    assert.equal(
      othersLine(lockView(3, { slot: 1, notesOn: [1, 2], notesOnRead: 1, viewerCases: ['notes'] })),
      'BOB slot 2: lock 3, 2 notes on it (1 read), you access it (notes)',
    );
    assert.equal(othersLine(lockView(3)), 'BOB slot 1: lock 3, 0 notes on it (0 read), not accessed');
    assert.equal(
      retiredLine(lockView(5, { notesBehind: [1] })),
      'BOB slot 1: lock 5, 0 notes on it, 1 note behind it',
    );
  });

  it('describes a note and shows its solution only once read', () => {
    const locks = [lockView(1)];
    assert.equal(noteLine(locks, note()), 'note 4 by ANN on lock 1 (BOB slot 1), behind lock 2: secured');
    assert.equal(noteLine([], note({ read: true })), 'note 4 by ANN on lock 1, behind lock 2: read');
    assert.match(noteSolution(note()), /You have not read note 4/);
    assert.equal(noteSolution(note({ solution: [{ tool: 'wait' }] })), 'Note 4 (lock 1): .');
  });

  it('lays out the score table in columns, ranked from the page offset', () => {
    const page = {
      offset: 10,
      count: 12,
      columnOffset: 0,
      players: ['ANN', 'BOB'],
      columns: ['ANN', 'BOB'],
      scores: [
        [0, 1],
        [-1, 0],
      ],
      totals: [1, -1],
    } as unknown as ScorePage;
    assert.deepEqual(scoreLines(page), [
      'rank       ANN BOB  total',
      '  11 ANN     0   1      1',
      '  12 BOB    -1   0     -1',
    ]);
  });
});

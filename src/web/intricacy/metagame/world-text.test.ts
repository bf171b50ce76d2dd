import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LockView, WorldView } from '../../../games/intricacy/index.ts';
import { standardLock } from '../../../games/intricacy/index.ts';
import {
  accessorsText,
  declareSlots,
  lockById,
  mayDeclare,
  pageRange,
  scoreAccessText,
  scoreSummary,
  viewerAccessText,
} from './world-text.ts';

const lockView = (id: number, over: Partial<LockView> = {}): LockView => ({
  id,
  owner: 'ABC',
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

const world = (slots: (number | null)[], locks: LockView[], viewer: string | null = 'ABC'): WorldView =>
  ({
    viewer,
    me: viewer === null ? null : { codename: viewer, slots },
    locks,
  }) as unknown as WorldView;

describe('the metagame pages in words', () => {
  it('says who accesses a lock and how, and how many more there are', () => {
    assert.equal(accessorsText(lockView(1)), 'Nobody else accesses it.');
    const seen = lockView(1, {
      accessedBy: [
        { player: 'XYZ', cases: ['declared'] },
        { player: 'QQQ', cases: ['notes', 'empty'] },
      ],
      accessors: 4,
    });
    assert.equal(
      accessorsText(seen),
      'Accessed by XYZ (solved and declared); QQQ (three notes read, empty slot); and 2 other players',
    );
  });

  it("says how you access another player's slot, and whether it scores", () => {
    assert.equal(
      viewerAccessText({ player: 'ABC', slot: 1, cases: ['declared'], point: true }),
      'You access it (solved and declared): a point.',
    );
    assert.equal(
      viewerAccessText({ player: 'ABC', slot: 1, cases: ['notes'], point: false }),
      'You access it (three notes read).',
    );
  });

  it('shows which part of a long list a page holds, with the previous and next pages', () => {
    assert.equal(pageRange(0, 10, 10, 10), null, 'one page holds it all');
    assert.deepEqual(pageRange(0, 10, 25, 10), { first: 1, last: 10, previous: null, next: 10 });
    assert.deepEqual(pageRange(10, 10, 25, 10), { first: 11, last: 20, previous: 0, next: 20 });
    assert.deepEqual(pageRange(20, 5, 25, 10), { first: 21, last: 25, previous: 10, next: null });
    assert.deepEqual(pageRange(5, 10, 12, 10), { first: 6, last: 12, previous: 0, next: null });
    assert.deepEqual(pageRange(30, 0, 25, 10), { first: 0, last: 25, previous: 20, next: null });
  });

  it('offers your slots with a lock that is not public to secure a note behind', () => {
    const w = world([1, null, 3], [lockView(1), lockView(3, { public: true })]);
    assert.deepEqual(
      declareSlots(w).map((s) => s.slot),
      [0],
    );
    assert.deepEqual(declareSlots(world([], [], null)), []);
  });

  it("lets you declare only another player's lock in play, and not from a replayed note", () => {
    const theirs = lockView(7, { owner: 'XYZ' });
    const w = world([null, null, null], [theirs]);
    assert.ok(mayDeclare(w, theirs, undefined));
    assert.ok(!mayDeclare(w, lockView(8), undefined), 'your own lock');
    assert.ok(!mayDeclare(w, { ...theirs, retired: true }, undefined));
    assert.ok(!mayDeclare(w, theirs, 3), 'a note replayed');
    assert.ok(!mayDeclare(world([], [theirs], null), theirs, undefined), 'an outsider');
  });

  it('finds a lock by its id', () => {
    assert.equal(lockById([lockView(1), lockView(2)], 2)?.id, 2);
    assert.equal(lockById([lockView(1)], null), undefined);
  });
});

describe('a score explained in words', () => {
  const base = { accessor: 'ABC', owner: 'XYZ', slot: 0, lock: 2, cases: ['declared'] as const };
  it('gives each access its sign, slot and case, and why one earns nothing', () => {
    assert.equal(
      scoreAccessText({ ...base, slot: 1, lock: null, cases: ['empty'], points: 1 }),
      "+1 ABC accesses XYZ's slot 2, empty (empty slot)",
    );
    assert.equal(
      scoreAccessText({ ...base, accessor: 'XYZ', owner: 'ABC', cases: ['notes'], points: -1 }),
      "−1 XYZ accesses ABC's slot 1, lock 2 (three notes read)",
    );
    assert.equal(
      scoreAccessText({ ...base, points: 0, noteReadByOwner: 1 }),
      "0 ABC accesses XYZ's slot 1, lock 2 (solved and declared): no point, as XYZ has read ABC's note 1 on it",
    );
  });
  it('sums them up in a sentence', () => {
    assert.match(
      scoreSummary({ player: 'ABC', against: 'XYZ', score: 2, accesses: [{ ...base, points: 0 }] }),
      /^ABC's score against XYZ is \+2: XYZ's slots ABC accesses for a point, minus/,
    );
    assert.equal(
      scoreSummary({ player: 'ABC', against: 'XYZ', score: 0, accesses: [] }),
      "ABC's score against XYZ is 0: neither accesses a slot of the other's.",
    );
  });
});

import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { createRng } from '../../grid/rng.ts';
import type { Result } from '../game.ts';
import { intricacy } from './game.ts';
import { type Lock, wrenchStart } from './lock.ts';
import {
  type AccessCase,
  accessorsOf,
  accessTable,
  alreadyVerified,
  CODENAME_CHARACTERS,
  declareSolution,
  emptyWorld,
  lockView,
  MAX_SOLUTION_MOVES,
  noteView,
  placeLock,
  playerView,
  randomCodenames,
  readsOf,
  register,
  replayVerifier,
  retiredLocksView,
  retireLock,
  score,
  scoreTable,
  slotAccesses,
  validateCodename,
  verifySolution,
  type World,
  worldView,
} from './metagame.ts';
import { ALL_MOVES } from './notation.ts';
import type { ToolMove } from './physics.ts';
import { solve } from './solver.ts';
import { collectionLock as load, moveList as moves } from './test-fixtures.ts';

function must<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

// Real locks with solutions found by `./tessera intricacy solve tutorial/…`.
const PULL = load('tutorial/05-hook');
const PULL_SOLUTION = moves('hE hE hNE hNE hNE h+ hW');
const BALLS = load('tutorial/07-balls');
const BALLS_SOLUTION = moves('hE hE hE h+ hNE hNE hNE hW h+');

/** Placed locks are stored as read from their JSON form, so compare them by value. */
const sameLock = (a: Lock | undefined, b: Lock): boolean => JSON.stringify(a) === JSON.stringify(b);

function refused(r: Result<unknown>, pattern: RegExp): void {
  assert.equal(r.ok, false, 'the action is refused');
  if (!r.ok) assert.match(r.error, pattern);
}

// A small scenario language over the real actions, with real replay verification.
const players = (...names: string[]): World => names.reduce((w, n) => must(register(w, n)), emptyWorld());
const place = (w: World, owner: string, slot: number, lock = PULL, solution = PULL_SOLUTION): World =>
  must(placeLock(w, owner, slot, lock, solution, replayVerifier));
const lockIn = (w: World, owner: string, slot: number): number => {
  const id = w.players.find((p) => p.codename === owner)?.slots[slot];
  if (id === null || id === undefined) throw new Error(`${owner} has no lock in slot ${slot}`);
  return id;
};
/** `solver` solves `owner`'s lock in `slot` and secures the note behind their own lock in `mySlot`. */
const declare = (w: World, solver: string, owner: string, slot: number, mySlot = 0): World => {
  const on = lockIn(w, owner, slot);
  const solution = sameLock(w.locks[on]?.lock, BALLS) ? BALLS_SOLUTION : PULL_SOLUTION;
  return must(declareSolution(w, solver, on, lockIn(w, solver, mySlot), solution, replayVerifier));
};
const cases = (w: World, player: string, owner: string): AccessCase[][] =>
  slotAccesses(w, player, w.players.find((p) => p.codename === owner) ?? assert.fail(owner)).map((s) => [
    ...s.cases,
  ]);
const points = (w: World, player: string, owner: string): boolean[] =>
  slotAccesses(w, player, w.players.find((p) => p.codename === owner) ?? assert.fail(owner)).map(
    (s) => s.point,
  );
const noteBy = (w: World, author: string, on: number): number =>
  w.notes.find((n) => n.author === author && n.on === on)?.id ?? assert.fail(`no note by ${author} on ${on}`);

describe('metagame codenames', () => {
  it('accepts three printable ASCII characters without lowercase or space', () => {
    for (const name of ['ABC', 'A1!', '~~~', '{|}', '123', '"#\\'])
      assert.deepEqual(validateCodename(name), { ok: true, value: name });
  });

  it('refuses other codenames, saying what is wrong', () => {
    refused(validateCodename('AB'), /exactly 3 characters, "AB" has 2/);
    refused(validateCodename('ABCD'), /exactly 3 characters/);
    refused(validateCodename('aBC'), /character 1 of "aBC" is lowercase "a"; use capitals \("A"\)/);
    refused(validateCodename('A C'), /character 2 .* is a space/);
    refused(validateCodename('AÉC'), /character 2 .* not printable ASCII/);
    refused(validateCodename('A\tC'), /not printable ASCII/);
    refused(validateCodename(42), /must be text/);
    assert.equal(CODENAME_CHARACTERS.length, 94 - 26);
  });

  it('suggests distinct unused codenames, the same ones for the same seed', () => {
    const taken = ['AAA', 'BBB'];
    const names = must(randomCodenames(createRng(7), 50, taken));
    assert.equal(new Set(names).size, 50);
    for (const n of names) {
      assert.ok(validateCodename(n).ok, n);
      assert.ok(!taken.includes(n));
    }
    assert.deepEqual(must(randomCodenames(createRng(7), 50, taken)), names);
    assert.notDeepEqual(must(randomCodenames(createRng(8), 50, taken)), names);
  });

  it('finds the last free codenames in a crowded space and says when there are too few', () => {
    // Alphabet "AB": 8 codenames, 6 taken.
    const taken = ['AAA', 'AAB', 'ABA', 'ABB', 'BAA', 'BAB'];
    assert.deepEqual(must(randomCodenames(createRng(1), 2, taken, 'AB')).sort(), ['BBA', 'BBB']);
    refused(randomCodenames(createRng(1), 3, taken, 'AB'), /only 2 unused codenames are left, 3 asked for/);
    refused(randomCodenames(createRng(1), 1, [], 'ab'), /holds characters a codename may not/);
  });
});

describe('metagame solution verification (replay)', () => {
  it('counts the moves of a solution that opens the lock', () => {
    assert.deepEqual(verifySolution(PULL, PULL_SOLUTION), { ok: true, value: 7 });
    assert.deepEqual(verifySolution(BALLS, BALLS_SOLUTION), { ok: true, value: 9 });
  });

  it('refuses a solution that does not open the lock, or has moves after it opened', () => {
    refused(verifySolution(PULL, PULL_SOLUTION.slice(0, 6)), /does not open the lock: after its 6 moves/);
    refused(verifySolution(BALLS, PULL_SOLUTION), /does not open the lock/);
    refused(
      verifySolution(PULL, [...PULL_SOLUTION, { tool: 'wait' }]),
      /already open after move 7; move 8 is extra/,
    );
    refused(verifySolution(PULL, []), /empty/);
    refused(verifySolution(PULL, [{ tool: 'hook', dir: 9 }]), /move 1 is not a move/);
    refused(verifySolution(PULL, 'hE hE'), /list of moves/);
    refused(verifySolution(PULL, Array(MAX_SOLUTION_MOVES + 1).fill({ tool: 'wait' })), /more than the/);
  });
});

/** The verdict `verifySolution` must give, found with the lock-picking game's own turns. */
function replayedWithTheGame(lock: Lock, solution: readonly ToolMove[]): Result<number> {
  let state = intricacy.setup(lock, 0);
  for (const [i, move] of solution.entries()) {
    if (state.opened) return { ok: false, error: `already open after move ${i}` };
    state = must(intricacy.play(state, move));
  }
  return state.opened ? { ok: true, value: solution.length } : { ok: false, error: 'not open' };
}

describe('metagame solution verification agrees with the game', () => {
  const TUTORIAL = readdirSync(new URL('../../../locks/tutorial/', import.meta.url))
    .filter((f) => f.endsWith('.lock'))
    .map((f) => load(`tutorial/${f.slice(0, -'.lock'.length)}`));

  it('gives the game’s verdict on every tutorial lock for random move lists and found solutions', () => {
    const solutions = TUTORIAL.map((lock) => {
      const found = solve(lock, { maxStates: 200_000 });
      return found.kind === 'solved' ? found.moves : [];
    });
    assert.ok(solutions.filter((s) => s.length > 0).length >= 8, 'the solver opens most tutorial locks');
    fc.assert(
      fc.property(
        fc.nat(TUTORIAL.length - 1),
        fc.array(fc.constantFrom(...ALL_MOVES), { minLength: 1, maxLength: 40 }),
        fc.nat(40),
        (which, random, cut) => {
          const lock = TUTORIAL[which] as Lock;
          const solved = solutions[which] as ToolMove[];
          // A random list, a found solution, and a found solution cut short or padded.
          for (const list of [random, solved, solved.slice(0, cut), [...solved, ...random]]) {
            if (list.length === 0) continue;
            const expected = replayedWithTheGame(lock, list);
            const got = verifySolution(lock, list);
            assert.equal(got.ok, expected.ok, `${list.length} moves: ${JSON.stringify(got)}`);
            if (got.ok) assert.equal(got.value, list.length);
            else if (!expected.ok && expected.error.startsWith('already open'))
              assert.match(got.error, new RegExp(`^the lock is ${expected.error}`));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('metagame access and scores', () => {
  it('case (ii): declaring a solution accesses the slot, and the empty slots follow (case iii)', () => {
    let w = players('AAA', 'BBB');
    w = place(w, 'BBB', 0);
    w = place(w, 'AAA', 0, BALLS, BALLS_SOLUTION);
    assert.deepEqual(cases(w, 'AAA', 'BBB'), [[], [], []]);
    assert.equal(score(w, 'AAA', 'BBB'), 0);

    w = declare(w, 'AAA', 'BBB', 0);
    assert.deepEqual(cases(w, 'AAA', 'BBB'), [['declared'], ['empty'], ['empty']]);
    assert.deepEqual(points(w, 'AAA', 'BBB'), [true, true, true]);
    assert.equal(score(w, 'AAA', 'BBB'), 3);
    assert.equal(score(w, 'BBB', 'AAA'), -3);

    // A second lock closes BBB's empty slots to AAA again until AAA accesses it too.
    w = place(w, 'BBB', 1);
    assert.deepEqual(cases(w, 'AAA', 'BBB'), [['declared'], [], []]);
    assert.equal(score(w, 'AAA', 'BBB'), 1);
  });

  it('a player with no locks gives everyone access to all three empty slots', () => {
    const w = place(players('AAA', 'BBB'), 'AAA', 2);
    assert.deepEqual(cases(w, 'AAA', 'BBB'), [['empty'], ['empty'], ['empty']]);
    assert.deepEqual(cases(w, 'BBB', 'AAA'), [[], [], []]);
    assert.deepEqual(scoreTable(w), {
      players: ['AAA', 'BBB'],
      scores: [
        [0, 3],
        [-3, 0],
      ],
      totals: [3, -3],
    });
  });

  it('no point for case (ii) when the lock owner has read the note', () => {
    let w = players('AAA', 'BBB');
    w = place(w, 'BBB', 0); // L0
    w = place(w, 'BBB', 1); // L1
    w = place(w, 'AAA', 0); // LA
    const [l0, l1, la] = [lockIn(w, 'BBB', 0), lockIn(w, 'BBB', 1), lockIn(w, 'AAA', 0)];
    w = declare(w, 'AAA', 'BBB', 0); // AAA's note on L0, behind LA
    assert.deepEqual(points(w, 'AAA', 'BBB'), [true, false, false]);
    assert.equal(score(w, 'AAA', 'BBB'), 1);

    // BBB solves LA, securing the note behind L1 (which AAA cannot open): by accessing LA, BBB
    // reads AAA's note on L0, so AAA's access to L0 still holds but is worth nothing.
    w = declare(w, 'BBB', 'AAA', 0, 1);
    assert.ok(readsOf(w, 'BBB').has(noteBy(w, 'AAA', l0)));
    assert.ok(!readsOf(w, 'AAA').has(noteBy(w, 'BBB', la)));
    assert.deepEqual(cases(w, 'AAA', 'BBB'), [['declared'], [], []]);
    assert.deepEqual(points(w, 'AAA', 'BBB'), [false, false, false]);
    assert.deepEqual(cases(w, 'BBB', 'AAA'), [['declared'], ['empty'], ['empty']]);
    assert.deepEqual(points(w, 'BBB', 'AAA'), [true, true, true]);
    assert.equal(score(w, 'AAA', 'BBB'), -3);

    // AAA solves L1 (note behind LA): AAA now reads BBB's note on LA, so BBB's case (ii) on LA
    // earns nothing; BBB reads AAA's note on L1 too (it is behind LA). AAA's empty-slot access
    // to BBB's slot 2 still earns its point.
    w = declare(w, 'AAA', 'BBB', 1);
    assert.ok(readsOf(w, 'AAA').has(noteBy(w, 'BBB', la)));
    assert.deepEqual(cases(w, 'AAA', 'BBB'), [['declared'], ['declared'], ['empty']]);
    assert.deepEqual(points(w, 'AAA', 'BBB'), [false, false, true]);
    assert.deepEqual(points(w, 'BBB', 'AAA'), [false, true, true]);
    assert.equal(score(w, 'AAA', 'BBB'), -1);
    assert.equal(l1, lockIn(w, 'BBB', 1));
  });

  it('case (i): three notes read give access, and reading cascades (here set off by a retirement)', () => {
    let w = players('RRR', 'CCC', 'DDD', 'EEE', 'AAA', 'SSS');
    for (const p of ['RRR', 'CCC', 'DDD', 'EEE', 'AAA', 'SSS']) w = place(w, p, 0);
    const [lr, ls] = [lockIn(w, 'RRR', 0), lockIn(w, 'SSS', 0)];
    w = declare(w, 'RRR', 'SSS', 0); // RRR's note on LS, behind LR
    for (const p of ['CCC', 'DDD', 'EEE']) w = declare(w, p, 'RRR', 0); // three notes on LR
    w = declare(w, 'AAA', 'CCC', 0); // AAA reads CCC's note on LR
    w = declare(w, 'AAA', 'DDD', 0); // … and DDD's: two are not enough
    assert.deepEqual(cases(w, 'AAA', 'RRR'), [[], [], []]);
    const deep = noteBy(w, 'RRR', ls);
    assert.ok(!readsOf(w, 'AAA').has(deep));

    // EEE retires the lock its note is behind: the note becomes public, AAA has read three
    // notes on LR, accesses it, and so reads RRR's note on LS behind it.
    w = must(retireLock(w, 'EEE', 0));
    assert.deepEqual(cases(w, 'AAA', 'RRR'), [['notes'], ['empty'], ['empty']]);
    assert.ok(readsOf(w, 'AAA').has(deep));
    assert.equal(worldView(w, 'AAA').notes[deep]?.solution?.length, 7);
    // Others have read only one or two notes on LR and see nothing behind it.
    assert.deepEqual(cases(w, 'SSS', 'RRR'), [[], [], []]);
    assert.equal('solution' in (worldView(w, 'SSS').notes[deep] ?? {}), false);
    assert.equal('solution' in (worldView(w, null).notes[deep] ?? {}), false);
    assert.equal(w.locks[lr]?.public, false, 'one public note does not make LR public');
  });

  it('three public notes make a lock public: everyone, outsiders included, accesses it', () => {
    let w = players('RRR', 'CCC', 'DDD', 'EEE', 'OOO');
    for (const p of ['RRR', 'CCC', 'DDD', 'EEE']) w = place(w, p, 0);
    const [lr, lc] = [lockIn(w, 'RRR', 0), lockIn(w, 'CCC', 0)];
    w = declare(w, 'RRR', 'CCC', 0); // RRR's note on LC, behind LR
    for (const p of ['CCC', 'DDD', 'EEE']) w = declare(w, p, 'RRR', 0);
    const behindLr = noteBy(w, 'RRR', lc);
    assert.ok(!readsOf(w, 'OOO').has(behindLr));

    // CCC replaces its lock: the old one is retired, the note behind it public and read by all.
    w = place(w, 'CCC', 0, BALLS, BALLS_SOLUTION);
    const cNote = noteBy(w, 'CCC', lr);
    assert.equal(w.locks[lc]?.retired, true);
    assert.notEqual(lockIn(w, 'CCC', 0), lc);
    assert.equal(w.notes[cNote]?.public, true);
    assert.equal(w.notes[cNote]?.behind, lc, 'a note never moves');
    assert.deepEqual(must(noteView(w, null, cNote)).readBy, ['RRR', 'CCC', 'DDD', 'EEE', 'OOO']);
    assert.deepEqual(must(noteView(w, null, cNote)).solution, PULL_SOLUTION);

    w = must(retireLock(w, 'DDD', 0));
    assert.equal(w.locks[lr]?.public, false, 'two public notes do not make a lock public');
    assert.deepEqual(cases(w, 'OOO', 'RRR'), [[], [], []]);
    w = place(w, 'EEE', 0);
    assert.equal(w.locks[lr]?.public, true);
    for (const p of ['CCC', 'DDD', 'EEE', 'OOO']) {
      const mine: AccessCase[] = p === 'OOO' ? ['notes'] : ['notes', 'declared'];
      assert.deepEqual(cases(w, p, 'RRR'), [mine, ['empty'], ['empty']], p);
      assert.ok(readsOf(w, p).has(behindLr), p);
    }
    assert.deepEqual(points(w, 'OOO', 'RRR'), [true, true, true]);
    // OOO has no lock, so RRR accesses OOO's three empty slots as well: the score is even.
    assert.equal(score(w, 'OOO', 'RRR'), 0);
    assert.equal(score(w, 'CCC', 'RRR'), 3);
    // An outsider reads the public notes and, through the public lock, the note behind it.
    assert.deepEqual(must(noteView(w, null, behindLr)).solution, PULL_SOLUTION);
    assert.deepEqual(
      must(lockView(w, null, lr)).accessedBy.map((a) => a.player),
      ['CCC', 'DDD', 'EEE', 'OOO'],
    );

    // Nobody declares on a public lock, and no note is secured behind one.
    w = place(w, 'OOO', 0);
    refused(
      declareSolution(w, 'OOO', lr, lockIn(w, 'OOO', 0), PULL_SOLUTION, replayVerifier),
      /lock \d+ is public: every player accesses it already/,
    );
    refused(
      declareSolution(w, 'RRR', lockIn(w, 'OOO', 0), lr, PULL_SOLUTION, replayVerifier),
      /to declare a solution you need a lock of your own that is not public/,
    );
    w = place(w, 'RRR', 1);
    refused(
      declareSolution(w, 'RRR', lockIn(w, 'OOO', 0), lr, PULL_SOLUTION, replayVerifier),
      /lock \d+ is public: secure the note behind a lock that is not/,
    );
    // The retired locks, newest first.
    assert.deepEqual(
      retiredLocksView(w, null).map((l) => l.owner),
      ['EEE', 'DDD', 'CCC'],
    );
  });
});

describe('metagame refusals', () => {
  const base = (): World => {
    let w = players('AAA', 'BBB', 'CCC');
    w = place(w, 'AAA', 0);
    w = place(w, 'BBB', 0);
    return w;
  };

  it('refuses bad registrations', () => {
    const w = base();
    refused(register(w, 'abc'), /lowercase/);
    refused(register(w, 'AAA'), /the codename AAA is taken/);
  });

  it('refuses bad placements and leaves the world as it was', () => {
    const w = base();
    const before = structuredClone(w);
    refused(placeLock(w, 'ZZZ', 0, PULL, PULL_SOLUTION, replayVerifier), /no player has the codename ZZZ/);
    refused(placeLock(w, 'AAA', 3, PULL, PULL_SOLUTION, replayVerifier), /slot must be 0 to 2, got 3/);
    refused(
      placeLock(w, 'AAA', 1, { ...PULL, size: 99 }, PULL_SOLUTION, replayVerifier),
      /the lock is not valid: lock JSON: size must be/,
    );
    // A ball on the wrench's cell: well-formed JSON, but not a valid lock.
    const crowded: Lock = { ...PULL, pieces: [...PULL.pieces, { kind: 'ball', at: wrenchStart(PULL.size) }] };
    refused(placeLock(w, 'AAA', 1, crowded, PULL_SOLUTION, replayVerifier), /the lock is not valid: .*ball/);
    refused(
      placeLock(w, 'AAA', 1, PULL, [{ tool: 'spanner' }] as unknown as ToolMove[], alreadyVerified),
      /the solution does not check: move 1 is not a move/,
    );
    refused(
      placeLock(w, 'AAA', 1, PULL, PULL_SOLUTION.slice(1), replayVerifier),
      /the solution does not check: the solution does not open the lock/,
    );
    refused(placeLock(w, 'AAA', 1, BALLS, PULL_SOLUTION, replayVerifier), /does not open/);
    refused(retireLock(w, 'AAA', 2), /AAA's third slot is empty: there is no lock to retire/);
    assert.deepEqual(w, before);
  });

  it('refuses bad declarations', () => {
    let w = base();
    const [la, lb] = [lockIn(w, 'AAA', 0), lockIn(w, 'BBB', 0)];
    const d = (solver: string, on: number, behind: number, solution = PULL_SOLUTION) =>
      declareSolution(w, solver, on, behind, solution, replayVerifier);
    refused(d('AAA', la, la), /lock \d+ is your own: you cannot declare a solution on it/);
    refused(d('CCC', la, lb), /you need a lock of your own that is not public to secure the note behind/);
    refused(d('AAA', lb, lb), /lock \d+ is BBB's: a note is secured behind your own lock/);
    refused(d('AAA', 99, la), /there is no lock 99/);
    refused(d('AAA', lb, 99), /there is no lock 99 to secure the note behind/);
    refused(d('ZZZ', lb, la), /no player has the codename ZZZ/);
    refused(d('AAA', lb, la, [...PULL_SOLUTION].reverse()), /the solution does not check/);
    refused(d('AAA', lb, la, PULL_SOLUTION.slice(0, 3)), /does not open/);
    w = must(d('AAA', lb, la));
    refused(d('AAA', lb, la), /you have already declared a solution on lock \d+/);
    // Retired locks: neither solved nor used to secure a note.
    w = place(w, 'CCC', 0);
    const lc = lockIn(w, 'CCC', 0);
    w = place(w, 'AAA', 0); // retires la
    refused(d('CCC', la, lc), /lock \d+ is retired: solutions are declared only on locks in play/);
    refused(d('AAA', lc, la), /lock \d+ is retired: secure the note behind a lock in one of your slots/);
  });

  it('a server may run the replay itself and pass alreadyVerified; the rules still apply', () => {
    const w = base();
    const [la, lb] = [lockIn(w, 'AAA', 0), lockIn(w, 'BBB', 0)];
    assert.ok(verifySolution(PULL, PULL_SOLUTION).ok); // the worker's step
    const next = must(declareSolution(w, 'AAA', lb, la, PULL_SOLUTION, alreadyVerified, { at: 1234 }));
    assert.equal(next.notes[0]?.at, 1234);
    const replaced = must(placeLock(next, 'AAA', 0, PULL, PULL_SOLUTION, alreadyVerified, { at: 1300 }));
    assert.equal(replaced.locks[la]?.retiredAt, 1300);
    assert.equal(replaced.locks[lockIn(replaced, 'AAA', 0)]?.placedAt, 1300);
    assert.equal(replaced.notes[0]?.public, true);
    refused(declareSolution(w, 'AAA', la, la, PULL_SOLUTION, alreadyVerified), /your own/);
  });
});

describe('metagame views', () => {
  it('shows a note only to its readers and a designer solution only to the owner', () => {
    let w = players('AAA', 'BBB', 'CCC');
    w = place(w, 'AAA', 0);
    w = place(w, 'BBB', 0, BALLS, BALLS_SOLUTION);
    const lb = lockIn(w, 'BBB', 0);
    w = declare(w, 'AAA', 'BBB', 0);
    const note = noteBy(w, 'AAA', lb);
    assert.deepEqual(must(noteView(w, 'AAA', note)).solution, BALLS_SOLUTION);
    for (const viewer of ['BBB', 'CCC', null, 'ZZZ']) {
      const v = must(noteView(w, viewer, note));
      assert.equal('solution' in v, false, String(viewer));
      assert.equal(v.read, false);
      assert.equal(v.author, 'AAA', 'who solved what is public');
    }
    assert.deepEqual(must(lockView(w, 'BBB', lb)).solution, BALLS_SOLUTION);
    for (const viewer of ['AAA', 'CCC', null])
      assert.equal('solution' in must(lockView(w, viewer, lb)), false);
    const outsider = JSON.stringify(worldView(w, null));
    assert.ok(!outsider.includes('"solution"'), 'an outsider sees no solution at all');
    const info = must(playerView(w, 'BBB'));
    assert.deepEqual(info.accessedBy, [
      { player: 'AAA', slot: 0, cases: ['declared'], point: true },
      { player: 'AAA', slot: 1, cases: ['empty'], point: true },
      { player: 'AAA', slot: 2, cases: ['empty'], point: true },
    ]);
    assert.deepEqual(must(playerView(w, 'AAA')).notesWritten, [note]);
    refused(playerView(w, 'ZZZ'), /no player has the codename ZZZ/);
    refused(lockView(w, null, 42), /there is no lock 42/);
    refused(noteView(w, null, 42), /there is no note 42/);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random sequences of actions.

const NAMES = ['AAA', 'B>B', '123', '~Z~'];
const DESIGNS: readonly [Lock, ToolMove[]][] = [
  [PULL, PULL_SOLUTION],
  [BALLS, BALLS_SOLUTION],
];
/** kind 0 places a lock, 1 retires one, 2 to 8 declare a solution, 9 declares a wrong one. */
type Step = [kind: number, who: number, a: number, b: number];

/** Slots 0 and 1 are used most, so locks are often replaced and slot 2 is often empty. */
const slotOf = (a: number): number => [0, 0, 1, 1, 2][a % 5] as number;

function act(w: World, [kind, who, a, b]: Step): Result<World> {
  const player = NAMES[who % NAMES.length] as string;
  if (kind === 0) {
    const [lock, solution] = DESIGNS[b % DESIGNS.length] as [Lock, ToolMove[]];
    return placeLock(w, player, slotOf(a), lock, solution, replayVerifier);
  }
  if (kind === 1) return retireLock(w, player, slotOf(a));
  // A declaration aims at a lock the player may declare on, behind a lock they may use (the
  // refusal tests cover the rest), so that notes pile up and locks become public.
  const targets = w.locks.filter(
    (l) =>
      !l.retired &&
      !l.public &&
      l.owner !== player &&
      !w.notes.some((n) => n.on === l.id && n.author === player),
  );
  const mine = w.locks.filter((l) => l.owner === player && !l.retired && !l.public);
  const on = targets[a % Math.max(1, targets.length)];
  const behind = mine[b % Math.max(1, mine.length)];
  if (!on || !behind) return { ok: false, error: 'nothing to declare' };
  const right = DESIGNS.find(([lock]) => sameLock(lock, on.lock))?.[1] ?? [];
  // Kind 9 tries the solution without its last move, which must never be accepted.
  const solution = kind === 9 ? right.slice(0, -1) : right;
  return declareSolution(w, player, on.id, behind.id, solution, replayVerifier);
}

/** Every player starts with a lock in slots 0 and 1. */
const start = (): World =>
  NAMES.reduce(
    (w, n) =>
      [0, 1].reduce((acc, slot) => must(placeLock(acc, n, slot, PULL, PULL_SOLUTION, replayVerifier)), w),
    NAMES.reduce((w, n) => must(register(w, n)), emptyWorld()),
  );

/** Every note a viewer's view shows as read must be derivable, one justified note at a time. */
function checkView(w: World, viewer: string | null): void {
  const summary = worldView(w, viewer);
  assert.deepEqual(JSON.parse(JSON.stringify(summary)), summary, 'a view is plain JSON');
  const who = summary.viewer;
  // Every note and every lock, one view each, indexed by id.
  const v = {
    notes: w.notes.map((n) => must(noteView(w, viewer, n.id))),
    locks: w.locks.map((l) => must(lockView(w, viewer, l.id))),
  };
  const read = new Set(v.notes.filter((n) => n.read).map((n) => n.id));
  for (const n of v.notes) assert.equal('solution' in n, n.read, `note ${n.id} for ${viewer}`);
  for (const l of v.locks) assert.equal('solution' in l, who !== null && l.owner === who, `lock ${l.id}`);
  const opens = (lockId: number, known: Set<number>): boolean => {
    const lock = v.locks[lockId];
    if (!lock || lock.retired) return false;
    const on = v.notes.filter((n) => n.on === lockId);
    return on.some((n) => n.author === who) || on.filter((n) => known.has(n.id)).length >= 3;
  };
  // Closed: whatever the viewer may open, they have read what is behind it.
  for (const n of v.notes) {
    const due = n.author === who || n.public || opens(n.behind, read);
    assert.equal(read.has(n.id), due, `note ${n.id} read by ${viewer}: ${read.has(n.id)}`);
  }
  // Earned: the reads can be ordered so that each follows from those before it.
  const earned = new Set<number>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const id of read) {
      const n = v.notes[id];
      if (!n || earned.has(id)) continue;
      if (n.author === who || n.public || opens(n.behind, earned)) {
        earned.add(id);
        grew = true;
      }
    }
  }
  assert.deepEqual([...earned].sort(), [...read].sort(), `every note ${viewer} read was earned`);
}

function checkWorld(w: World): void {
  for (const p of w.players) {
    assert.equal(p.slots.length, 3);
    for (const [slot, id] of p.slots.entries()) {
      if (id === null) continue;
      const l = w.locks[id];
      assert.ok(l && !l.retired && l.owner === p.codename && l.slot === slot);
    }
  }
  for (const l of w.locks) {
    const inSlot = w.players.some((p) => p.slots.includes(l.id));
    assert.equal(inSlot, !l.retired, `lock ${l.id} is in a slot exactly when it is not retired`);
    assert.equal(l.public, w.notes.filter((n) => n.on === l.id && n.public).length >= 3);
  }
  for (const n of w.notes) {
    assert.equal(
      n.public,
      w.locks[n.behind]?.retired === true,
      `note ${n.id} is public once its lock retires`,
    );
    assert.ok(verifySolution(w.locks[n.on]?.lock as Lock, n.solution).ok, 'every note holds a real solution');
  }
  // Views and scores look only at the accessors: every player with an access is one.
  for (const owner of w.players) {
    const may = new Set(accessorsOf(w, owner).map((p) => p.codename));
    for (const p of w.players)
      if (p !== owner && slotAccesses(w, p.codename, owner).some((s) => s.cases.length > 0))
        assert.ok(may.has(p.codename), `${p.codename} accesses ${owner.codename} but is not an accessor`);
  }
  const table = scoreTable(w);
  for (const [i, row] of table.scores.entries())
    for (const [j, s] of row.entries()) {
      assert.equal(s + (table.scores[j]?.[i] ?? Number.NaN), 0, 'score(A,B) = -score(B,A)');
      assert.equal(s, score(w, table.players[i] as string, table.players[j] as string));
    }
  assert.equal(
    table.totals.reduce((a, b) => a + b, 0),
    0,
  );
}

describe('metagame properties', () => {
  it('random action sequences keep the rules: views hide unread notes, scores are antisymmetric, reads grow, notes never move', () => {
    const step = fc.tuple(fc.nat(9), fc.nat(3), fc.nat(20), fc.nat(20));
    const seen = { notes: 0, publicNotes: 0, publicLocks: 0, byNotes: 0, caveats: 0 };
    fc.assert(
      fc.property(fc.array(step, { minLength: 10, maxLength: 40, size: 'max' }), (steps) => {
        let w = start();
        for (const s of steps) {
          const r = act(w, s as Step);
          if (s[0] === 9) assert.equal(r.ok, false, 'a wrong solution is never accepted');
          if (!r.ok) continue;
          const next = r.value;
          for (const p of NAMES)
            for (const id of readsOf(w, p)) assert.ok(readsOf(next, p).has(id), `${p} forgets nothing`);
          w.notes.forEach((n, i) => {
            const m = next.notes[i];
            assert.deepEqual(
              { author: m?.author, on: m?.on, behind: m?.behind, solution: m?.solution },
              { author: n.author, on: n.on, behind: n.behind, solution: n.solution },
            );
          });
          w = next;
        }
        checkWorld(w);
        for (const viewer of [...NAMES, null, 'ZZZ']) checkView(w, viewer);
        const access = accessTable(w);
        seen.notes += w.notes.length;
        seen.publicNotes += w.notes.filter((n) => n.public).length;
        seen.publicLocks += w.locks.filter((l) => l.public).length;
        seen.byNotes += access.filter((a) => a.cases.includes('notes')).length;
        seen.caveats += access.filter((a) => a.cases.length > 0 && !a.point).length;
      }),
      { numRuns: 100, seed: 7 },
    );
    // The sequences reach the interesting states, so the checks above were not vacuous.
    for (const [what, count] of Object.entries(seen)) assert.ok(count > 0, `no run reached any ${what}`);
  });
});

/**
 * The metagame's views at scale: every view is a page whose size does not grow with the number
 * of players; pages put together give the whole lists; and what is carried from one world to the
 * next (reads, the score ranking) equals a computation from scratch.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { Result } from '../game.ts';
import type { Lock } from './lock.ts';
import {
  alreadyVerified,
  computeReads,
  declareSolution,
  emptyWorld,
  lockView,
  notesPage,
  noteView,
  PAGE,
  placeLock,
  playersPage,
  playerView,
  readsOf,
  register,
  retiredLocksView,
  retiredPage,
  retireLock,
  pairScore as scoreOf,
  scorePage,
  scoreRanking,
  type World,
  worldView,
} from './metagame.ts';
import type { ToolMove } from './physics.ts';
import { collectionLock, moveList } from './test-fixtures.ts';

const must = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
const LOCK: Lock = collectionLock('tutorial/05-hook');
const SOLUTION: ToolMove[] = moveList('hE hE hNE hNE hNE h+ hW');
const name = (i: number) =>
  `${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}9`;

/**
 * `players` players, the first `locked` with three locks each and solutions declared on three
 * others' locks; the rest without a lock, opening their empty slots to everyone.
 */
function community(players: number, locked: number): World {
  let w = emptyWorld();
  for (let p = 0; p < players; p++) {
    w = must(register(w, name(p)));
    for (let slot = 0; p < locked && slot < 3; slot++)
      w = must(placeLock(w, name(p), slot, LOCK, SOLUTION, alreadyVerified));
  }
  for (let p = 0; p < locked; p++)
    for (let k = 1; k <= 3; k++) {
      const on = (3 * (p + 7 * k) + k) % (3 * locked);
      const next = declareSolution(w, name(p), on, 3 * p, SOLUTION, alreadyVerified);
      if (next.ok) w = next.value;
    }
  return must(retireLock(w, name(1), 0));
}

const bytes = (x: unknown) => Buffer.byteLength(JSON.stringify(x));

/** The size of each view a reader looks at, in bytes. */
function viewSizes(w: World): Record<string, number> {
  const me = name(0);
  const lockless = name(w.players.length - 1);
  return {
    world: bytes(worldView(w, me)),
    own: bytes(must(playerView(w, me, me))),
    lockless: bytes(must(playerView(w, lockless, me))),
    lock: bytes(must(lockView(w, me, 3))),
    players: bytes(playersPage(w, me, { offset: 10 })),
    scores: bytes(scorePage(w, { offset: 10 })),
    retired: bytes(retiredPage(w, me)),
    notes: bytes(notesPage(w, null)),
    publicNote: bytes(
      must(
        noteView(
          w,
          null,
          w.notes.findIndex((n) => n.public),
        ),
      ),
    ),
  };
}

describe('metagame views at scale', () => {
  it('a view is no larger with eight times the players (the lockless ones opening their slots to all)', () => {
    const small = viewSizes(community(60, 45));
    const large = viewSizes(community(480, 360));
    for (const [view, size] of Object.entries(large)) {
      const before = small[view] as number;
      // Codenames and ids grow by a character or two: allow a tenth more, nothing like 8×.
      assert.ok(size <= before * 1.1 + 200, `${view}: ${before} bytes at 60 players, ${size} at 480`);
      assert.ok(size < 100 * 1024, `${view}: ${size} bytes`);
    }
  });

  it('pages put together give every player, note, retired lock, score and reader, in order', () => {
    const w = community(70, 50);
    const me = name(3);
    const collect = <T>(page: (offset: number) => { count: number; items: readonly T[] }): T[] => {
      const all: T[] = [];
      for (let offset = 0; ; ) {
        const { count, items } = page(offset);
        all.push(...items);
        offset += items.length;
        if (offset >= count || items.length === 0) {
          assert.equal(all.length, count);
          return all;
        }
      }
    };
    const players = collect((offset) => {
      const p = playersPage(w, me, { offset });
      return { count: p.count, items: p.players };
    });
    assert.deepEqual(
      players.map((p) => p.codename),
      w.players.map((p) => p.codename),
    );
    for (const p of players.slice(0, 12))
      assert.deepEqual(p, must(playerView(w, p.codename, me, { limit: 10 })));
    const notes = collect((offset) => {
      const p = notesPage(w, me, { offset, limit: 7 });
      return { count: p.count, items: p.notes };
    });
    assert.deepEqual(
      notes.map((n) => n.id),
      w.notes.map((n) => n.id),
    );
    const read = collect((offset) => {
      const p = notesPage(w, me, { offset, limit: 3, read: true });
      return { count: p.count, items: p.notes };
    });
    assert.deepEqual(
      read.map((n) => n.id),
      [...readsOf(w, me)].sort((a, b) => a - b),
    );
    assert.ok(read.every((n) => n.read && n.solution));
    const retired = collect((offset) => {
      const p = retiredPage(w, me, { offset, limit: 1 });
      return { count: p.count, items: p.locks };
    });
    assert.deepEqual(
      retired,
      retiredLocksView(w, me).map((l) => ({ ...l, accessedBy: l.accessedBy.slice(0, 10) })),
    );
    // Who reads a public note (everyone) and who accesses a lockless player's slots, page by page.
    const publicNote = w.notes.findIndex((n) => n.public);
    const readers = collect((offset) => {
      const v = must(noteView(w, null, publicNote, { offset, limit: 9 }));
      return { count: v.readers, items: v.readBy };
    });
    assert.deepEqual(
      readers,
      w.players.map((p) => p.codename),
    );
    const lockless = name(69);
    const accessors = collect((offset) => {
      const v = must(playerView(w, lockless, null, { offset, limit: 8 }));
      return { count: v.accessors, items: [...new Set(v.accessedBy.map((a) => a.player))] };
    });
    assert.deepEqual(
      accessors,
      w.players.map((p) => p.codename).filter((c) => c !== lockless),
    );
    // The score table, block by block, is the whole table with players ranked by total.
    const { totals, order } = scoreRanking(w);
    const limit = 9;
    for (let offset = 0; offset < w.players.length; offset += limit)
      for (let columns = 0; columns < w.players.length; columns += limit) {
        const block = scorePage(w, { offset, limit, columnOffset: columns });
        assert.deepEqual(
          block.players,
          order.slice(offset, offset + limit).map((i) => w.players[i]?.codename),
        );
        assert.deepEqual(
          block.totals,
          order.slice(offset, offset + limit).map((i) => totals[i]),
        );
        for (const [i, row] of block.scores.entries())
          for (const [j, s] of row.entries())
            assert.equal(s, pairScore(w, block.players[i] as string, block.columns[j] as string));
      }
    for (let k = 1; k < order.length; k++)
      assert.ok((totals[order[k - 1] as number] as number) >= (totals[order[k] as number] as number));
  });
});

// ---------------------------------------------------------------------------------------------
// A reference computed from scratch, written from the rules alone (docs/intricacy.md, "The metagame").

function pointsFromScratch(w: World, reads: Map<string, Set<number>>, x: string, owner: string): number {
  const o = w.players.find((p) => p.codename === owner);
  if (!o || x === owner) return 0;
  const xReads = reads.get(x) as Set<number>;
  const filled = o.slots.map((id) => {
    if (id === null) return undefined;
    const on = w.notes.filter((n) => n.on === id);
    const byNotes = on.filter((n) => xReads.has(n.id)).length >= 3;
    const mine = on.find((n) => n.author === x);
    return { access: byNotes || !!mine, point: byNotes || (!!mine && !reads.get(owner)?.has(mine.id)) };
  });
  const all = filled.every((f) => f === undefined || f.access);
  return filled.filter((f) => (f === undefined ? all : f.point)).length;
}

function totalsFromScratch(w: World): number[] {
  const reads = new Map(w.players.map((p) => [p.codename, computeReads(w, p.codename)]));
  const points = (a: string, b: string) => pointsFromScratch(w, reads, a, b);
  return w.players.map((a) =>
    w.players.reduce((s, b) => s + points(a.codename, b.codename) - points(b.codename, a.codename), 0),
  );
}

function pairScore(w: World, a: string, b: string): number {
  const reads = new Map(w.players.map((p) => [p.codename, computeReads(w, p.codename)]));
  return pointsFromScratch(w, reads, a, b) - pointsFromScratch(w, reads, b, a);
}

/** kind 0 registers, 1 places, 2 retires, 3 to 9 declare. */
type Step = [kind: number, who: number, a: number, b: number];

function step(w: World, [kind, who, a, b]: Step): Result<World> {
  if (kind === 0 || w.players.length === 0) return register(w, name(w.players.length));
  const player = (w.players[who % w.players.length] as { codename: string }).codename;
  if (kind === 1) return placeLock(w, player, a % 3, LOCK, SOLUTION, alreadyVerified);
  if (kind === 2) return retireLock(w, player, a % 3);
  const targets = w.locks.filter((l) => !l.retired && !l.public && l.owner !== player);
  const mine = w.locks.filter((l) => l.owner === player && !l.retired && !l.public);
  const on = targets[a % Math.max(1, targets.length)];
  const behind = mine[b % Math.max(1, mine.length)];
  if (!on || !behind) return { ok: false, error: 'nothing to declare' };
  return declareSolution(w, player, on.id, behind.id, SOLUTION, alreadyVerified);
}

describe('metagame: what is carried from world to world', () => {
  it('reads and score totals, carried through each action, equal a computation from scratch', () => {
    const seen = { registered: 0, declared: 0, retired: 0, nonzero: 0 };
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(9), fc.nat(30), fc.nat(30), fc.nat(30)), { minLength: 20, maxLength: 60 }),
        fc.nat(3),
        (steps, every) => {
          let w = emptyWorld();
          for (const [i, s] of steps.entries()) {
            const next = step(w, s as Step);
            if (!next.ok) continue;
            w = next.value;
            seen.registered += s[0] === 0 ? 1 : 0;
            seen.declared += s[0] >= 3 ? 1 : 0;
            seen.retired += s[0] === 2 ? 1 : 0;
            // Look at some worlds and not others, as a server's readers do: what is carried then
            // comes from a world looked at a few actions back, or from nothing.
            if (i % (every + 1) !== 0) continue;
            const { totals } = scoreRanking(w);
            assert.deepEqual(totals, totalsFromScratch(w));
            seen.nonzero += totals.some((t) => t !== 0) ? 1 : 0;
            for (const p of [...w.players.map((p) => p.codename), null])
              assert.deepEqual(
                [...readsOf(w, p)].sort((x, y) => x - y),
                [...computeReads(w, p)].sort((x, y) => x - y),
              );
          }
        },
      ),
      { numRuns: 60, seed: 11 },
    );
    for (const [what, count] of Object.entries(seen)) assert.ok(count > 0, `no run had any ${what}`);
  });
});

describe('metagame: what is carried through retirements', () => {
  it('from eight players with full slots, declarations and retirements carried step by step equal a computation from scratch', () => {
    const seen = { published: 0, commonAccess: 0 };
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 9 }), fc.nat(30), fc.nat(30), fc.nat(30)), {
          minLength: 30,
          maxLength: 80,
        }),
        (steps) => {
          let w = emptyWorld();
          for (let p = 0; p < 8; p++) {
            w = must(register(w, name(p)));
            for (let slot = 0; slot < 3; slot++)
              w = must(placeLock(w, name(p), slot, LOCK, SOLUTION, alreadyVerified));
          }
          scoreRanking(w);
          for (const s of steps) {
            // Retirements (kinds 1 and 2) as often as declarations, so notes become public.
            const next = step(w, [s[0] <= 4 ? 1 + (s[0] % 2) : s[0], s[1], s[2], s[3]]);
            if (!next.ok) continue;
            w = next.value;
            assert.deepEqual(scoreRanking(w).totals, totalsFromScratch(w));
            const reads = new Map(w.players.map((p) => [p.codename, computeReads(w, p.codename)]));
            for (const a of w.players)
              for (const b of w.players)
                assert.equal(
                  scoreOf(w, a.codename, b.codename),
                  pointsFromScratch(w, reads, a.codename, b.codename) -
                    pointsFromScratch(w, reads, b.codename, a.codename),
                );
            for (const p of [...w.players.map((p) => p.codename), null])
              assert.deepEqual(
                [...readsOf(w, p)].sort((x, y) => x - y),
                [...computeReads(w, p)].sort((x, y) => x - y),
              );
          }
          seen.published += w.notes.filter((n) => n.public).length;
          seen.commonAccess += w.locks.filter((l) => !l.retired && notesPublicOn(w, l.id) >= 3).length;
        },
      ),
      { numRuns: 40, seed: 5 },
    );
    for (const [what, count] of Object.entries(seen)) assert.ok(count > 0, `no run had any ${what}`);
  });
});

const notesPublicOn = (w: World, lockId: number) => w.notes.filter((n) => n.on === lockId && n.public).length;

describe('metagame page requests', () => {
  it('brings a page request into range', () => {
    const w = community(30, 20);
    assert.equal(playersPage(w, null, { limit: 1000 }).players.length, PAGE.players.max);
    assert.equal(playersPage(w, null, { offset: -5 }).offset, 0);
    assert.deepEqual(playersPage(w, null, { offset: 999 }).players, []);
    assert.equal(scorePage(w, { limit: 0 }).players.length, 1);
  });
});

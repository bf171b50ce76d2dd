/**
 * Who reads what and who accesses which slot (seed 001's metagame rules):
 * a player accesses a slot when (i) they have read three notes on its lock, (ii) they solved it
 * and declared the solution, or (iii) it is empty and they access all the owner's non-empty
 * slots. Accessing a lock reads every note secured behind it, so reading cascades: a player's
 * reads are the least fixpoint, computed per player (one player's reads never depend on
 * another's). Notes are read by their author, and public notes by everyone.
 *
 * What makes this cheap with thousands of players: everyone reads the public notes and what they
 * open (the "common" reads, an outsider's), and a player who wrote no note reads exactly that.
 * So reads are kept as the common part plus, per author, what the author reads beyond it; and a
 * player accesses an owner's slots exactly as an outsider does unless they wrote or read beyond
 * the common part a note on one of the owner's locks (they "touch" the owner). Views and scores
 * then cost the players and the notes, never their product.
 */
import {
  findPlayer,
  type MetaLock,
  type MetaPlayer,
  NOTES_TO_ACCESS,
  type Note,
  playerPosition,
  type World,
} from './metagame-world.ts';

/** How a player accesses a slot: (i) notes read, (ii) solved and declared, (iii) empty slot. */
export type AccessCase = 'notes' | 'declared' | 'empty';

export interface SlotAccess {
  readonly player: string;
  readonly owner: string;
  readonly slot: number;
  /** The lock in the slot, or null when it is empty. */
  readonly lock: number | null;
  /** Every case that holds (empty when the player does not access the slot). */
  readonly cases: readonly AccessCase[];
  /**
   * Whether the access earns the player a point against the owner: any case but (ii) alone when
   * the owner has read the player's note on the lock (seed 001).
   */
  readonly point: boolean;
}

/**
 * Note ids by the lock they are on, the lock they are behind, and their author. Notes never move
 * and these never change, so one index serves a notes list and every later one made from it (an
 * id counts only below the list's length); it is extended in place while no other list was made
 * from the same one, and copied when one was.
 */
interface NoteIndex {
  length: number;
  readonly on: Map<number, number[]>;
  readonly behind: Map<number, number[]>;
  readonly by: Map<string, number[]>;
}
const noteIndexes = new WeakMap<readonly Note[], NoteIndex>();
function add<K>(map: Map<K, number[]>, key: K, id: number): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}
function addNote(index: NoteIndex, n: Note): void {
  add(index.on, n.on, n.id);
  add(index.behind, n.behind, n.id);
  add(index.by, n.author, n.id);
  index.length = n.id + 1;
}
function noteIndex(notes: readonly Note[]): NoteIndex {
  let index = noteIndexes.get(notes);
  if (!index) {
    index = { length: 0, on: new Map(), behind: new Map(), by: new Map() };
    for (const n of notes) addNote(index, n);
    noteIndexes.set(notes, index);
  }
  return index;
}

/**
 * Record that `next` holds the notes of `notes` (perhaps made public) and perhaps one more at
 * the end (metagame-actions.ts calls it for every new notes list).
 */
export function sameNotes(notes: readonly Note[], next: readonly Note[]): void {
  const index = noteIndexes.get(notes);
  if (!index) return;
  if (next.length === notes.length) noteIndexes.set(next, index);
  else if (index.length === notes.length && next.length === notes.length + 1) {
    addNote(index, next[notes.length] as Note);
    noteIndexes.set(next, index);
  }
}

function notesAt(world: World, ids: readonly number[] | undefined): Note[] {
  const out: Note[] = [];
  for (const id of ids ?? []) if (id < world.notes.length) out.push(world.notes[id] as Note);
  return out;
}

/** The notes on a lock (its declared solutions) and the notes secured behind it, oldest first. */
export const notesOn = (world: World, lockId: number): readonly Note[] =>
  notesAt(world, noteIndex(world.notes).on.get(lockId));
export const notesBehind = (world: World, lockId: number): readonly Note[] =>
  notesAt(world, noteIndex(world.notes).behind.get(lockId));
export const notesBy = (world: World, author: string): readonly Note[] =>
  notesAt(world, noteIndex(world.notes).by.get(author));
/** The authors of notes, in the order of their first note. */
const authors = (world: World): string[] =>
  [...noteIndex(world.notes).by.keys()].filter((a) => notesBy(world, a).length > 0);

/** Reads closed under accessing: the notes read, the locks opened, per lock the notes on it read. */
interface Closure {
  readonly read: Set<number>;
  readonly opened: Set<number>;
  readonly known: Map<number, number>;
}
const NOTHING: Closure = { read: new Set(), opened: new Set(), known: new Map() };

/**
 * The least closure holding `start` and `base`, opening the locks `declared` on (case ii), with
 * every lock it has read three notes on opened (case i); returned as what it adds to `base`.
 * A work list makes it linear in what it adds.
 */
function close(world: World, base: Closure, start: Iterable<Note>, declared: Iterable<number>): Closure {
  const read = new Set<number>();
  const opened = new Set<number>();
  const known = new Map<number, number>();
  const work: Note[] = [];
  const readNote = (n: Note) => {
    if (base.read.has(n.id) || read.has(n.id)) return;
    read.add(n.id);
    work.push(n);
  };
  const open = (lockId: number) => {
    if (base.opened.has(lockId) || opened.has(lockId) || world.locks[lockId]?.retired !== false) return;
    opened.add(lockId);
    for (const n of notesBehind(world, lockId)) readNote(n);
  };
  for (const n of start) readNote(n);
  for (const lockId of declared) open(lockId);
  for (let n = work.pop(); n; n = work.pop()) {
    const count = (known.get(n.on) ?? 0) + 1;
    known.set(n.on, count);
    if (count + (base.known.get(n.on) ?? 0) >= NOTES_TO_ACCESS) open(n.on);
  }
  return { read, opened, known };
}

/** Everyone's reads: the common part, and per author what they read beyond it. */
interface Reads {
  readonly common: Closure;
  readonly beyond: Map<string, Closure>;
  /** note id → the authors who read it beyond the common part (registration order not kept). */
  readers?: Map<number, Set<string>>;
  /** owner → the other players who touch them (see touchersOf). */
  touchers?: Map<string, Set<string>>;
  /** When made from the reads before by one declaration: those reads, and whose changed. */
  readonly declared?: { readonly before: Reads; readonly affected: readonly string[]; readonly note: Note };
}
const readsByWorld = new WeakMap<World, Reads>();

function authorReads(world: World, common: Closure, author: string): Closure {
  const own = notesBy(world, author);
  return close(
    world,
    common,
    own,
    own.map((n) => n.on),
  );
}

function computeAllReads(world: World): Reads {
  const common = close(
    world,
    NOTHING,
    world.notes.filter((n) => n.public),
    [],
  );
  const beyond = new Map<string, Closure>();
  for (const author of authors(world)) beyond.set(author, authorReads(world, common, author));
  return { common, beyond };
}

/**
 * How a world was made from the one before, when that lets its reads be carried over instead of
 * computed afresh: `same` (a registration, or a lock placed in an empty slot: no note is on or
 * behind it, and no lock retired), or `declared` (one new note, not public).
 */
export type Lineage = { readonly from: World } & (
  | { readonly change: 'registered' }
  | { readonly change: 'placed'; readonly owner: MetaPlayer }
  | { readonly change: 'declared'; readonly note: Note }
);
/** The reads of the world before, when they were computed (never the world: it may be let go). */
const lineages = new WeakMap<World, { readonly before: Reads; readonly note?: Note }>();
/**
 * Record how `world` was made (metagame-actions.ts does, for every action it can): what was
 * computed for the world before is then carried over rather than computed afresh.
 */
export function recordLineage(world: World, lineage: Lineage): World {
  const before = readsByWorld.get(lineage.from);
  if (before)
    lineages.set(world, { before, ...(lineage.change === 'declared' ? { note: lineage.note } : {}) });
  const ranking = memos.get(lineage.from)?.ranking;
  if (ranking)
    rankedBefore.set(world, {
      ranking,
      ...(lineage.change === 'placed' ? { owner: lineage.owner } : {}),
      declared: lineage.change === 'declared',
    });
  return world;
}

function readsOfWorld(world: World): Reads {
  let reads = readsByWorld.get(world);
  if (reads) return reads;
  const lineage = lineages.get(world);
  if (!lineage) reads = computeAllReads(world);
  else if (lineage.note) reads = afterDeclaring(world, lineage.before, lineage.note);
  else reads = lineage.before;
  readsByWorld.set(world, reads);
  return reads;
}

/**
 * A new note (not public) changes the reads of its author and of whoever opens the lock it is
 * behind, and nobody else's; unless everyone opens that lock, when the common part grows.
 */
function afterDeclaring(world: World, before: Reads, note: Note): Reads {
  if (before.common.opened.has(note.behind)) return computeAllReads(world);
  const beyond = new Map(before.beyond);
  const affected = [note.author];
  for (const [author, closure] of before.beyond)
    if (closure.opened.has(note.behind) && author !== note.author) affected.push(author);
  for (const author of affected) beyond.set(author, authorReads(world, before.common, author));
  const reads: Reads = { common: before.common, beyond, declared: { before, affected, note } };
  // Who reads what and who touches whom change only for the affected authors.
  if (before.readers) {
    const readers = new Map(before.readers);
    const change = (id: number, edit: (set: Set<string>) => void) => {
      const set = new Set(readers.get(id));
      edit(set);
      readers.set(id, set);
    };
    for (const author of affected) {
      for (const id of before.beyond.get(author)?.read ?? []) change(id, (set) => set.delete(author));
      for (const id of beyond.get(author)?.read ?? []) change(id, (set) => set.add(author));
    }
    reads.readers = readers;
  }
  if (before.touchers) {
    const touchers = new Map(before.touchers);
    const change = (owner: string, edit: (set: Set<string>) => void) => {
      const set = new Set(touchers.get(owner));
      edit(set);
      touchers.set(owner, set);
    };
    for (const author of affected) {
      for (const owner of touchedBy(world, before, author, note.id)) change(owner, (set) => set.delete(author));
      for (const owner of touchedBy(world, reads, author, world.notes.length)) change(owner, (set) => set.add(author));
    }
    reads.touchers = touchers;
  }
  return reads;
}

/** Everyone who is not an author reads the common part only. */
const beyondOf = (world: World, who: string | null): Closure =>
  (who !== null && readsOfWorld(world).beyond.get(who)) || NOTHING;

/** Whether `who` (an outsider: null) has read note `id`. */
export function hasRead(world: World, who: string | null, id: number): boolean {
  return readsOfWorld(world).common.read.has(id) || beyondOf(world, who).read.has(id);
}

/** How many notes on a lock `who` has read. */
function knownOn(world: World, who: string | null, lockId: number): number {
  return (readsOfWorld(world).common.known.get(lockId) ?? 0) + (beyondOf(world, who).known.get(lockId) ?? 0);
}

/**
 * The notes `who` has read (an outsider: null), from the world's locks and notes alone: the
 * least set holding their own notes and the public notes and closed under accessing a lock.
 * Computed from scratch: the reference the shared computation above must agree with.
 */
export function computeReads(world: World, who: string | null): Set<number> {
  const all = close(
    world,
    NOTHING,
    world.notes.filter((n) => n.public || n.author === who),
    world.notes.filter((n) => n.author === who).map((n) => n.on),
  );
  return all.read;
}

/** A player's reads (for anyone not registered, an outsider's), as one set. */
export function readsOf(world: World, who: string | null): Set<number> {
  const key = who !== null && findPlayer(world, who) ? who : null;
  return new Set([...readsOfWorld(world).common.read, ...beyondOf(world, key).read]);
}

/** How many notes `who` has read. */
export const readCount = (world: World, who: string | null): number =>
  readsOfWorld(world).common.read.size + beyondOf(world, who).read.size;

/** The players who have read note `id`, in registration order, from `from` on, at most `limit`. */
export function readersOf(
  world: World,
  id: number,
  from = 0,
  limit = Number.POSITIVE_INFINITY,
): {
  readonly readers: readonly string[];
  readonly count: number;
} {
  const reads = readsOfWorld(world);
  if (reads.common.read.has(id)) {
    const readers = world.players.slice(from, from + limit).map((p) => p.codename);
    return { readers, count: world.players.length };
  }
  if (!reads.readers) {
    const readers = new Map<number, Set<string>>();
    for (const [author, closure] of reads.beyond)
      for (const n of closure.read) {
        const set = readers.get(n) ?? new Set<string>();
        set.add(author);
        readers.set(n, set);
      }
    reads.readers = readers;
  }
  const all = inOrder(world, reads.readers.get(id) ?? []);
  return { readers: all.slice(from, from + limit), count: all.length };
}

/** Codenames in registration order. */
const inOrder = (world: World, names: Iterable<string>): string[] =>
  [...names].sort((a, b) => (playerPosition(world, a) ?? 0) - (playerPosition(world, b) ?? 0));

/**
 * Owner → the other players whose access to the owner's slots may not be an outsider's: those
 * who open one of the owner's locks beyond the common part (a lock in play is accessed by case
 * (i) or (ii) exactly when it is opened), or declared on one (the cases then differ).
 */
function touchersOf(world: World, owner: string): ReadonlySet<string> | undefined {
  return touchersWith(world, readsOfWorld(world), world.notes.length).get(owner);
}

/** The touchers map for `reads`, whose notes are those with ids below `notesBelow`. */
function touchersWith(world: World, reads: Reads, notesBelow: number): Map<string, Set<string>> {
  if (!reads.touchers) {
    const touchers = new Map<string, Set<string>>();
    for (const author of reads.beyond.keys())
      for (const owner of touchedBy(world, reads, author, notesBelow)) {
        const set = touchers.get(owner) ?? new Set<string>();
        set.add(author);
        touchers.set(owner, set);
      }
    reads.touchers = touchers;
  }
  return reads.touchers;
}

/** The owners an author touches with `reads` and their notes with ids below `notesBelow`. */
function touchedBy(world: World, reads: Reads, author: string, notesBelow: number): Set<string> {
  const owners = new Set<string>();
  const touch = (lockId: number) => {
    const lockOwner = world.locks[lockId]?.owner;
    if (lockOwner !== undefined && lockOwner !== author) owners.add(lockOwner);
  };
  for (const n of notesBy(world, author)) if (n.id < notesBelow) touch(n.on);
  for (const lockId of reads.beyond.get(author)?.opened ?? []) touch(lockId);
  return owners;
}

/** The cases by which a reader accesses a lock (not through the empty-slot case). */
export function lockCases(world: World, lock: MetaLock, who: string | null): AccessCase[] {
  if (lock.retired) return [];
  const cases: AccessCase[] = [];
  if (knownOn(world, who, lock.id) >= NOTES_TO_ACCESS) cases.push('notes');
  if (who !== null && notesOn(world, lock.id).some((n) => n.author === who)) cases.push('declared');
  return cases;
}

/** Per world: pair accesses asked for, and each owner's slots as an outsider accesses them. */
interface AccessMemo {
  readonly pairs: Map<string, Map<string, SlotAccess[]>>;
  readonly outsider: Map<string, SlotAccess[]>;
  ranking?: ScoreRanking;
}
const memos = new WeakMap<World, AccessMemo>();
function memoOf(world: World): AccessMemo {
  let memo = memos.get(world);
  if (!memo) {
    memo = { pairs: new Map(), outsider: new Map() };
    memos.set(world, memo);
  }
  return memo;
}

/** The access to `owner`'s slots of a player whose reads are the common part and who wrote none. */
function outsiderAccesses(world: World, owner: MetaPlayer): SlotAccess[] {
  const memo = memoOf(world).outsider;
  let result = memo.get(owner.codename);
  if (!result) {
    result = computeSlotAccesses(world, null, owner);
    memo.set(owner.codename, result);
  }
  return result;
}

/** `player`'s access to each of `owner`'s slots (in slot order). */
export function slotAccesses(world: World, player: string, owner: MetaPlayer): SlotAccess[] {
  if (player !== owner.codename && !touchersOf(world, owner.codename)?.has(player))
    return outsiderAccesses(world, owner).map((s) => ({ ...s, player }));
  const memo = memoOf(world).pairs;
  let byOwner = memo.get(player);
  if (!byOwner) {
    byOwner = new Map();
    memo.set(player, byOwner);
  }
  let result = byOwner.get(owner.codename);
  if (!result) {
    result = computeSlotAccesses(world, player, owner);
    byOwner.set(owner.codename, result);
  }
  return result;
}

function computeSlotAccesses(world: World, player: string | null, owner: MetaPlayer): SlotAccess[] {
  const filled = owner.slots.map((id) => {
    if (id === null) return undefined;
    const lock = world.locks[id] as MetaLock;
    const cases = lockCases(world, lock, player);
    const note = player === null ? undefined : notesOn(world, id).find((n) => n.author === player);
    const point =
      cases.includes('notes') ||
      (cases.includes('declared') && !hasRead(world, owner.codename, note?.id ?? -1));
    return { cases, point };
  });
  const all = filled.every((f) => f === undefined || f.cases.length > 0);
  return owner.slots.map((id, slot) => {
    const f = filled[slot];
    const base = { player: player ?? '', owner: owner.codename, slot, lock: id };
    if (f) return { ...base, ...f };
    return all ? { ...base, cases: ['empty'], point: true } : { ...base, cases: [], point: false };
  });
}

/** Whether every other player accesses some slot of `owner`'s (an outsider does). */
export const openToAll = (world: World, owner: MetaPlayer): boolean =>
  outsiderAccesses(world, owner).some((s) => s.cases.length > 0);

/**
 * The players who may access some slot of `owner`'s, in registration order: everyone else when
 * an outsider accesses one; else those who touch the owner (nobody else can).
 */
export function accessorsOf(world: World, owner: MetaPlayer): readonly MetaPlayer[] {
  if (openToAll(world, owner)) return world.players.filter((p) => p !== owner);
  return inOrder(world, touchersOf(world, owner.codename) ?? []).map(
    (c) => findPlayer(world, c) as MetaPlayer,
  );
}

/** Every player's access to every other player's slots, accessed or not (small worlds, tests). */
export function accessTable(world: World): SlotAccess[] {
  return world.players.flatMap((a) =>
    world.players.filter((b) => b !== a).flatMap((b) => slotAccesses(world, a.codename, b)),
  );
}

const pointsOf = (accesses: readonly SlotAccess[]): number => accesses.filter((s) => s.point).length;

/**
 * How many of `owner`'s slots `who` accesses for a point (as slotAccesses counts them) with
 * `reads`, whose notes are those with ids below `notesBelow` (a world before a declaration).
 */
function pointsWith(world: World, reads: Reads, who: string, owner: MetaPlayer, notesBelow: number): number {
  const { common } = reads;
  const beyond = reads.beyond.get(who) ?? NOTHING;
  const mine = notesBy(world, who);
  let points = 0;
  let all = true;
  let empty = 0;
  for (const id of owner.slots) {
    if (id === null) {
      empty++;
      continue;
    }
    const byNotes = (common.known.get(id) ?? 0) + (beyond.known.get(id) ?? 0) >= NOTES_TO_ACCESS;
    const note = byNotes ? undefined : mine.find((n) => n.on === id && n.id < notesBelow);
    if (byNotes) points++;
    else if (note) {
      const ownerRead = common.read.has(note.id) || reads.beyond.get(owner.codename)?.read.has(note.id);
      if (!ownerRead) points++;
    } else all = false;
  }
  return all ? points + empty : points;
}

/** A's score against B: B's slots A accesses for a point minus A's slots B accesses for one. */
export function score(world: World, a: string, b: string): number {
  const pa = findPlayer(world, a);
  const pb = findPlayer(world, b);
  if (!pa || !pb || a === b) return 0;
  return pointsOf(slotAccesses(world, a, pb)) - pointsOf(slotAccesses(world, b, pa));
}

/**
 * The ranking of the world before, when this one was made by registering (no pair's points
 * change), placing a lock in an empty slot (only the pairs with that owner change), or declaring
 * (only the pairs with an author whose reads changed).
 */
const rankedBefore = new WeakMap<
  World,
  { readonly ranking: ScoreRanking; readonly owner?: MetaPlayer; readonly declared: boolean }
>();

/** Every player's total, and the players ranked by it (best first, then in registration order). */
export interface ScoreRanking {
  /** Each owner's points from an outsider, and each player's total difference from the outsider's. */
  readonly outsider: readonly number[];
  readonly corrections: readonly number[];
  /** Totals by registration position. */
  readonly totals: readonly number[];
  /** Registration positions, best total first. */
  readonly order: readonly number[];
  /** Each registration position's place in `order`. */
  readonly ranks: readonly number[];
}

/**
 * The totals, built once per world from each owner's outsider points and the toucher pairs:
 * a player's points against an owner are the outsider's unless they touch the owner, so
 * total(x) = Σ_o u(o) − u(x) − (P−1)·u(x) + (corrections for the pairs that touch).
 */
export function scoreRanking(world: World): ScoreRanking {
  const memo = memoOf(world);
  if (memo.ranking) return memo.ranking;
  const players = world.players;
  const { outsider, corrections } = carried(world) ?? fromScratch(world);
  const sum = outsider.reduce((s, u) => s + u, 0);
  const totals = outsider.map((u, i) => sum - u - (players.length - 1) * u + (corrections[i] as number));
  const order = players
    .map((_, i) => i)
    .sort((a, b) => (totals[b] as number) - (totals[a] as number) || a - b);
  const ranks: number[] = [];
  for (const [place, at] of order.entries()) ranks[at] = place;
  memo.ranking = { outsider, corrections, totals, order, ranks };
  return memo.ranking;
}

interface RankingParts {
  readonly outsider: number[];
  readonly corrections: number[];
}

/**
 * Each owner's points from an outsider, and per player how far their points against others and
 * others' against them differ from an outsider's: a player's points against an owner differ
 * only when they touch the owner, so only those pairs are counted.
 */
function fromScratch(world: World): RankingParts {
  const players = world.players;
  const reads = readsOfWorld(world);
  const outsider = players.map((o) => pointsOf(outsiderAccesses(world, o)));
  const corrections = players.map(() => 0);
  const below = world.notes.length;
  for (const [name, touchers] of touchersWith(world, reads, below)) {
    const o = playerPosition(world, name) as number;
    for (const who of touchers) {
      const x = playerPosition(world, who) as number;
      const d = pointsWith(world, reads, who, players[o] as MetaPlayer, below) - (outsider[o] as number);
      corrections[x] = (corrections[x] as number) + d;
      corrections[o] = (corrections[o] as number) - d;
    }
  }
  return { outsider, corrections };
}

/** The parts carried from the world before, with the pairs that changed counted again. */
function carried(world: World): RankingParts | undefined {
  const prior = rankedBefore.get(world);
  if (!prior) return undefined;
  const players = world.players;
  const reads = readsOfWorld(world);
  const outsider = prior.ranking.outsider.slice();
  const corrections = prior.ranking.corrections.slice();
  /** Replace pair (who, owner)'s difference from the outsider's points: `was` by its value now. */
  const recount = (who: string, owner: MetaPlayer, was: number) => {
    const x = playerPosition(world, who) as number;
    const o = playerPosition(world, owner.codename) as number;
    const d = pointsWith(world, reads, who, owner, world.notes.length) - (outsider[o] as number) - was;
    corrections[x] = (corrections[x] as number) + d;
    corrections[o] = (corrections[o] as number) - d;
  };
  if (prior.owner) {
    // A lock placed in an empty slot: the owner's points from everyone else change.
    const o = playerPosition(world, prior.owner.codename) as number;
    const owner = players[o] as MetaPlayer;
    const old = outsider[o] as number;
    outsider[o] = pointsOf(outsiderAccesses(world, owner));
    for (const who of touchersOf(world, owner.codename) ?? [])
      recount(who, owner, pointsWith(world, reads, who, prior.owner, world.notes.length) - old);
    return { outsider, corrections };
  }
  if (prior.declared) {
    const change = reads.declared;
    if (!change || reads.touchers === undefined || change.before.touchers === undefined) return undefined;
    const { before, affected, note } = change;
    const below = note.id;
    const beforeTouchers = touchersWith(world, before, below);
    const pairs = new Map<string, Set<string>>(); // owner → who, each pair once
    const pair = (who: string, owner: string) => {
      const set = pairs.get(owner) ?? new Set<string>();
      set.add(who);
      pairs.set(owner, set);
    };
    for (const who of affected) {
      for (const owner of touchedBy(world, before, who, below)) pair(who, owner);
      for (const owner of touchedBy(world, reads, who, world.notes.length)) pair(who, owner);
      // The caveat of case (ii) looks at what the owner has read: their touchers' points change.
      for (const other of [...(beforeTouchers.get(who) ?? []), ...(touchersOf(world, who) ?? [])]) pair(other, who);
    }
    for (const [name, set] of pairs) {
      const owner = findPlayer(world, name) as MetaPlayer;
      const o = playerPosition(world, name) as number;
      for (const who of set) recount(who, owner, pointsWith(world, before, who, owner, below) - (outsider[o] as number));
    }
    return { outsider, corrections };
  }
  // A registration: a player with no lock and no note changes no pair.
  outsider.push(pointsOf(outsiderAccesses(world, players.at(-1) as MetaPlayer)));
  corrections.push(0);
  return { outsider, corrections };
}

export interface ScoreTable {
  /** Codenames in registration order. */
  readonly players: readonly string[];
  /** `scores[i][j]`: players[i]'s score against players[j] (0 on the diagonal). */
  readonly scores: readonly (readonly number[])[];
  /** Each player's scores against everyone, summed. */
  readonly totals: readonly number[];
}

/** The whole table (its size is the square of the players: for small worlds and tests). */
export function scoreTable(world: World): ScoreTable {
  const names = world.players.map((p) => p.codename);
  const scores = names.map((a) => names.map((b) => score(world, a, b)));
  return { players: names, scores, totals: scores.map((row) => row.reduce((s, x) => s + x, 0)) };
}

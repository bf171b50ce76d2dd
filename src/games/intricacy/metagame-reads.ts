/**
 * Who reads which note (the metagame rules of Intricacy's README): a player reads the notes they
 * wrote, the public notes, and every note behind a lock they access; accessing a lock by case (i)
 * needs three notes on it read, so reading cascades: a player's reads are the least fixpoint,
 * computed per player (one player's reads never depend on another's).
 *
 * What makes this cheap with thousands of players: everyone reads the public notes and what they
 * open (the "common" reads, an outsider's), and a player who wrote no note reads exactly that.
 * So reads are kept as the common part plus, per author, what the author reads beyond it; and a
 * player accesses an owner's slots exactly as an outsider does unless they open one of the
 * owner's locks beyond the common part or declared on one (they "touch" the owner). Views and
 * scores then cost the players and the notes, never their product. From one world to the next,
 * what did not change is carried over (see `recordReadsLineage`).
 */
import { findPlayer, NOTES_TO_ACCESS, type Note, playerPosition, type World } from './metagame-world.ts';

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
export interface Closure {
  readonly read: Set<number>;
  readonly opened: Set<number>;
  readonly known: Map<number, number>;
}
export const NOTHING: Closure = { read: new Set(), opened: new Set(), known: new Map() };

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
export interface Reads {
  /** Which reads these are (a count: `change.from` names the reads before without holding them). */
  readonly serial: number;
  readonly common: Closure;
  readonly beyond: Map<string, Closure>;
  /** note id → the authors who read it beyond the common part (registration order not kept). */
  readers?: Map<number, Set<string>>;
  /** owner → the other players who touch them (see touchersOf). */
  touchers?: Map<string, Set<string>>;
  /**
   * When made from the reads before by one action: which those were, the authors whose reads
   * changed, the locks whose common count changed, and the note declared if it was a declaration.
   */
  readonly change?: {
    readonly from: number;
    readonly affected: readonly string[];
    readonly locks: readonly number[];
    readonly note?: Note;
  };
}
const readsByWorld = new WeakMap<World, Reads>();
let serials = 0;

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
  return { serial: ++serials, common, beyond };
}

/**
 * How a world was made from the one before, when what was computed for that one can be carried
 * over: a registration or a lock placed in an empty slot (nobody's reads change: no note is on
 * or behind a new lock), a declaration (one new note, not public), or a lock retired (and
 * perhaps another placed in its slot: the notes behind it, `published`, became public).
 */
export type Lineage = { readonly from: World } & (
  | { readonly change: 'registered' }
  | { readonly change: 'placed'; readonly owner: SlotsOf }
  | { readonly change: 'declared'; readonly note: Note }
  | { readonly change: 'retired'; readonly owner: SlotsOf; readonly published: readonly number[] }
);
/** An owner's slots as they were. */
export interface SlotsOf {
  readonly codename: string;
  readonly slots: readonly (number | null)[];
}
/** The reads of the world before, when they were computed (never the world: it may be let go). */
const lineages = new WeakMap<
  World,
  { readonly before: Reads; readonly note?: Note; readonly published?: readonly number[] }
>();
/** Record how `world` was made, so its reads are carried over from the world before. */
export function recordReadsLineage(world: World, lineage: Lineage): void {
  const before = readsByWorld.get(lineage.from);
  if (!before) return;
  if (lineage.change === 'declared') lineages.set(world, { before, note: lineage.note });
  else if (lineage.change === 'retired') lineages.set(world, { before, published: lineage.published });
  else lineages.set(world, { before });
}

/** The reads a world was computed from, when they were (the ranking carries from them too). */
export const knownReads = (world: World): Reads | undefined => readsByWorld.get(world);

export function readsOfWorld(world: World): Reads {
  let reads = readsByWorld.get(world);
  if (reads) return reads;
  const lineage = lineages.get(world);
  if (!lineage) reads = computeAllReads(world);
  else if (lineage.note) reads = afterDeclaring(world, lineage.before, lineage.note);
  else if (lineage.published) reads = afterRetiring(world, lineage.before, lineage.published);
  else reads = lineage.before;
  readsByWorld.set(world, reads);
  lineages.delete(world); // the reads before are no longer needed here
  return reads;
}

/**
 * Notes made public (a lock retired) join the common part, with what they open; an author's
 * reads beyond it change only if they had read a note on a lock whose common count grew (their
 * counts there change; a note now common that they had read is such a note): the others' stay.
 */
function afterRetiring(world: World, before: Reads, published: readonly number[]): Reads {
  const added = close(
    world,
    before.common,
    published.map((id) => world.notes[id] as Note),
    [],
  );
  if (added.read.size === 0) return before;
  const known = new Map(before.common.known);
  for (const [lockId, count] of added.known) known.set(lockId, (known.get(lockId) ?? 0) + count);
  const common: Closure = {
    read: new Set([...before.common.read, ...added.read]),
    opened: new Set([...before.common.opened, ...added.opened]),
    known,
  };
  const locks = [...added.known.keys()];
  const affected: string[] = [];
  for (const [author, closure] of before.beyond)
    if (locks.some((id) => closure.known.has(id))) affected.push(author);
  const beyond = new Map(before.beyond);
  for (const author of affected) beyond.set(author, authorReads(world, common, author));
  return carryIndexes(
    world,
    before,
    { serial: ++serials, common, beyond, change: { from: before.serial, affected, locks } },
    world.notes.length,
  );
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
  return carryIndexes(
    world,
    before,
    {
      serial: ++serials,
      common: before.common,
      beyond,
      change: { from: before.serial, affected, locks: [], note },
    },
    note.id,
  );
}

/**
 * Who reads what beyond the common part, and who touches whom, change only for the affected
 * authors: carried from the reads before with theirs replaced (the notes before are those with
 * ids below `notesBefore`).
 */
function carryIndexes(world: World, before: Reads, reads: Reads, notesBefore: number): Reads {
  const affected = reads.change?.affected ?? [];
  const { beyond } = reads;
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
      for (const owner of touchedBy(world, before, author, notesBefore))
        change(owner, (set) => set.delete(author));
      for (const owner of touchedBy(world, reads, author, world.notes.length))
        change(owner, (set) => set.add(author));
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
export function knownOn(world: World, who: string | null, lockId: number): number {
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
export const inOrder = (world: World, names: Iterable<string>): string[] =>
  [...names].sort((a, b) => (playerPosition(world, a) ?? 0) - (playerPosition(world, b) ?? 0));

/**
 * Owner → the other players whose access to the owner's slots may not be an outsider's: those
 * who open one of the owner's locks beyond the common part (a lock in play is accessed by case
 * (i) or (ii) exactly when it is opened), or declared on one (the cases then differ).
 */
export function touchersOf(world: World, owner: string): ReadonlySet<string> | undefined {
  return touchersWith(world, readsOfWorld(world), world.notes.length).get(owner);
}

/** The touchers map for `reads`, whose notes are those with ids below `notesBelow`. */
export function touchersWith(world: World, reads: Reads, notesBelow: number): Map<string, Set<string>> {
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
export function touchedBy(world: World, reads: Reads, author: string, notesBelow: number): Set<string> {
  const owners = new Set<string>();
  const touch = (lockId: number) => {
    const lockOwner = world.locks[lockId]?.owner;
    if (lockOwner !== undefined && lockOwner !== author) owners.add(lockOwner);
  };
  for (const n of notesBy(world, author)) if (n.id < notesBelow) touch(n.on);
  for (const lockId of reads.beyond.get(author)?.opened ?? []) touch(lockId);
  return owners;
}

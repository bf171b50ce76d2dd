/**
 * What one player (or an outsider, null) may see of the world. Built here so the server sends
 * only views: a note's content (its solution) appears only to a player who has read it, and a
 * lock's designer solution only to its owner. Everything else (who solved what, who read what,
 * who accesses which slot, the scores) is public: ours, since none of it reveals a solution.
 */
import { fail, ok, type Result } from '../game.ts';
import type { Lock } from './lock.ts';
import {
  type AccessCase,
  accessorsOf,
  notesBehind,
  notesOn,
  readsOf,
  type ScoreTable,
  scoreTable,
  slotAccesses,
} from './metagame-access.ts';
import { findPlayer, type MetaLock, type Note, type World } from './metagame-world.ts';
import type { ToolMove } from './physics.ts';

export interface NoteView {
  readonly id: number;
  readonly author: string;
  readonly on: number;
  readonly behind: number;
  readonly public: boolean;
  /** Players who have read it (registration order). */
  readonly readBy: readonly string[];
  /** Whether the viewer has read it. */
  readonly read: boolean;
  /** Present only when the viewer has read the note. */
  readonly solution?: readonly ToolMove[];
  readonly at?: number;
}

export interface LockView {
  readonly id: number;
  readonly owner: string;
  readonly slot: number;
  readonly lock: Lock;
  readonly public: boolean;
  readonly retired: boolean;
  /** Notes on this lock (declared solutions of it) and notes secured behind it. */
  readonly notesOn: readonly number[];
  readonly notesBehind: readonly number[];
  /** Players other than the owner who access it now (none once retired). */
  readonly accessedBy: readonly { readonly player: string; readonly cases: readonly AccessCase[] }[];
  /** The designer's solution: present only in the owner's own view. */
  readonly solution?: readonly ToolMove[];
  readonly placedAt?: number;
  readonly retiredAt?: number;
}

export interface AccessView {
  readonly player: string;
  readonly slot: number;
  readonly cases: readonly AccessCase[];
  readonly point: boolean;
}

export interface PlayerView {
  readonly codename: string;
  readonly slots: readonly (number | null)[];
  /** Ids of the notes this player has read and of those they wrote. */
  readonly notesRead: readonly number[];
  readonly notesWritten: readonly number[];
  /** Who accesses which of this player's slots (only accesses that hold). */
  readonly accessedBy: readonly AccessView[];
}

export interface WorldView {
  readonly viewer: string | null;
  readonly players: readonly PlayerView[];
  readonly locks: readonly LockView[];
  readonly notes: readonly NoteView[];
  readonly scores: ScoreTable;
}

/** Who the view is for: a registered codename, else an outsider (null). */
const viewerOf = (world: World, viewer: string | null): string | null =>
  viewer !== null && findPlayer(world, viewer) ? viewer : null;

/**
 * What every viewer sees alike, built once per world (worlds are immutable): a page of the
 * metagame asks for the whole world after every change, once per player, and the square of the
 * players in it (who accesses whom, the scores) is then computed once, not once per viewer.
 */
interface Shared {
  readonly notes: Map<number, Omit<NoteView, 'read' | 'solution'>>;
  readonly locks: Map<number, LockView>;
  players?: PlayerView[];
  scores?: ScoreTable;
}
const shared = new WeakMap<World, Shared>();
function sharedOf(world: World): Shared {
  let parts = shared.get(world);
  if (!parts) {
    parts = { notes: new Map(), locks: new Map() };
    shared.set(world, parts);
  }
  return parts;
}

function noteViewOf(world: World, note: Note, reads: Set<number>): NoteView {
  const known = sharedOf(world).notes;
  let base = known.get(note.id);
  if (!base) {
    const { solution: _hidden, ...rest } = note;
    const readBy = world.players
      .filter((p) => readsOf(world, p.codename).has(note.id))
      .map((p) => p.codename);
    base = { ...rest, readBy };
    known.set(note.id, base);
  }
  const read = reads.has(note.id);
  return { ...base, read, ...(read ? { solution: [...note.solution] } : {}) };
}

function lockViewOf(world: World, lock: MetaLock, viewer: string | null): LockView {
  const known = sharedOf(world).locks;
  let base = known.get(lock.id);
  if (!base) {
    const { solution: _hidden, ...rest } = lock;
    const owner = findPlayer(world, lock.owner);
    const accessedBy =
      lock.retired || !owner
        ? []
        : accessorsOf(world, owner)
            .map((p) => ({
              player: p.codename,
              cases: slotAccesses(world, p.codename, owner)[lock.slot]?.cases ?? [],
            }))
            .filter((a) => a.cases.length > 0);
    base = {
      ...rest,
      notesOn: notesOn(world, lock.id).map((n) => n.id),
      notesBehind: notesBehind(world, lock.id).map((n) => n.id),
      accessedBy,
    };
    known.set(lock.id, base);
  }
  return viewer === lock.owner ? { ...base, solution: [...lock.solution] } : base;
}

function playerViewOf(world: World, codename: string): PlayerView {
  const player = findPlayer(world, codename);
  if (!player) throw new Error(`no player ${codename}`); // callers look the player up first
  const accessedBy = accessorsOf(world, player)
    .flatMap((p) => slotAccesses(world, p.codename, player))
    .filter((a) => a.cases.length > 0)
    .map(({ player: who, slot, cases, point }) => ({ player: who, slot, cases, point }));
  return {
    codename,
    slots: [...player.slots],
    notesRead: [...readsOf(world, codename)].sort((a, b) => a - b),
    notesWritten: world.notes.filter((n) => n.author === codename).map((n) => n.id),
    accessedBy,
  };
}

export function noteView(world: World, viewer: string | null, id: number): Result<NoteView> {
  const note = world.notes[id];
  if (!Number.isInteger(id) || !note) return fail(`there is no note ${id}`);
  return ok(noteViewOf(world, note, readsOf(world, viewerOf(world, viewer))));
}

export function lockView(world: World, viewer: string | null, id: number): Result<LockView> {
  const lock = world.locks[id];
  if (!Number.isInteger(id) || !lock) return fail(`there is no lock ${id}`);
  return ok(lockViewOf(world, lock, viewerOf(world, viewer)));
}

export function playerView(world: World, codename: string): Result<PlayerView> {
  if (!findPlayer(world, codename)) return fail(`no player has the codename ${codename}`);
  return ok(playerViewOf(world, codename));
}

/** The retired locks, newest first, as the viewer may see them. */
export function retiredLocksView(world: World, viewer: string | null): LockView[] {
  const who = viewerOf(world, viewer);
  return world.locks
    .filter((l) => l.retired)
    .reverse()
    .map((l) => lockViewOf(world, l, who));
}

/** Everything the viewer may see. */
export function worldView(world: World, viewer: string | null): WorldView {
  const who = viewerOf(world, viewer);
  const reads = readsOf(world, who);
  const parts = sharedOf(world);
  parts.players ??= world.players.map((p) => playerViewOf(world, p.codename));
  parts.scores ??= scoreTable(world);
  return {
    viewer: who,
    players: parts.players,
    locks: world.locks.map((l) => lockViewOf(world, l, who)),
    notes: world.notes.map((n) => noteViewOf(world, n, reads)),
    scores: parts.scores,
  };
}

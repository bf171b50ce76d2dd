/**
 * What one player (or an outsider, null) may see of the world. Built here so the server sends
 * only views: a note's content (its solution) appears only to a player who has read it, and a
 * lock's designer solution only to its owner. Everything else (who solved what, who read what,
 * who accesses which slot, the scores) is public: ours, since none of it reveals a solution.
 *
 * Every view is a page: its size follows what its reader looks at, never the number of players
 * (a list inside a view, such as who reads a note, is cut to a page and carries its full count).
 */
import { fail, ok, type Result } from '../game.ts';
import type { Lock } from './lock.ts';
import { type AccessCase, accessorsOf, openToAll, slotAccesses } from './metagame-access.ts';
import { hasRead, notesBehind, notesBy, notesOn, readCount, readersOf } from './metagame-reads.ts';
import { pairScore, scoreRanking } from './metagame-scores.ts';
import {
  findPlayer,
  type MetaLock,
  type MetaPlayer,
  type Note,
  playerPosition,
  type World,
} from './metagame-world.ts';
import type { ToolMove } from './physics.ts';

/** Page sizes: the default and the most a caller may ask for. */
export const PAGE = {
  /** Players per page of the players list (each with the locks in their slots). */
  players: { size: 10, max: 20 },
  /** Notes, and retired locks, per page. */
  notes: { size: 50, max: 100 },
  locks: { size: 20, max: 50 },
  /** Rows, and columns, of the score table per page. */
  scores: { size: 25, max: 50 },
  /** Names in a list inside one view (who reads a note, who accesses a lock or a slot). */
  names: { size: 50, max: 100 },
  /** The same inside each item of a list page. */
  namesInList: 10,
} as const;

export interface NoteView {
  readonly id: number;
  readonly author: string;
  readonly on: number;
  readonly behind: number;
  readonly public: boolean;
  /** A page of the players who have read it (registration order), and how many they are. */
  readonly readBy: readonly string[];
  readonly readers: number;
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
  /** How many of the notes on it the viewer has read. */
  readonly notesOnRead: number;
  /** A page of the players other than the owner who access it now (none once retired). */
  readonly accessedBy: readonly { readonly player: string; readonly cases: readonly AccessCase[] }[];
  /** How many players access it. */
  readonly accessors: number;
  /** How the viewer accesses it (none for an outsider or the owner). */
  readonly viewerCases: readonly AccessCase[];
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
  /** How many notes this player has read; the ids of those they wrote (a page), and how many. */
  readonly notesReadCount: number;
  readonly notesWritten: readonly number[];
  readonly notesWrittenCount: number;
  /** Who accesses which of this player's slots (only accesses that hold): a page of accessors. */
  readonly accessedBy: readonly AccessView[];
  /** How many players access one of the slots. */
  readonly accessors: number;
  /** The viewer's access to this player's slots (only accesses that hold). */
  readonly viewerAccess: readonly AccessView[];
  /** Total score and rank (1 for the best; equal totals rank by registration). */
  readonly total: number;
  readonly rank: number;
}

/** A page of a list: the items from `offset` on, and how many there are in all. */
export interface Page {
  readonly offset: number;
  readonly count: number;
}

export interface PlayersPage extends Page {
  readonly players: readonly PlayerView[];
  /** The locks in those players' slots. */
  readonly locks: readonly LockView[];
}

export interface NotesPage extends Page {
  readonly notes: readonly NoteView[];
}

export interface LocksPage extends Page {
  readonly locks: readonly LockView[];
}

/**
 * A block of the score table, players ranked by total (best first, then registration order):
 * rows `offset` on and columns `columnOffset` on. `scores[i][j]` is players[i]'s score against
 * columns[j]; `totals[i]` is players[i]'s total against everyone.
 */
export interface ScorePage extends Page {
  readonly players: readonly string[];
  readonly totals: readonly number[];
  readonly columnOffset: number;
  readonly columns: readonly string[];
  readonly scores: readonly (readonly number[])[];
}

/** What the metagame page opens with: the viewer's own page and the first page of each list. */
export interface WorldView {
  readonly viewer: string | null;
  readonly counts: {
    readonly players: number;
    readonly locks: number;
    readonly notes: number;
    readonly retired: number;
  };
  /** The viewer's own page (null for an outsider). */
  readonly me: PlayerView | null;
  /** The first page of players; `locks` holds the locks in their slots and in the viewer's. */
  readonly players: readonly PlayerView[];
  readonly locks: readonly LockView[];
  /** The first page of notes (by id). */
  readonly notes: readonly NoteView[];
  readonly scores: ScorePage;
}

/** Which part of a list to show; out-of-range values are brought into range. */
export interface PageRequest {
  readonly offset?: number;
  readonly limit?: number;
}
const clampPage = (req: PageRequest, size: { size: number; max: number }) => ({
  offset: Math.max(0, Math.floor(req.offset ?? 0)),
  limit: Math.min(size.max, Math.max(1, Math.floor(req.limit ?? size.size))),
});

/** Who the view is for: a registered codename, else an outsider (null). */
const viewerOf = (world: World, viewer: string | null): string | null =>
  viewer !== null && findPlayer(world, viewer) ? viewer : null;

function noteViewOf(world: World, note: Note, viewer: string | null, names: PageRequest): NoteView {
  const { solution: _hidden, ...rest } = note;
  const { offset, limit } = clampPage(names, PAGE.names);
  const { readers, count } = readersOf(world, note.id, offset, limit);
  const read = hasRead(world, viewer, note.id);
  return {
    ...rest,
    readBy: readers,
    readers: count,
    read,
    ...(read ? { solution: [...note.solution] } : {}),
  };
}

/** The other players with an access that holds to `owner`'s slot (or to any slot), in order. */
function accessorsWith(world: World, owner: MetaPlayer, slot?: number): readonly MetaPlayer[] {
  const holds = (p: MetaPlayer) =>
    slotAccesses(world, p.codename, owner).some(
      (s) => (slot === undefined || s.slot === slot) && s.cases.length > 0,
    );
  const everyone = slot === undefined ? openToAll(world, owner) : false;
  const all = accessorsOf(world, owner);
  return everyone ? all : all.filter(holds);
}

function lockViewOf(world: World, lock: MetaLock, viewer: string | null, names: PageRequest): LockView {
  const { solution: _hidden, ...rest } = lock;
  const owner = findPlayer(world, lock.owner);
  const { offset, limit } = clampPage(names, PAGE.names);
  const accessors = lock.retired || !owner ? [] : accessorsWith(world, owner, lock.slot);
  const casesOf = (who: string) =>
    owner && !lock.retired ? (slotAccesses(world, who, owner)[lock.slot]?.cases ?? []) : [];
  return {
    ...rest,
    notesOn: notesOn(world, lock.id).map((n) => n.id),
    notesBehind: notesBehind(world, lock.id).map((n) => n.id),
    notesOnRead: notesOn(world, lock.id).filter((n) => hasRead(world, viewer, n.id)).length,
    accessedBy: accessors
      .slice(offset, offset + limit)
      .map((p) => ({ player: p.codename, cases: casesOf(p.codename) })),
    accessors: accessors.length,
    viewerCases: viewer === null || viewer === lock.owner ? [] : casesOf(viewer),
    ...(viewer === lock.owner ? { solution: [...lock.solution] } : {}),
  };
}

const accessViews = (world: World, who: string, owner: MetaPlayer): AccessView[] =>
  slotAccesses(world, who, owner)
    .filter((a) => a.cases.length > 0)
    .map(({ player, slot, cases, point }) => ({ player, slot, cases, point }));

function playerViewOf(
  world: World,
  player: MetaPlayer,
  viewer: string | null,
  names: PageRequest,
): PlayerView {
  const { codename } = player;
  const { offset, limit } = clampPage(names, PAGE.names);
  const accessors = accessorsWith(world, player);
  const written = notesBy(world, codename).map((n) => n.id);
  const ranking = scoreRanking(world);
  const at = playerPosition(world, codename) as number;
  return {
    codename,
    slots: [...player.slots],
    notesReadCount: readCount(world, codename),
    notesWritten: written.slice(0, PAGE.names.max),
    notesWrittenCount: written.length,
    accessedBy: accessors
      .slice(offset, offset + limit)
      .flatMap((p) => accessViews(world, p.codename, player)),
    accessors: accessors.length,
    viewerAccess: viewer === null || viewer === codename ? [] : accessViews(world, viewer, player),
    total: ranking.totals[at] ?? 0,
    rank: (ranking.ranks[at] ?? 0) + 1,
  };
}

export function noteView(
  world: World,
  viewer: string | null,
  id: number,
  names: PageRequest = {},
): Result<NoteView> {
  const note = world.notes[id];
  if (!Number.isInteger(id) || !note) return fail(`there is no note ${id}`);
  return ok(noteViewOf(world, note, viewerOf(world, viewer), names));
}

export function lockView(
  world: World,
  viewer: string | null,
  id: number,
  names: PageRequest = {},
): Result<LockView> {
  const lock = world.locks[id];
  if (!Number.isInteger(id) || !lock) return fail(`there is no lock ${id}`);
  return ok(lockViewOf(world, lock, viewerOf(world, viewer), names));
}

/** A player's page; `names` pages the players who access their slots. */
export function playerView(
  world: World,
  codename: string,
  viewer: string | null = null,
  names: PageRequest = {},
): Result<PlayerView> {
  const player = findPlayer(world, codename);
  if (!player) return fail(`no player has the codename ${codename}`);
  return ok(playerViewOf(world, player, viewerOf(world, viewer), names));
}

const inList = { limit: PAGE.namesInList };

/** The locks in these players' slots, by id. */
const slotLocks = (world: World, players: readonly MetaPlayer[], viewer: string | null): LockView[] =>
  players
    .flatMap((p) => p.slots.filter((id): id is number => id !== null))
    .sort((a, b) => a - b)
    .map((id) => lockViewOf(world, world.locks[id] as MetaLock, viewer, inList));

/** A page of the players in registration order, with the locks in their slots. */
export function playersPage(world: World, viewer: string | null, req: PageRequest = {}): PlayersPage {
  const who = viewerOf(world, viewer);
  const { offset, limit } = clampPage(req, PAGE.players);
  const players = world.players.slice(offset, offset + limit);
  return {
    offset,
    count: world.players.length,
    players: players.map((p) => playerViewOf(world, p, who, inList)),
    locks: slotLocks(world, players, who),
  };
}

/**
 * The notes the viewer has read from the `offset`-th on, at most `limit`, by id: found by a scan
 * (nothing is kept per viewer, so many readers cost no memory), and counted without one.
 */
function readPage(
  world: World,
  who: string | null,
  offset: number,
  limit: number,
): { notes: Note[]; count: number } {
  const notes: Note[] = [];
  let skip = offset;
  for (const n of world.notes) {
    if (notes.length === limit) break;
    if (!hasRead(world, who, n.id)) continue;
    if (skip > 0) skip--;
    else notes.push(n);
  }
  return { notes, count: readCount(world, who) };
}

/** A page of the notes by id: all of them, or (`read`) only those the viewer has read. */
export function notesPage(
  world: World,
  viewer: string | null,
  req: PageRequest & { readonly read?: boolean } = {},
): NotesPage {
  const who = viewerOf(world, viewer);
  const { offset, limit } = clampPage(req, PAGE.notes);
  const { notes, count } = req.read
    ? readPage(world, who, offset, limit)
    : { notes: world.notes.slice(offset, offset + limit), count: world.notes.length };
  return { offset, count, notes: notes.map((n) => noteViewOf(world, n, who, inList)) };
}

/** Retired lock ids, newest first (per locks list). */
const retiredLists = new WeakMap<readonly MetaLock[], number[]>();
function retiredIds(world: World): number[] {
  let ids = retiredLists.get(world.locks);
  if (!ids) {
    ids = world.locks
      .filter((l) => l.retired)
      .map((l) => l.id)
      .reverse();
    retiredLists.set(world.locks, ids);
  }
  return ids;
}

/** A page of the retired locks, newest first, as the viewer may see them. */
export function retiredPage(world: World, viewer: string | null, req: PageRequest = {}): LocksPage {
  const who = viewerOf(world, viewer);
  const { offset, limit } = clampPage(req, PAGE.locks);
  const ids = retiredIds(world);
  return {
    offset,
    count: ids.length,
    locks: ids
      .slice(offset, offset + limit)
      .map((id) => lockViewOf(world, world.locks[id] as MetaLock, who, inList)),
  };
}

/** All retired locks, newest first (small worlds, tests). */
export const retiredLocksView = (world: World, viewer: string | null): LockView[] =>
  retiredIds(world).map((id) => lockViewOf(world, world.locks[id] as MetaLock, viewerOf(world, viewer), {}));

/** A block of the score table (see ScorePage); `columnOffset` defaults to `offset`. */
export function scorePage(
  world: World,
  req: PageRequest & { readonly columnOffset?: number } = {},
): ScorePage {
  const { offset, limit } = clampPage(req, PAGE.scores);
  const columnOffset = clampPage({ offset: req.columnOffset ?? offset }, PAGE.scores).offset;
  const { totals, order } = scoreRanking(world);
  const name = (i: number) => (world.players[i] as MetaPlayer).codename;
  const rows = order.slice(offset, offset + limit);
  const columns = order.slice(columnOffset, columnOffset + limit).map(name);
  return {
    offset,
    count: world.players.length,
    players: rows.map(name),
    totals: rows.map((i) => totals[i] as number),
    columnOffset,
    columns,
    scores: rows.map((i) => columns.map((c) => pairScore(world, name(i), c))),
  };
}

/** The metagame page's opening view for `viewer`: their own page and the first page of each list. */
export function worldView(world: World, viewer: string | null): WorldView {
  const who = viewerOf(world, viewer);
  const first = playersPage(world, who);
  const mine = who === null ? undefined : findPlayer(world, who);
  const seen = new Set(first.locks.map((l) => l.id));
  const own = mine ? slotLocks(world, [mine], who).filter((l) => !seen.has(l.id)) : [];
  return {
    viewer: who,
    counts: {
      players: world.players.length,
      locks: world.locks.length,
      notes: world.notes.length,
      retired: retiredIds(world).length,
    },
    me: mine ? playerViewOf(world, mine, who, inList) : null,
    players: first.players,
    locks: [...first.locks, ...own].sort((a, b) => a.id - b.id),
    notes: notesPage(world, who).notes,
    scores: scorePage(world),
  };
}

/**
 * Who reads what and who accesses which slot (seed 001's metagame rules):
 * a player accesses a slot when (i) they have read three notes on its lock, (ii) they solved it
 * and declared the solution, or (iii) it is empty and they access all the owner's non-empty
 * slots. Accessing a lock reads every note secured behind it, so reading cascades: a player's
 * reads are the least fixpoint, computed per player (one player's reads never depend on
 * another's). Notes are read by their author, and public notes by everyone.
 */
import {
  findPlayer,
  type MetaLock,
  type MetaPlayer,
  NOTES_TO_ACCESS,
  type Note,
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

function byLock(notes: readonly Note[], key: 'on' | 'behind'): Map<number, Note[]> {
  const map = new Map<number, Note[]>();
  for (const n of notes) {
    const list = map.get(n[key]);
    if (list) list.push(n);
    else map.set(n[key], [n]);
  }
  return map;
}

/** Lookups built once per world (worlds are immutable, so a WeakMap keyed by the world is safe). */
interface WorldIndex {
  readonly on: Map<number, Note[]>;
  readonly behind: Map<number, Note[]>;
  readonly reads: Map<string | null, Set<number>>;
  /** player → owner → the player's access to the owner's slots. */
  readonly accesses: Map<string, Map<string, SlotAccess[]>>;
  /** owner → the other players who may access one of the owner's locks (see `accessorsOf`). */
  touchers?: Map<string, Set<string>>;
}
const indexes = new WeakMap<World, WorldIndex>();
function indexOf(world: World): WorldIndex {
  let index = indexes.get(world);
  if (!index) {
    index = {
      on: byLock(world.notes, 'on'),
      behind: byLock(world.notes, 'behind'),
      reads: new Map(),
      accesses: new Map(),
    };
    indexes.set(world, index);
  }
  return index;
}

/** The notes on a lock (its declared solutions) and the notes secured behind it, oldest first. */
export const notesOn = (world: World, lockId: number): readonly Note[] => indexOf(world).on.get(lockId) ?? [];
export const notesBehind = (world: World, lockId: number): readonly Note[] =>
  indexOf(world).behind.get(lockId) ?? [];

/**
 * The notes `who` has read (an outsider: null), from the world's locks and notes alone: the
 * least set holding their own notes and the public notes and closed under accessing a lock.
 * A work list makes it linear in the number of notes and locks.
 */
export function computeReads(world: World, who: string | null): Set<number> {
  const { behind } = indexOf(world);
  const read = new Set<number>();
  const opened = new Set<number>();
  const known = new Map<number, number>(); // lock id → notes on it read so far
  const work: Note[] = [];
  const readNote = (n: Note) => {
    if (read.has(n.id)) return;
    read.add(n.id);
    work.push(n);
  };
  const open = (lockId: number) => {
    if (opened.has(lockId) || world.locks[lockId]?.retired !== false) return;
    opened.add(lockId);
    for (const n of behind.get(lockId) ?? []) readNote(n);
  };
  for (const n of world.notes) if (n.public || n.author === who) readNote(n);
  for (const n of world.notes) if (n.author === who) open(n.on); // case (ii)
  for (let n = work.pop(); n; n = work.pop()) {
    const count = (known.get(n.on) ?? 0) + 1;
    known.set(n.on, count);
    if (count >= NOTES_TO_ACCESS) open(n.on); // case (i)
  }
  return read;
}

/** A player's reads (for anyone not registered, an outsider's), computed once per world. */
export function readsOf(world: World, who: string | null): Set<number> {
  const key = who !== null && findPlayer(world, who) ? who : null;
  const { reads } = indexOf(world);
  let set = reads.get(key);
  if (!set) {
    set = computeReads(world, key);
    reads.set(key, set);
  }
  return set;
}

/** The cases by which a reader accesses a lock (not through the empty-slot case). */
export function lockCases(
  world: World,
  lock: MetaLock,
  who: string | null,
  reads: Set<number>,
): AccessCase[] {
  if (lock.retired) return [];
  const cases: AccessCase[] = [];
  const on = indexOf(world).on.get(lock.id) ?? [];
  if (on.filter((n) => reads.has(n.id)).length >= NOTES_TO_ACCESS) cases.push('notes');
  if (who !== null && on.some((n) => n.author === who)) cases.push('declared');
  return cases;
}

/** `player`'s access to each of `owner`'s slots (in slot order). */
export function slotAccesses(world: World, player: string, owner: MetaPlayer): SlotAccess[] {
  const memo = indexOf(world).accesses;
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

function computeSlotAccesses(world: World, player: string, owner: MetaPlayer): SlotAccess[] {
  const reads = readsOf(world, player);
  const ownerReads = readsOf(world, owner.codename);
  const filled = owner.slots.map((id) => {
    if (id === null) return undefined;
    const lock = world.locks[id] as MetaLock;
    const cases = lockCases(world, lock, player, reads);
    const note = indexOf(world)
      .on.get(id)
      ?.find((n) => n.author === player);
    const point = cases.includes('notes') || (cases.includes('declared') && !ownerReads.has(note?.id ?? -1));
    return { cases, point };
  });
  const all = filled.every((f) => f === undefined || f.cases.length > 0);
  return owner.slots.map((id, slot) => {
    const f = filled[slot];
    const base = { player, owner: owner.codename, slot, lock: id };
    if (f) return { ...base, ...f };
    return all ? { ...base, cases: ['empty'], point: true } : { ...base, cases: [], point: false };
  });
}

/**
 * The players who may access some slot of `owner`'s, in registration order: when the owner has a
 * lock in a slot, those who read or wrote a note on one of the owner's locks (nobody else meets
 * case (i) or (ii) there, nor so case (iii) for the empty slots); else everyone. Views and scores
 * look only at these pairs, so their cost follows the notes, not the square of the players.
 */
export function accessorsOf(world: World, owner: MetaPlayer): readonly MetaPlayer[] {
  const others = world.players.filter((p) => p !== owner);
  if (owner.slots.every((id) => id === null)) return others;
  const index = indexOf(world);
  if (!index.touchers) {
    const touchers = new Map<string, Set<string>>();
    const touch = (who: string, note: Note | undefined) => {
      const lockOwner = note && world.locks[note.on]?.owner;
      if (lockOwner === undefined || lockOwner === who) return;
      const set = touchers.get(lockOwner) ?? new Set<string>();
      set.add(who);
      touchers.set(lockOwner, set);
    };
    for (const p of world.players)
      for (const id of readsOf(world, p.codename)) touch(p.codename, world.notes[id]);
    index.touchers = touchers;
  }
  const touchers = index.touchers.get(owner.codename);
  return touchers ? others.filter((p) => touchers.has(p.codename)) : [];
}

/** Every player's access to every other player's slots, accessed or not. */
export function accessTable(world: World): SlotAccess[] {
  return world.players.flatMap((a) =>
    world.players.filter((b) => b !== a).flatMap((b) => slotAccesses(world, a.codename, b)),
  );
}

/** A's score against B: B's slots A accesses for a point minus A's slots B accesses for one. */
export function score(world: World, a: string, b: string): number {
  const pa = findPlayer(world, a);
  const pb = findPlayer(world, b);
  if (!pa || !pb || a === b) return 0;
  const points = (x: string, owner: MetaPlayer) =>
    slotAccesses(world, x, owner).filter((s) => s.point).length;
  return points(a, pb) - points(b, pa);
}

export interface ScoreTable {
  /** Codenames in registration order. */
  readonly players: readonly string[];
  /** `scores[i][j]`: players[i]'s score against players[j] (0 on the diagonal). */
  readonly scores: readonly (readonly number[])[];
  /** Each player's scores against everyone, summed. */
  readonly totals: readonly number[];
}

export function scoreTable(world: World): ScoreTable {
  const names = world.players.map((p) => p.codename);
  const points = new Map<string, number>();
  // Codenames may hold any printable symbol but never a newline, so it separates them safely.
  const pair = (a: string, b: string) => `${a}\n${b}`;
  for (const owner of world.players)
    for (const p of accessorsOf(world, owner))
      for (const s of slotAccesses(world, p.codename, owner))
        if (s.point) points.set(pair(s.player, s.owner), (points.get(pair(s.player, s.owner)) ?? 0) + 1);
  const pts = (a: string, b: string) => points.get(pair(a, b)) ?? 0;
  const scores = names.map((a) => names.map((b) => (a === b ? 0 : pts(a, b) - pts(b, a))));
  return { players: names, scores, totals: scores.map((row) => row.reduce((s, x) => s + x, 0)) };
}

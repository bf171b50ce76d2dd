/**
 * Who accesses which slot (the metagame rules of Intricacy's README):
 * a player accesses a slot when (i) they have read three notes on its lock, (ii) they solved it
 * and declared the solution, or (iii) it is empty and they access all the owner's non-empty
 * slots (who reads what: metagame-reads.ts).
 *
 * A player who does not touch an owner (metagame-reads.ts) accesses the owner's slots exactly as
 * an outsider does: that access is computed once per owner and shared, so views cost what they
 * show and not the square of the players.
 */
import { hasRead, inOrder, knownOn, notesOn, touchersOf } from './metagame-reads.ts';
import { findPlayer, type MetaLock, type MetaPlayer, NOTES_TO_ACCESS, type World } from './metagame-world.ts';

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
   * the owner has read the player's note on the lock (Intricacy's README).
   */
  readonly point: boolean;
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
export function outsiderAccesses(world: World, owner: MetaPlayer): SlotAccess[] {
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

export const pointsOf = (accesses: readonly SlotAccess[]): number => accesses.filter((s) => s.point).length;

/** A's score against B: B's slots A accesses for a point minus A's slots B accesses for one. */
export function score(world: World, a: string, b: string): number {
  const pa = findPlayer(world, a);
  const pb = findPlayer(world, b);
  if (!pa || !pb || a === b) return 0;
  return pointsOf(slotAccesses(world, a, pb)) - pointsOf(slotAccesses(world, b, pa));
}

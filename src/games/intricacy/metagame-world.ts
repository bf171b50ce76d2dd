/**
 * The metagame's world as plain JSON (after the original Intricacy program's records): players with
 * three lock slots, the locks placed in them (and retired), and the notes declared solutions leave.
 * Ids are indices: lock `id` is `locks[id]`, note `id` is `notes[id]`; nothing is ever deleted.
 */
import type { Lock } from './lock.ts';
import type { ToolMove } from './physics.ts';

export const SLOT_COUNT = 3;
/** Notes on a lock a player must read to access it (case (i)); public notes to make it public. */
export const NOTES_TO_ACCESS = 3;

export interface MetaPlayer {
  readonly codename: string;
  /** The lock id in each slot, or null for an empty slot. */
  readonly slots: readonly (number | null)[];
}

export interface MetaLock {
  readonly id: number;
  readonly owner: string;
  /** The slot it was placed in (it stays recorded after retirement). */
  readonly slot: number;
  readonly lock: Lock;
  /** The designer's solution: shown to the owner only. */
  readonly solution: readonly ToolMove[];
  /** Three of the notes on it are public, so every player accesses it. */
  readonly public: boolean;
  /** Replaced or taken out of its slot. */
  readonly retired: boolean;
  readonly placedAt?: number;
  readonly retiredAt?: number;
}

/**
 * A note: the record of a declared solution. `author` solved lock `on` and secured the note
 * behind their own lock `behind`; it never moves. It becomes public when `behind` is retired.
 */
export interface Note {
  readonly id: number;
  readonly author: string;
  readonly on: number;
  readonly behind: number;
  readonly public: boolean;
  /** The content: a solution of lock `on`. Only readers of the note may see it. */
  readonly solution: readonly ToolMove[];
  readonly at?: number;
}

export interface World {
  readonly players: readonly MetaPlayer[];
  readonly locks: readonly MetaLock[];
  readonly notes: readonly Note[];
  // Who has read which note is derived from the rest (readsOf in metagame-access.ts), on demand:
  // replaying a long action log then costs nothing per action for it.
}

export const emptyWorld = (): World => ({ players: [], locks: [], notes: [] });

/**
 * Registration positions by codename. Players never move, so one index serves a players list and
 * every later one made from it (a position counts only below the list's length); it is extended
 * in place while no other list was made from the same one, and copied when one was.
 */
interface PlayerIndex {
  length: number;
  readonly at: Map<string, number>;
}
const playerIndexes = new WeakMap<readonly MetaPlayer[], PlayerIndex>();
function playerIndex(players: readonly MetaPlayer[]): PlayerIndex {
  let index = playerIndexes.get(players);
  if (!index) {
    index = { length: players.length, at: new Map(players.map((p, i) => [p.codename, i])) };
    playerIndexes.set(players, index);
  }
  return index;
}

/**
 * Record that `next` holds the players of `players` at the same positions, and perhaps one more
 * at the end (metagame-actions.ts calls it for every new players list).
 */
export function samePlayers(players: readonly MetaPlayer[], next: readonly MetaPlayer[]): void {
  const index = playerIndexes.get(players);
  if (!index) return;
  if (next.length === players.length) playerIndexes.set(next, index);
  else if (index.length === players.length && next.length === players.length + 1) {
    index.at.set((next[players.length] as MetaPlayer).codename, players.length);
    index.length = next.length;
    playerIndexes.set(next, index);
  }
}

/** A player's registration position (0 for the first), if registered. */
export function playerPosition(world: World, codename: string): number | undefined {
  const at = playerIndex(world.players).at.get(codename);
  return at !== undefined && at < world.players.length ? at : undefined;
}

export function findPlayer(world: World, codename: string): MetaPlayer | undefined {
  const at = playerPosition(world, codename);
  return at === undefined ? undefined : world.players[at];
}

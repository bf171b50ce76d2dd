/**
 * The metagame's actions: register, place a lock, retire a lock, declare a solution. Each takes
 * a world and returns the new world (never mutating the old) or the rule that refused it. After
 * every action the world is settled: the public flags of locks are recomputed.
 *
 * Solutions are checked by a `Verifier` callback (metagame-verify.ts). A server checks the cheap
 * rules first with `canPlaceLock` / `canDeclare`, runs `verifySolution` in a worker, then calls the
 * action with `alreadyVerified`.
 */
import { fail, ok, type Result } from '../game.ts';
import type { Lock } from './lock.ts';
import { validateCodename } from './metagame-codenames.ts';
import { notesBehind, notesOn, sameNotes } from './metagame-reads.ts';
import { recordLineage } from './metagame-scores.ts';
import { solutionShape, type Verifier } from './metagame-verify.ts';
import {
  findPlayer,
  type MetaLock,
  type MetaPlayer,
  NOTES_TO_ACCESS,
  type Note,
  playerPosition,
  SLOT_COUNT,
  samePlayers,
  type World,
} from './metagame-world.ts';
import type { ToolMove } from './physics.ts';
import { lockFromJson, lockProblems } from './validity.ts';

/** Optional time stamp (any number the caller chooses, e.g. milliseconds) to record. */
export interface ActionTime {
  readonly at?: number;
}

/**
 * Recompute what is stored derived for the locks given (those a note on which became public): a
 * lock with three public notes on it is public.
 */
function settle(world: World, lockIds: Iterable<number>): World {
  let locks: MetaLock[] | undefined;
  for (const id of lockIds) {
    const l = world.locks[id] as MetaLock;
    const isPublic = notesOn(world, id).filter((n) => n.public).length >= NOTES_TO_ACCESS;
    if (l.public === isPublic) continue;
    locks ??= world.locks.slice();
    locks[id] = { ...l, public: isPublic };
  }
  return locks ? { ...world, locks } : world;
}

/** The world with one player changed (players keep their positions). */
function withPlayer(world: World, codename: string, change: (p: MetaPlayer) => MetaPlayer): World {
  const at = playerPosition(world, codename) as number;
  const players = world.players.slice();
  players[at] = change(players[at] as MetaPlayer);
  samePlayers(world.players, players);
  return { ...world, players };
}

export function register(world: World, codename: unknown): Result<World> {
  const name = validateCodename(codename);
  if (!name.ok) return name;
  if (findPlayer(world, name.value)) return fail(`the codename ${name.value} is taken`);
  const player: MetaPlayer = { codename: name.value, slots: Array.from({ length: SLOT_COUNT }, () => null) };
  const next = { ...world, players: world.players.concat([player]) };
  samePlayers(world.players, next.players);
  return ok(recordLineage(next, { from: world, change: 'registered' }));
}

/**
 * A slot in words, by its place rather than its number (`first` for slot 0): clients number the
 * slots from 1 and the API from 0, and "second slot" reads the same to both.
 */
export const slotWords = (slot: number): string =>
  `${['first', 'second', 'third'][slot] ?? `number ${slot}`} slot`;

function playerAndSlot(world: World, owner: string, slot: number): Result<MetaPlayer> {
  const player = findPlayer(world, owner);
  if (!player) return fail(`no player has the codename ${owner}`);
  if (!Number.isInteger(slot) || slot < 0 || slot >= SLOT_COUNT)
    return fail(`slot must be 0 to ${SLOT_COUNT - 1}, got ${slot}`);
  return ok(player);
}

/**
 * The cheap rules for placing a lock: a registered owner, a real slot, a valid lock (read
 * strictly from its JSON form, so an untrusted value is safe here). Gives the lock as read.
 */
export function canPlaceLock(
  world: World,
  owner: string,
  slot: number,
  lock: unknown,
): Result<{ player: MetaPlayer; lock: Lock }> {
  const player = playerAndSlot(world, owner, slot);
  if (!player.ok) return player;
  const read = lockFromJson(lock);
  if (!read.ok) return fail(`the lock is not valid: ${read.error}`);
  const problems = lockProblems(read.value);
  if (problems.length > 0) return fail(`the lock is not valid: ${problems.join('; ')}`);
  return ok({ player: player.value, lock: read.value });
}

/**
 * Take a lock out of play: its slot empties and every note secured behind it becomes public.
 * Gives the new world and the notes made public.
 */
function retire(world: World, id: number, at: number | undefined): { world: World; published: number[] } {
  const old = world.locks[id] as MetaLock;
  const locks = world.locks.slice();
  locks[id] = { ...old, retired: true, ...(at === undefined ? {} : { retiredAt: at }) };
  const published = notesBehind(world, id).filter((n) => !n.public);
  const notes = published.length === 0 ? world.notes : world.notes.slice();
  for (const n of published) (notes as Note[])[n.id] = { ...n, public: true };
  sameNotes(world.notes, notes);
  const emptied = withPlayer(world, old.owner, (p) => ({
    ...p,
    slots: p.slots.map((s) => (s === id ? null : s)),
  }));
  return {
    world: settle(
      { ...emptied, locks, notes },
      published.map((n) => n.on),
    ),
    published: published.map((n) => n.id),
  };
}

/**
 * Place `lock` in `owner`'s slot, with the designer's `solution` (which must open it). A lock
 * already in the slot is retired first. The new lock's id is the world's old `locks.length`.
 */
export function placeLock(
  world: World,
  owner: string,
  slot: number,
  lock: Lock,
  solution: readonly ToolMove[],
  verify: Verifier,
  time: ActionTime = {},
): Result<World> {
  const checked = canPlaceLock(world, owner, slot, lock);
  if (!checked.ok) return checked;
  const shape = solutionShape(solution);
  if (!shape.ok) return fail(`the solution does not check: ${shape.error}`);
  const opens = verify(checked.value.lock, shape.value);
  if (!opens.ok) return fail(`the solution does not check: ${opens.error}`);
  const old = checked.value.player.slots[slot];
  const retired = old === null || old === undefined ? undefined : retire(world, old, time.at);
  const base = retired?.world ?? world;
  const id = base.locks.length;
  const placed: MetaLock = {
    id,
    owner,
    slot,
    lock: checked.value.lock,
    solution: [...shape.value],
    public: false,
    retired: false,
    ...(time.at === undefined ? {} : { placedAt: time.at }),
  };
  const next = {
    ...withPlayer(base, owner, (p) => ({ ...p, slots: p.slots.map((s, i) => (i === slot ? id : s)) })),
    locks: base.locks.concat([placed]),
  };
  // Nothing is on or behind a new lock: only the notes behind a lock retired change who reads what.
  const owned = checked.value.player;
  return ok(
    recordLineage(
      next,
      retired
        ? { from: world, change: 'retired', owner: owned, published: retired.published }
        : { from: world, change: 'placed', owner: owned },
    ),
  );
}

/** Empty a slot: its lock is retired and the notes behind it become public. */
export function retireLock(world: World, owner: string, slot: number, time: ActionTime = {}): Result<World> {
  const player = playerAndSlot(world, owner, slot);
  if (!player.ok) return player;
  const id = player.value.slots[slot];
  if (id === null || id === undefined)
    return fail(`${owner}'s ${slotWords(slot)} is empty: there is no lock to retire`);
  const retired = retire(world, id, time.at);
  return ok(
    recordLineage(retired.world, {
      from: world,
      change: 'retired',
      owner: player.value,
      published: retired.published,
    }),
  );
}

/** The cheap rules for declaring a solution of lock `on`, with the note secured behind `behind`. */
export function canDeclare(world: World, solver: string, on: number, behind: number): Result<MetaLock> {
  if (!findPlayer(world, solver)) return fail(`no player has the codename ${solver}`);
  const target = world.locks[on];
  if (!Number.isInteger(on) || !target) return fail(`there is no lock ${on}`);
  if (target.retired) return fail(`lock ${on} is retired: solutions are declared only on locks in play`);
  if (target.owner === solver) return fail(`lock ${on} is your own: you cannot declare a solution on it`);
  if (target.public) return fail(`lock ${on} is public: every player accesses it already`);
  if (notesOn(world, on).some((n) => n.author === solver))
    return fail(`you have already declared a solution on lock ${on}`);
  const slots = findPlayer(world, solver)?.slots ?? [];
  if (!slots.some((id) => id !== null && world.locks[id]?.public === false))
    return fail(
      'to declare a solution you need a lock of your own that is not public to secure the note behind',
    );
  const safe = world.locks[behind];
  if (!Number.isInteger(behind) || !safe) return fail(`there is no lock ${behind} to secure the note behind`);
  if (safe.owner !== solver)
    return fail(`lock ${behind} is ${safe.owner}'s: a note is secured behind your own lock`);
  if (safe.retired)
    return fail(`lock ${behind} is retired: secure the note behind a lock in one of your slots`);
  if (safe.public) return fail(`lock ${behind} is public: secure the note behind a lock that is not`);
  return ok(target);
}

/**
 * `solver` declares `solution` of lock `on`: a note holding it is secured on that lock behind the
 * solver's lock `behind`, where it stays. The new note's id is the world's old `notes.length`.
 */
export function declareSolution(
  world: World,
  solver: string,
  on: number,
  behind: number,
  solution: readonly ToolMove[],
  verify: Verifier,
  time: ActionTime = {},
): Result<World> {
  const target = canDeclare(world, solver, on, behind);
  if (!target.ok) return target;
  const shape = solutionShape(solution);
  if (!shape.ok) return fail(`the solution does not check: ${shape.error}`);
  const opens = verify(target.value.lock, shape.value);
  if (!opens.ok) return fail(`the solution does not check: ${opens.error}`);
  const note: Note = {
    id: world.notes.length,
    author: solver,
    on,
    behind,
    public: false,
    solution: [...shape.value],
    ...(time.at === undefined ? {} : { at: time.at }),
  };
  // A new note is not public, so no lock becomes public.
  const notes = world.notes.concat([note]);
  sameNotes(world.notes, notes);
  return ok(recordLineage({ ...world, notes }, { from: world, change: 'declared', note }));
}

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
import { solutionShape, type Verifier } from './metagame-verify.ts';
import {
  findPlayer,
  type MetaLock,
  type MetaPlayer,
  NOTES_TO_ACCESS,
  type Note,
  SLOT_COUNT,
  type World,
} from './metagame-world.ts';
import type { ToolMove } from './physics.ts';
import { lockFromJson, lockProblems } from './validity.ts';

/** Optional time stamp (any number the caller chooses, e.g. milliseconds) to record. */
export interface ActionTime {
  readonly at?: number;
}

/** Recompute what is stored derived: a lock with three public notes on it is public. */
export function settle(world: World): World {
  const publicOn = new Map<number, number>();
  for (const n of world.notes) if (n.public) publicOn.set(n.on, (publicOn.get(n.on) ?? 0) + 1);
  const locks = world.locks.map((l) => {
    const isPublic = (publicOn.get(l.id) ?? 0) >= NOTES_TO_ACCESS;
    return l.public === isPublic ? l : { ...l, public: isPublic };
  });
  return { ...world, locks };
}

export function register(world: World, codename: unknown): Result<World> {
  const name = validateCodename(codename);
  if (!name.ok) return name;
  if (findPlayer(world, name.value)) return fail(`the codename ${name.value} is taken`);
  const player: MetaPlayer = { codename: name.value, slots: Array.from({ length: SLOT_COUNT }, () => null) };
  return ok(settle({ ...world, players: [...world.players, player] }));
}

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

/** Take a lock out of play: its slot empties and every note secured behind it becomes public. */
function retire(world: World, id: number, at: number | undefined): World {
  const old = world.locks[id] as MetaLock;
  const retired: MetaLock = { ...old, retired: true, ...(at === undefined ? {} : { retiredAt: at }) };
  return {
    ...world,
    players: world.players.map((p) =>
      p.codename === old.owner ? { ...p, slots: p.slots.map((s) => (s === id ? null : s)) } : p,
    ),
    locks: world.locks.map((l) => (l.id === id ? retired : l)),
    notes: world.notes.map((n) => (n.behind === id && !n.public ? { ...n, public: true } : n)),
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
  const base = old === null || old === undefined ? world : retire(world, old, time.at);
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
  return ok(
    settle({
      ...base,
      players: base.players.map((p) =>
        p.codename === owner ? { ...p, slots: p.slots.map((s, i) => (i === slot ? id : s)) } : p,
      ),
      locks: [...base.locks, placed],
    }),
  );
}

/** Empty a slot: its lock is retired and the notes behind it become public. */
export function retireLock(world: World, owner: string, slot: number, time: ActionTime = {}): Result<World> {
  const player = playerAndSlot(world, owner, slot);
  if (!player.ok) return player;
  const id = player.value.slots[slot];
  if (id === null || id === undefined)
    return fail(`${owner}'s slot ${slot} is empty: there is no lock to retire`);
  return ok(settle(retire(world, id, time.at)));
}

/** The cheap rules for declaring a solution of lock `on`, with the note secured behind `behind`. */
export function canDeclare(world: World, solver: string, on: number, behind: number): Result<MetaLock> {
  if (!findPlayer(world, solver)) return fail(`no player has the codename ${solver}`);
  const target = world.locks[on];
  if (!Number.isInteger(on) || !target) return fail(`there is no lock ${on}`);
  if (target.retired) return fail(`lock ${on} is retired: solutions are declared only on locks in play`);
  if (target.owner === solver) return fail(`lock ${on} is your own: you cannot declare a solution on it`);
  if (target.public) return fail(`lock ${on} is public: every player accesses it already`);
  if (world.notes.some((n) => n.on === on && n.author === solver))
    return fail(`you have already declared a solution on lock ${on}`);
  const mine = world.locks.filter((l) => l.owner === solver && !l.retired && !l.public);
  if (mine.length === 0)
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
  return ok(settle({ ...world, notes: [...world.notes, note] }));
}

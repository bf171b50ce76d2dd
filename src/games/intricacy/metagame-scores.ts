/**
 * The scores (Intricacy's README): A's score against B is B's slots A accesses for a point minus
 * A's slots B accesses for one; a player's total is their scores against everyone summed. The
 * totals and the ranking are built once per world, and carried from the world before when an action
 * changed only some pairs of players (see `recordLineage`).
 */
import { outsiderAccesses, pointsOf, score } from './metagame-access.ts';
import {
  knownReads,
  type Lineage,
  NOTHING,
  notesBy,
  type Reads,
  readsOfWorld,
  recordReadsLineage,
  type SlotsOf,
  touchedBy,
  touchersOf,
  touchersWith,
} from './metagame-reads.ts';
import { type MetaPlayer, NOTES_TO_ACCESS, playerPosition, type World } from './metagame-world.ts';

/**
 * Record how `world` was made from the world before (metagame-actions.ts does, for every action
 * it can): the reads and the ranking computed for that one are then carried over.
 */
export function recordLineage(world: World, lineage: Lineage): World {
  recordReadsLineage(world, lineage);
  const ranking = rankings.get(lineage.from);
  const reads = knownReads(lineage.from);
  if (ranking && reads)
    rankedBefore.set(world, {
      ranking,
      reads,
      registered: lineage.change === 'registered',
      ...(lineage.change === 'placed' || lineage.change === 'retired' ? { owner: lineage.owner } : {}),
    });
  return world;
}

/**
 * How many of `owner`'s slots `who` accesses for a point (as slotAccesses counts them) with
 * `reads`, whose notes are those with ids below `notesBelow` (a world before a declaration).
 */
function pointsWith(world: World, reads: Reads, who: string, owner: SlotsOf, notesBelow: number): number {
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

/**
 * The ranking of the world before, when this one was made by registering (no pair's points
 * change), placing a lock in an empty slot (only the pairs with that owner change), or declaring
 * (only the pairs with an author whose reads changed).
 */
const rankedBefore = new WeakMap<
  World,
  {
    readonly ranking: ScoreRanking;
    readonly reads: Reads;
    readonly registered: boolean;
    /** The owner whose slots changed, as they were. */
    readonly owner?: SlotsOf;
  }
>();
const rankings = new WeakMap<World, ScoreRanking>();

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
  const known = rankings.get(world);
  if (known) return known;
  const players = world.players;
  const { outsider, corrections } = carried(world) ?? fromScratch(world);
  const sum = outsider.reduce((s, u) => s + u, 0);
  const totals = outsider.map((u, i) => sum - u - (players.length - 1) * u + (corrections[i] as number));
  const order = players
    .map((_, i) => i)
    .sort((a, b) => (totals[b] as number) - (totals[a] as number) || a - b);
  const ranks: number[] = [];
  for (const [place, at] of order.entries()) ranks[at] = place;
  const ranking = { outsider, corrections, totals, order, ranks };
  rankings.set(world, ranking);
  rankedBefore.delete(world); // nor the ranking and reads before

  return ranking;
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

/**
 * The parts carried from the world before, with the pairs that may have changed counted again:
 * those with an owner whose slots or outsider points changed, those with an author whose reads
 * changed (as the one accessing, or as the owner whose reading voids a case (ii) point).
 */
function carried(world: World): RankingParts | undefined {
  const prior = rankedBefore.get(world);
  if (!prior) return undefined;
  const players = world.players;
  const reads = readsOfWorld(world);
  const outsider = prior.ranking.outsider.slice();
  const corrections = prior.ranking.corrections.slice();
  if (prior.registered) {
    // A player with no lock and no note changes no pair.
    outsider.push(pointsOf(outsiderAccesses(world, players.at(-1) as MetaPlayer)));
    corrections.push(0);
    return { outsider, corrections };
  }
  const before = prior.reads;
  const change = reads === before ? undefined : reads.change;
  if (reads !== before && (change?.from !== before.serial || !before.touchers || !reads.touchers))
    return undefined;
  const notesBefore = change?.note?.id ?? world.notes.length;
  const touchersBefore = touchersWith(world, before, notesBefore);
  const pairs = new Map<string, Set<string>>(); // owner → who, each pair once
  const pair = (who: string, owner: string) => {
    const set = pairs.get(owner) ?? new Set<string>();
    set.add(who);
    pairs.set(owner, set);
  };
  const touchersOfBoth = (owner: string) => [
    ...(touchersBefore.get(owner) ?? []),
    ...(touchersOf(world, owner) ?? []),
  ];
  // Owners whose outsider points may change: their slots changed, or a common count on a lock.
  const owners = new Set<string>(prior.owner ? [prior.owner.codename] : []);
  for (const lockId of change?.locks ?? []) {
    const owner = world.locks[lockId]?.owner;
    if (owner !== undefined) owners.add(owner);
  }
  const outsiderBefore = new Map<string, number>();
  for (const name of owners) {
    const o = playerPosition(world, name) as number;
    outsiderBefore.set(name, outsider[o] as number);
    outsider[o] = pointsOf(outsiderAccesses(world, players[o] as MetaPlayer));
    for (const who of touchersOfBoth(name)) pair(who, name);
  }
  for (const who of change?.affected ?? []) {
    for (const owner of touchedBy(world, before, who, notesBefore)) pair(who, owner);
    for (const owner of touchedBy(world, reads, who, world.notes.length)) pair(who, owner);
    for (const other of touchersOfBoth(who)) pair(other, who);
  }
  for (const [name, set] of pairs) {
    const o = playerPosition(world, name) as number;
    const owner = players[o] as MetaPlayer;
    const ownerBefore = prior.owner?.codename === name ? prior.owner : owner;
    const uBefore = outsiderBefore.get(name) ?? (outsider[o] as number);
    for (const who of set) {
      const x = playerPosition(world, who) as number;
      const was = pointsWith(world, before, who, ownerBefore, notesBefore) - uBefore;
      const now = pointsWith(world, reads, who, owner, world.notes.length) - (outsider[o] as number);
      corrections[x] = (corrections[x] as number) + now - was;
      corrections[o] = (corrections[o] as number) - (now - was);
    }
  }
  return { outsider, corrections };
}

/**
 * A's score against B, as `score` gives it, from the ranking's parts: a pair that does not touch
 * costs two lookups (a page of the score table asks for hundreds of pairs).
 */
export function pairScore(world: World, a: string, b: string): number {
  const x = playerPosition(world, a);
  const o = playerPosition(world, b);
  if (x === undefined || o === undefined || x === o) return 0;
  const { outsider } = scoreRanking(world);
  const reads = readsOfWorld(world);
  const points = (who: string, owner: number, position: number) =>
    touchersOf(world, (world.players[owner] as MetaPlayer).codename)?.has(who)
      ? pointsWith(world, reads, who, world.players[owner] as MetaPlayer, world.notes.length)
      : (outsider[position] as number);
  return points(a, o, o) - points(b, x, x);
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

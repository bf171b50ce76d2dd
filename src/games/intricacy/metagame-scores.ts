/**
 * The scores (seed 001): A's score against B is B's slots A accesses for a point minus A's slots
 * B accesses for one; a player's total is their scores against everyone summed. The totals and
 * the ranking are built once per world, and carried from the world before when an action changed
 * only some pairs of players (see `recordLineage`).
 */
import { outsiderAccesses, pointsOf, score } from './metagame-access.ts';
import {
  type Lineage,
  NOTHING,
  notesBy,
  type Reads,
  readsOfWorld,
  recordReadsLineage,
  touchedBy,
  touchersOf,
  touchersWith,
} from './metagame-reads.ts';
import {
  findPlayer,
  type MetaPlayer,
  NOTES_TO_ACCESS,
  playerPosition,
  type World,
} from './metagame-world.ts';

/**
 * Record how `world` was made from the world before (metagame-actions.ts does, for every action
 * it can): the reads and the ranking computed for that one are then carried over.
 */
export function recordLineage(world: World, lineage: Lineage): World {
  recordReadsLineage(world, lineage);
  const ranking = rankings.get(lineage.from);
  if (ranking)
    rankedBefore.set(world, {
      ranking,
      ...(lineage.change === 'placed' ? { owner: lineage.owner } : {}),
      declared: lineage.change === 'declared',
    });
  return world;
}

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

/**
 * The ranking of the world before, when this one was made by registering (no pair's points
 * change), placing a lock in an empty slot (only the pairs with that owner change), or declaring
 * (only the pairs with an author whose reads changed).
 */
const rankedBefore = new WeakMap<
  World,
  {
    readonly ranking: ScoreRanking;
    readonly owner?: Pick<MetaPlayer, 'codename' | 'slots'>;
    readonly declared: boolean;
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
      for (const other of [...(beforeTouchers.get(who) ?? []), ...(touchersOf(world, who) ?? [])])
        pair(other, who);
    }
    for (const [name, set] of pairs) {
      const owner = findPlayer(world, name) as MetaPlayer;
      const o = playerPosition(world, name) as number;
      for (const who of set)
        recount(who, owner, pointsWith(world, before, who, owner, below) - (outsider[o] as number));
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

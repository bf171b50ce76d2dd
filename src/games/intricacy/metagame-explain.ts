/**
 * A score explained: the accesses that make up A's score against B (Intricacy's README: B's slots
 * A accesses minus A's slots B accesses, where an access by (ii) alone earns nothing once B has
 * read A's note on that lock), each with what it adds. The metagame pages show it beside a score.
 */
import { fail, ok, type Result } from '../game.ts';
import { type AccessCase, type SlotAccess, slotAccesses } from './metagame-access.ts';
import { hasRead, notesOn } from './metagame-reads.ts';
import { findPlayer, type World } from './metagame-world.ts';

/** One access of `accessor` to a slot of `owner`'s, and what it adds to the explained score. */
export interface ScoreAccess {
  readonly accessor: string;
  readonly owner: string;
  readonly slot: number;
  /** The lock in the slot, or null when it is empty. */
  readonly lock: number | null;
  /** Every case by which the access holds. */
  readonly cases: readonly AccessCase[];
  /** +1 for the explained player, −1 against them, 0 when the access earns no point. */
  readonly points: -1 | 0 | 1;
  /** When it earns no point: the accessor's note on the lock, which the owner has read. */
  readonly noteReadByOwner?: number;
}

export interface ScoreExplanation {
  readonly player: string;
  readonly against: string;
  /** The sum of the accesses' points: `player`'s score against `against`. */
  readonly score: number;
  /** `player`'s accesses to `against`'s slots (slot order), then `against`'s to `player`'s. */
  readonly accesses: readonly ScoreAccess[];
}

function lines(world: World, accesses: readonly SlotAccess[], sign: -1 | 1): ScoreAccess[] {
  return accesses
    .filter((a) => a.cases.length > 0)
    .map((a) => {
      const base = { accessor: a.player, owner: a.owner, slot: a.slot, lock: a.lock, cases: [...a.cases] };
      if (a.point) return { ...base, points: sign };
      const note = a.lock === null ? undefined : notesOn(world, a.lock).find((n) => n.author === a.player);
      return {
        ...base,
        points: 0 as const,
        ...(note && hasRead(world, a.owner, note.id) ? { noteReadByOwner: note.id } : {}),
      };
    });
}

/** `player`'s score against `against`, as the list of accesses that make it up. */
export function explainScore(world: World, player: string, against: string): Result<ScoreExplanation> {
  const a = findPlayer(world, player);
  if (!a) return fail(`no player has the codename ${player}`);
  const b = findPlayer(world, against);
  if (!b) return fail(`no player has the codename ${against}`);
  if (a === b) return fail('a player has no score against themselves: name two different players');
  const accesses = [
    ...lines(world, slotAccesses(world, player, b), 1),
    ...lines(world, slotAccesses(world, against, a), -1),
  ];
  return ok({ player, against, score: accesses.reduce((s, x) => s + x.points, 0), accesses });
}

/**
 * What the metagame pages show, as pure functions over the server's views: how a slot is
 * accessed in words, who accesses a lock, which part of a long list is shown, and where a
 * solution may be declared.
 */
import type {
  AccessView,
  LockView,
  ScoreAccess,
  ScoreExplanation,
  WorldView,
} from '../../../games/intricacy/index.ts';
import { count } from '../../plural.ts';

/** How a slot is accessed, in words: (i) notes read, (ii) solved, (iii) an empty slot. */
export const caseName = (c: string): string =>
  c === 'notes' ? 'three notes read' : c === 'declared' ? 'solved and declared' : 'empty slot';

export const lockById = (locks: readonly LockView[], id: number | null | undefined): LockView | undefined =>
  id === null || id === undefined ? undefined : locks.find((l) => l.id === id);

/** Who accesses a lock of yours and how, with how many more the view leaves out. */
export function accessorsText(lock: LockView): string {
  if (lock.accessedBy.length === 0) return 'Nobody else accesses it.';
  const more = lock.accessors - lock.accessedBy.length;
  const who = lock.accessedBy.map((a) => `${a.player} (${a.cases.map(caseName).join(', ')})`).join('; ');
  return `Accessed by ${who}${more > 0 ? `; and ${count(more, 'other player')}` : ''}`;
}

/** How you access another player's slot ("You access it (solved and declared): a point."). */
export const viewerAccessText = (access: AccessView): string =>
  `You access it (${access.cases.map(caseName).join(', ')})${access.point ? ': a point' : ''}.`;

export interface PageRange {
  /** The first and last shown, counting from 1 (0 and 0 for an empty page). */
  readonly first: number;
  readonly last: number;
  /** Where the previous and next pages start, or null at either end. */
  readonly previous: number | null;
  readonly next: number | null;
}

/**
 * Which part of a long list a page shows, `shown` items from `offset` of `total`, where `size`
 * is how many the server sends for a full page; null when one page shows the whole list.
 */
export function pageRange(offset: number, shown: number, total: number, size: number): PageRange | null {
  if (offset === 0 && shown >= total) return null;
  const last = Math.min(total, offset + shown);
  return {
    first: shown === 0 ? 0 : offset + 1,
    last,
    previous: offset === 0 ? null : Math.max(0, offset - size),
    next: last >= total ? null : offset + size,
  };
}

/** Your slots a note may be secured behind: those holding a lock that is not public. */
export function declareSlots(world: WorldView): { slot: number; lock: LockView }[] {
  return (world.me?.slots ?? [])
    .map((id, slot) => ({ slot, lock: world.locks.find((l) => l.id === id) }))
    .filter((s): s is { slot: number; lock: LockView } => !!s.lock && !s.lock.public);
}

/** Whether a solution of `lock` may be declared: another player's lock still in play, not a note replayed. */
export const mayDeclare = (world: WorldView, lock: LockView, noteId: number | undefined): boolean =>
  world.viewer !== null && lock.owner !== world.viewer && !lock.retired && noteId === undefined;

/** A score with its sign: "+2", "0", "−1". */
export const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/**
 * One access of a score explained, in words: "+1 ABC accesses XYZ's slot 2, empty (empty slot)";
 * an access that earns nothing says why.
 */
export function scoreAccessText(a: ScoreAccess): string {
  const slot = `${a.owner}'s slot ${a.slot + 1}, ${a.lock === null ? 'empty' : `lock ${a.lock}`}`;
  const why =
    a.points !== 0
      ? ''
      : a.noteReadByOwner === undefined
        ? ': no point'
        : `: no point, as ${a.owner} has read ${a.accessor}'s note ${a.noteReadByOwner} on it`;
  return `${signed(a.points)} ${a.accessor} accesses ${slot} (${a.cases.map(caseName).join(', ')})${why}`;
}

/** What the list of accesses adds up to, in one sentence. */
export function scoreSummary(e: ScoreExplanation): string {
  const sum = `${e.player}'s score against ${e.against} is ${signed(e.score)}`;
  return e.accesses.length === 0
    ? `${sum}: neither accesses a slot of the other's.`
    : `${sum}: ${e.against}'s slots ${e.player} accesses for a point, minus ${e.player}'s slots ${e.against} accesses for one.`;
}

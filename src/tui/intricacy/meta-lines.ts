/** The metagame screen's lines, one for each slot, lock, note or rank, from the server's views. */
import {
  formatMoveList,
  type LockView,
  type NoteView,
  type ScorePage,
  type WorldView,
} from '../../games/intricacy/index.ts';
import { count } from '../plural.ts';

export const lockById = (locks: readonly LockView[], id: number | null | undefined): LockView | undefined =>
  id === null || id === undefined ? undefined : locks.find((l) => l.id === id);

/** Which part of a list is shown: "players 11–20 of 5000"; empty when one page shows it all. */
export function pageLine(what: string, offset: number, shown: number, count: number): string {
  if (offset === 0 && shown >= count) return '';
  return `${what} ${shown === 0 ? 0 : offset + 1}–${offset + shown} of ${count}  ([ ] or PgUp PgDn: other pages)`;
}

/** Your three slots: the lock in each, the notes behind it and who accesses it. */
export function slotLines(world: WorldView): string[] {
  const player = world.me;
  // The accessors shown are a page of them: say how many more there are.
  const shown = new Set(player?.accessedBy.map((a) => a.player));
  const more = (player?.accessors ?? 0) - shown.size;
  return [0, 1, 2].map((slot) => {
    const lock = lockById(world.locks, player?.slots[slot]);
    const by = player?.accessedBy.filter((a) => a.slot === slot).map((a) => a.player) ?? [];
    const access =
      by.length > 0
        ? `accessed by ${by.join(' ')}${more > 0 ? ` (+${more} more players)` : ''}`
        : 'accessed by nobody';
    if (!lock) return `slot ${slot + 1}: empty, ${access}`;
    return `slot ${slot + 1}: lock ${lock.id}, ${count(lock.notesBehind.length, 'note')} behind it, ${access}`;
  });
}

export function othersLine(lock: LockView): string {
  const access =
    lock.viewerCases.length > 0 ? `you access it (${lock.viewerCases.join(', ')})` : 'not accessed';
  return `${lock.owner} slot ${lock.slot + 1}: lock ${lock.id}, ${count(lock.notesOn.length, 'note')} on it (${lock.notesOnRead} read), ${access}`;
}

export function retiredLine(lock: LockView): string {
  return `${lock.owner} slot ${lock.slot + 1}: lock ${lock.id}, ${count(lock.notesOn.length, 'note')} on it, ${count(lock.notesBehind.length, 'note')} behind it`;
}

/** A note: whose, on which lock, behind which, and whether you have read it. */
export function noteLine(locks: readonly LockView[], n: NoteView): string {
  const on = lockById(locks, n.on);
  const state = n.read ? 'read' : n.public ? 'public' : 'secured';
  return `note ${n.id} by ${n.author} on lock ${n.on}${on ? ` (${on.owner} slot ${on.slot + 1})` : ''}, behind lock ${n.behind}: ${state}`;
}

/** A note's solution, or why it cannot be shown. */
export function noteSolution(n: NoteView): string {
  if (!n.solution) return `You have not read note ${n.id}: access the lock it is behind first.`;
  return `Note ${n.id} (lock ${n.on}): ${formatMoveList(n.solution)}`;
}

/** A block of the score table, ranked by total: rank, codename, scores against the columns, total. */
export function scoreLines(page: ScorePage): string[] {
  const { players, columns, scores, totals } = page;
  const head = `rank      ${columns.map((p) => p.padStart(4)).join('')}  total`;
  return [
    head,
    ...players.map(
      (p, i) =>
        `${String(page.offset + i + 1).padStart(4)} ${p.padEnd(4)} ${(scores[i] ?? []).map((s) => String(s).padStart(4)).join('')}  ${String(totals[i] ?? 0).padStart(5)}`,
    ),
  ];
}

/**
 * Where the Intricacy welcome page sends a player: a newcomer to the first tutorial lock; a
 * returning player to where they left off (the next unsolved tutorial or initiation lock, then the
 * metagame), with their progress in one line.
 */
import {
  type CurriculumLock,
  curriculumLabel,
  INITIATION,
  type Progress,
  solvedCount,
  TUTORIAL,
} from '../../games/intricacy/index.ts';

export interface NextStep {
  /** The button's words. */
  readonly label: string;
  readonly href: string;
}

export interface Standing {
  /** Nothing solved and nothing half-picked. */
  readonly newcomer: boolean;
  /** "Tutorial: 4 of 11 locks solved. Initiation: 0 of 14." (empty for a newcomer). */
  readonly summary: string;
  readonly next: NextStep;
}

const unsolved = (locks: readonly CurriculumLock[], progress: Progress) =>
  locks.findIndex((l) => progress[l.name] === undefined);

const stepTo = (part: 'tutorial' | 'initiation', locks: readonly CurriculumLock[], i: number): NextStep => {
  const lock = locks[i] as CurriculumLock;
  const where = part === 'tutorial' ? `Tutorial ${i + 1}` : 'Initiation';
  return {
    label: `Continue: ${where}, ${curriculumLabel(lock)}`,
    href: `/intricacy/${part}?lock=${encodeURIComponent(lock.name)}`,
  };
};

export function standing(progress: Progress, skippedInitiation: boolean, halfPicked: boolean): Standing {
  const tutorial = solvedCount(TUTORIAL, progress);
  const initiation = solvedCount(INITIATION, progress);
  const newcomer = tutorial === 0 && initiation === 0 && !halfPicked;
  const t = unsolved(TUTORIAL, progress);
  const i = unsolved(INITIATION, progress);
  const inInitiation = initiation > 0 || t < 0;
  const next: NextStep = newcomer
    ? {
        label: 'Start the tutorial',
        href: `/intricacy/tutorial?lock=${encodeURIComponent(TUTORIAL[0]?.name ?? '')}`,
      }
    : t >= 0 && !inInitiation
      ? stepTo('tutorial', TUTORIAL, t)
      : i >= 0 && !skippedInitiation
        ? stepTo('initiation', INITIATION, i)
        : t >= 0
          ? stepTo('tutorial', TUTORIAL, t)
          : { label: 'On to the metagame', href: '/intricacy/meta' };
  const summary = newcomer
    ? ''
    : `Tutorial: ${tutorial} of ${TUTORIAL.length} locks solved. Initiation: ${initiation} of ${INITIATION.length}${
        skippedInitiation && initiation < INITIATION.length ? ' (skipped)' : ''
      }.`;
  return { newcomer, summary, next };
}

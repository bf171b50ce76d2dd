import { courseOf } from '../../games/index.ts';
import { onLinkClick } from '../router.ts';

/** Where a game's lessons are. */
export const learnPath = (gameId: string): string => `/${gameId}/learn`;

/** "Learn": a link to a game's lessons, where it has some. */
export function LearnLink({ gameId, className = 'learn-link' }: { gameId: string; className?: string }) {
  const course = courseOf(gameId);
  if (!course) return null;
  return (
    <a className={className} href={learnPath(gameId)} onClick={onLinkClick}>
      Learn {course.game.title}: {course.lessons.length} lessons
    </a>
  );
}

/** Lessons in the browser: each course's page at /<game>/learn, and the links that lead there. */
import { createElement } from 'react';
import { courseOf } from '../../games/index.ts';
import type { OnlinePlay, WebPage } from '../web-game.ts';
import './lessons.css';
import { learnPath } from './LearnLink.tsx';
import { LessonPage } from './LessonPage.tsx';

export { LearnLink, learnPath } from './LearnLink.tsx';

/** The lesson page of a game with a course, by path, for the game's `pages`. */
export function lessonPages(
  gameId: string,
  // biome-ignore lint/suspicious/noExplicitAny: each game's pieces take its own state type.
  play: OnlinePlay<any>,
  example: string,
): Record<string, WebPage> {
  const course = courseOf(gameId);
  if (!course) return {};
  return {
    [learnPath(gameId)]: {
      title: `Learn ${course.game.title}`,
      render: () => createElement(LessonPage, { course, play, example }),
    },
  };
}

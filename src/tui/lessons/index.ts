/** Lessons in the terminal: a "Mode" row in a game's menu settings whose "learn" opens its course. */
import { createElement as h } from 'react';
import { courseOf } from '../../games/index.ts';
import type { Pad } from '../pad.ts';
import type { LocalPlay } from '../tui-game.ts';
import { LessonScreen } from './lesson-screen.ts';

export { LESSONS_FILE, loadLessonsDone } from './progress.ts';

const PLAY = 'play';
const LEARN = 'learn';
/** The setup of the course: the screen knows it by identity. */
const LEARNING = { learn: true } as const;

/** A game's local play with its course offered as the last menu row ("Mode: play / learn"). */
export function withLessons(
  gameId: string,
  local: LocalPlay,
  show: { readonly pad?: Pad; readonly board?: (state: unknown) => string[] },
): LocalPlay {
  const course = courseOf(gameId);
  if (!course) return local;
  return {
    ...local,
    choices: [...local.choices, { label: 'Mode', values: [PLAY, LEARN] }],
    // Playing is set up as before; learning needs none of the game's settings.
    setup: (picked) => (picked.Mode === LEARN ? LEARNING : local.setup(picked)),
    screen: (setup, props) =>
      setup === LEARNING ? h(LessonScreen, { course, ...show, ...props }) : local.screen(setup, props),
  };
}

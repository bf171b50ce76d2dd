/** Sigmar's Garden in the browser: a solitaire on its own page. */
import { createElement } from 'react';
import { sigmar } from '../../games/sigmar/index.ts';
import { lessonPages } from '../lessons/index.ts';
import type { WebGame } from '../web-game.ts';
import './daily.css';
import { DailyLeaderboard } from './DailyLeaderboard.tsx';
import { SigmarLessonPlay } from './SigmarLessonBoard.tsx';
import { SigmarPage } from './SigmarPage.tsx';

export const sigmarWeb: WebGame = {
  game: sigmar,
  blurb: 'A solitaire of 55 alchemical marbles. Every board can be cleared; no account needed.',
  Page: SigmarPage,
  pages: {
    ...lessonPages('sigmar', SigmarLessonPlay, 'F4 F8'),
    '/sigmar/daily': {
      title: "The daily board's leaderboard",
      render: () => createElement(DailyLeaderboard),
    },
  },
};

/** Intricacy in the browser: the welcome page, and the picking, tutorial, editor and metagame pages. */
import { intricacy } from '../../games/intricacy/index.ts';
import type { WebGame } from '../web-game.ts';
import { INTRICACY_PAGES } from './IntricacyRoutes.tsx';
import { WelcomePage } from './WelcomePage.tsx';

export const intricacyWeb: WebGame = {
  game: intricacy,
  blurb: 'Pick locks on a hex grid with a hook and a wrench: blocks, pivots, balls and springs.',
  Page: WelcomePage,
  pages: INTRICACY_PAGES,
};

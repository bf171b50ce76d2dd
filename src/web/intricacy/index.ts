/** Intricacy in the browser: the lock-picking page and its tutorial, editor and metagame pages. */
import { intricacy } from '../../games/intricacy/index.ts';
import type { WebGame } from '../web-game.ts';
import { IntricacyPage } from './IntricacyPage.tsx';
import { INTRICACY_PAGES } from './IntricacyRoutes.tsx';

export const intricacyWeb: WebGame = {
  game: intricacy,
  blurb: 'Pick locks on a hex grid with a hook and a wrench: blocks, pivots, balls and springs.',
  Page: IntricacyPage,
  pages: INTRICACY_PAGES,
};

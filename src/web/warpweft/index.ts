/** Warp and Weft in the browser: its page, and its board on the online game page. */
import { warpweft } from '../../games/warpweft/index.ts';
import { lessonPages } from '../lessons/index.ts';
import type { WebGame } from '../web-game.ts';
import './warpweft.css';
import { WarpWeftPage } from './WarpWeftPage.tsx';
import { WeaveOnline } from './WeaveOnline.tsx';

export const warpweftWeb: WebGame = {
  game: warpweft,
  blurb: 'A connection game on a woven board. Claim threads and the patches between them; join your sides.',
  Page: WarpWeftPage,
  pages: lessonPages('warpweft', WeaveOnline, 'C5'),
  online: WeaveOnline,
};

/** Atom-4 in the browser: its page, and its board on the online game page. */
import { atom4 } from '../../games/atom4/index.ts';
import { lessonPages } from '../lessons/index.ts';
import type { WebGame } from '../web-game.ts';
import './atom4.css';
import { Atom4Online } from './Atom4Online.tsx';
import { Atom4Page } from './Atom4Page.tsx';

export const atom4Web: WebGame = {
  game: atom4,
  blurb: 'Mix coloured light on a triangular lattice; line up four whites or four blacks. Play the computer.',
  Page: Atom4Page,
  pages: lessonPages('atom4', Atom4Online, '8,6'),
  online: Atom4Online,
};

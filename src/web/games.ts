/** Every game the browser client offers, keyed on the game ids: a game missing here is a type error. */
import type { GameId } from '../games/index.ts';
import { atom4Web } from './atom4/index.ts';
import { intricacyWeb } from './intricacy/index.ts';
import { sigmarWeb } from './sigmar/index.ts';
import { warpweftWeb } from './warpweft/index.ts';
import type { WebGame } from './web-game.ts';

export const WEB_GAMES: Readonly<Record<GameId, WebGame>> = {
  atom4: atom4Web,
  intricacy: intricacyWeb,
  sigmar: sigmarWeb,
  warpweft: warpweftWeb,
};

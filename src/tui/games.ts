/**
 * Every game the terminal client offers, keyed on the one list of game ids: a game missing here is
 * a type error. The order here is the order of the menu and of a challenge's games.
 */
import type { GameId } from '../games/index.ts';
import { atom4Tui } from './atom4-game.ts';
import { intricacyTui } from './intricacy-game.ts';
import type { GameEntry } from './menu-state.ts';
import { sigmarTui } from './sigmar-game.ts';
import type { OnlinePlay, TuiGame } from './tui-game.ts';
import { warpweftTui } from './warpweft-game.ts';

/** The terminal's games by id; a test may add more to this table. */
export type TuiGames = Readonly<Record<string, TuiGame>>;

export const TUI_GAMES: TuiGames = {
  warpweft: warpweftTui,
  sigmar: sigmarTui,
  intricacy: intricacyTui,
  atom4: atom4Tui,
} satisfies Record<GameId, TuiGame>;

/** The menu's games: those with local play. */
export function menuEntries(games: TuiGames): GameEntry[] {
  return Object.entries(games).flatMap(([id, g]) =>
    g.local ? [{ id, title: g.rules.title, blurb: g.local.blurb, choices: g.local.choices }] : [],
  );
}

export interface OnlineEntry extends OnlinePlay {
  readonly id: string;
  readonly title: string;
}

/** The games the terminal plays against a server: those with a pad. */
export function onlineEntries(games: TuiGames): OnlineEntry[] {
  return Object.entries(games).flatMap(([id, g]) =>
    g.online ? [{ ...g.online, id, title: g.rules.title }] : [],
  );
}

/** The table with more games added (each under its rules' id), as a test adds a test-only game. */
export function withGames(games: TuiGames, extra: readonly TuiGame[]): TuiGames {
  return { ...games, ...Object.fromEntries(extra.map((g) => [g.rules.id, g])) };
}

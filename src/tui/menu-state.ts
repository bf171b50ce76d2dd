/** The opening menu as pure state: the game, the row being changed, each game's settings; what a key does. */
import type { Key } from 'ink';
import { type Choice, type Picked, type PickedIndexes, pickedValues, stepPick } from './tui-game.ts';

export interface GameEntry {
  readonly id: string;
  readonly title: string;
  readonly blurb: string;
  readonly choices: readonly Choice[];
}

/** What the menu shows selected; kept by the caller so it survives a game. */
export interface MenuState {
  readonly gameIndex: number;
  /** 0 the game, 1.. the chosen game's settings. */
  readonly row: number;
  readonly picked: PickedIndexes;
}

export const INITIAL_MENU: MenuState = { gameIndex: 0, row: 0, picked: {} };

/** What a key does: a new state, start the game with the values picked, quit, or nothing. */
export type MenuStep =
  | { readonly state: MenuState }
  | { readonly start: string; readonly picked: Picked }
  | 'quit'
  | null;

export function menuKey(state: MenuState, input: string, key: Key, games: readonly GameEntry[]): MenuStep {
  const game = games[state.gameIndex] as GameEntry;
  const to = (next: Partial<MenuState>) => ({ state: { ...state, ...next } });
  if (input === 'q' || key.escape) return 'quit';
  if (key.return) return { start: game.id, picked: pickedValues(game.choices, state.picked[game.id] ?? {}) };
  if (key.upArrow) return to({ row: Math.max(0, state.row - 1) });
  if (key.downArrow) return to({ row: Math.min(game.choices.length, state.row + 1) });
  const step = key.rightArrow ? 1 : key.leftArrow ? -1 : 0;
  if (step === 0) return null;
  if (state.row === 0) return to({ gameIndex: (state.gameIndex + step + games.length) % games.length });
  return to({ picked: stepPick(state.picked, game.id, game.choices[state.row - 1] as Choice, step) });
}

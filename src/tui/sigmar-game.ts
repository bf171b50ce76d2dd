/** Sigmar's Garden in the terminal: a solo game, played locally from the menu. */
import { randomInt } from 'node:crypto';
import {
  cellsOf,
  dailySeed,
  drawBoard,
  ROW_LENGTHS,
  type SigmarState,
  sigmar,
} from '../games/sigmar/index.ts';
import { withLessons } from './lessons/index.ts';
import { SigmarScreen, type SigmarSetup } from './sigmar-screen.ts';
import { localPlay, type TuiGame } from './tui-game.ts';

export const sigmarTui: TuiGame = {
  rules: sigmar,
  local: withLessons(
    'sigmar',
    localPlay<SigmarSetup>({
      blurb: 'Solitaire of 55 alchemical marbles: remove reacting free pairs until the board is clear.',
      choices: [{ label: 'Board', values: ['random', 'daily'] }],
      setup: (picked) => ({
        seed:
          picked.Board === 'daily'
            ? dailySeed(new Date().toISOString().slice(0, 10))
            : randomInt(0, 2 ** 32 - 1),
      }),
      Screen: SigmarScreen,
    }),
    // The text board without its line about positions, so the lesson fits beside it.
    {
      board: (state) =>
        drawBoard(cellsOf(state as SigmarState))
          .split('\n')
          .slice(0, ROW_LENGTHS.length),
    },
  ),
};

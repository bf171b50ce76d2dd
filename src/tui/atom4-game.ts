/** Atom-4 in the terminal: the menu's settings, the local screen, and the online pad. */
import { type Atom4State, atom4, COLOUR_NAMES, pieceToPlay, placementError } from '../games/atom4/index.ts';
import { Atom4Screen, type Atom4Setup, atom4BoardLines } from './atom4-screen.ts';
import { clamp, type Pad } from './pad.ts';
import { localPlay, type TuiGame } from './tui-game.ts';

const pad: Pad = {
  keys: 'arrows move  Enter place  n next round  R resign  q lobby',
  start: () => ({ x: 8, y: 8 }),
  onKey(input, key, view, cursor) {
    const state = view as Atom4State;
    if (key.leftArrow) return { cursor: { ...cursor, x: clamp(cursor.x - 1, 0, 15) } };
    if (key.rightArrow) return { cursor: { ...cursor, x: clamp(cursor.x + 1, 0, 15) } };
    if (key.upArrow) return { cursor: { ...cursor, y: clamp(cursor.y - 1, 0, 15) } };
    if (key.downArrow) return { cursor: { ...cursor, y: clamp(cursor.y + 1, 0, 15) } };
    if (input === 'n') {
      if (state.roundResult === null)
        return { message: 'The round is still on: n starts the next one after it.' };
      return { move: atom4.formatMove({ kind: 'next' }, state) };
    }
    if (key.return || input === ' ') {
      if (state.roundResult !== null) return { message: 'The round is over: press n for the next round.' };
      const why = placementError(state, cursor.x, cursor.y);
      if (why) return { message: `You can't put a marble here: ${why}` };
      return { move: atom4.formatMove({ kind: 'place', x: cursor.x, y: cursor.y }, state) };
    }
    return null;
  },
  lines: (view, cursor, theme) => atom4BoardLines(view as Atom4State, cursor, theme),
  describe(view, cursor) {
    const state = view as Atom4State;
    const round =
      state.roundResult === null
        ? `plays ${COLOUR_NAMES[pieceToPlay(state)]}`
        : state.roundResult === 'stalemate'
          ? 'stalemate (n: next round)'
          : `player ${state.roundResult} won the round (n: next round)`;
    return `Round ${state.round} of ${state.options.rounds}, ${state.scores[0]}:${state.scores[1]}; ${round}. Cursor ${cursor.x},${cursor.y}.`;
  },
};

export const atom4Tui: TuiGame = {
  rules: atom4,
  local: localPlay<Atom4Setup>({
    blurb: 'Mix coloured light on a triangular lattice: four whites or four blacks in a row win a round.',
    choices: [
      { label: 'Opponent', values: ['computer', 'person here'] },
      { label: 'You play', values: ['player 1', 'player 2'] },
      { label: 'Level', values: ['2', '3', '4', '5', '0', '1'] },
    ],
    setup: (picked) => ({
      computer: picked.Opponent === 'computer' ? (picked['You play'] === 'player 1' ? 1 : 0) : null,
      level: Number(picked.Level),
    }),
    Screen: Atom4Screen,
  }),
  online: {
    pad,
    settings: [{ label: 'Rounds', values: ['1', '3', '5', '7'] }],
    options: (picked) => ({ rounds: Number(picked.Rounds) }),
  },
};

/** Atom-4 in the terminal: the menu's settings, the local screen, and the online pad. */
import {
  type Atom4State,
  atom4,
  COLOUR_NAMES,
  heldRound,
  isGameOver,
  pieceToPlay,
  placementError,
} from '../games/atom4/index.ts';
import { atom4BoardLines } from './atom4-board.ts';
import { Atom4Screen, type Atom4Setup } from './atom4-screen.ts';
import { withLessons } from './lessons/index.ts';
import { type Cursor, clamp, type Pad } from './pad.ts';
import { localPlay, type TuiGame } from './tui-game.ts';

/** The cursor, and the round the viewer has gone on to from the end of the one before. */
interface Atom4Cursor extends Cursor {
  readonly seen?: number;
}

/** The position the viewer looks at: the live one, or a finished round they have not left yet. */
const shown = (view: unknown, cursor: Atom4Cursor, seat: number | undefined): Atom4State => {
  const live = view as Atom4State;
  return heldRound(live, seat, cursor.seen ?? 0) ?? live;
};

const roundWords = (state: Atom4State): string =>
  state.roundResult === 'stalemate' ? 'stalemate' : `player ${state.roundResult} won the round`;

const pad: Pad = {
  keys: 'arrows move  Enter place  n next round  R resign  q lobby',
  start: () => ({ x: 8, y: 8 }),
  onKey(input, key, view, at, seat) {
    const cursor = at as Atom4Cursor;
    const state = view as Atom4State;
    const held = heldRound(state, seat, cursor.seen ?? 0);
    if (key.leftArrow) return { cursor: { ...cursor, x: clamp(cursor.x - 1, 0, 15) } };
    if (key.rightArrow) return { cursor: { ...cursor, x: clamp(cursor.x + 1, 0, 15) } };
    if (key.upArrow) return { cursor: { ...cursor, y: clamp(cursor.y - 1, 0, 15) } };
    if (key.downArrow) return { cursor: { ...cursor, y: clamp(cursor.y + 1, 0, 15) } };
    if (held) {
      if (input === 'n') return { cursor: { ...cursor, seen: state.round } };
      if (key.return || input === ' ')
        return { message: `That was round ${held.round}: press n to go to round ${state.round}.` };
      return null;
    }
    if (input === 'n') {
      if (isGameOver(state)) return { message: 'That was the last round: the game is over.' };
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
  lines: (view, cursor, theme, _myTurn, _header, seat) =>
    atom4BoardLines(shown(view, cursor, seat), cursor, theme),
  describe(view, at, seat) {
    const cursor = at as Atom4Cursor;
    const live = view as Atom4State;
    const held = heldRound(live, seat, cursor.seen ?? 0);
    const where = `Cursor ${cursor.x},${cursor.y}.`;
    if (held)
      return `Round ${held.round}: ${roundWords(held)}, ${live.scores[0]}:${live.scores[1]}. n: go to round ${live.round}. ${where}`;
    const round =
      live.roundResult === null
        ? `plays ${COLOUR_NAMES[pieceToPlay(live)]}`
        : isGameOver(live)
          ? roundWords(live)
          : `${roundWords(live)} (n: next round)`;
    return `Round ${live.round} of ${live.options.rounds}, ${live.scores[0]}:${live.scores[1]}; ${round}. ${where}`;
  },
};

export const atom4Tui: TuiGame = {
  rules: atom4,
  local: withLessons(
    'atom4',
    localPlay<Atom4Setup>({
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
    { pad },
  ),
  online: {
    pad,
    settings: [{ label: 'Rounds', values: ['1', '3', '5', '7'] }],
    options: (picked) => ({ rounds: Number(picked.Rounds) }),
  },
};

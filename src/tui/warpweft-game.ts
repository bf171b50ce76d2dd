/** Warp and Weft in the terminal: the menu's settings, the local screen, and the online pad. */
import { legalMoves, type WarpWeftState, warpweft } from '../games/warpweft/index.ts';
import { weaveBoard } from '../grid/index.ts';
import { withLessons } from './lessons/index.ts';
import { clamp, type Pad } from './pad.ts';
import { type Choice, localPlay, type Picked, type TuiGame } from './tui-game.ts';
import { claimRefusalLine, cursorWords, weaveLines } from './warpweft-board.ts';
import { WarpWeftScreen, type WarpWeftSetup } from './warpweft-screen.ts';

const SIZE: Choice = { label: 'Size', values: ['4', '5', '6', '2', '3'] };
const RULES: Choice = { label: 'Rules', values: ['thread-primary', 'patch-primary'] };
const variant = (picked: Picked) => (picked.Rules === 'patch-primary' ? 'patch' : 'thread');

const pad: Pad = {
  keys: 'arrows move  Enter claim  t/p switch  s swap  R resign  q lobby',
  start(view) {
    const span = weaveBoard((view as WarpWeftState).options.size).span;
    return { x: (span - 1) / 2, y: (span + 1) / 2 };
  },
  onKey(input, key, view, cursor) {
    const state = view as WarpWeftState;
    const span = weaveBoard(state.options.size).span;
    if (key.leftArrow) return { cursor: { ...cursor, x: clamp(cursor.x - 1, 0, span - 1) } };
    if (key.rightArrow) return { cursor: { ...cursor, x: clamp(cursor.x + 1, 0, span - 1) } };
    if (key.upArrow) return { cursor: { ...cursor, y: clamp(cursor.y + 1, 1, span) } };
    if (key.downArrow) return { cursor: { ...cursor, y: clamp(cursor.y - 1, 1, span) } };
    if (key.return || input === ' ') {
      const piece = weaveBoard(state.options.size).pieceAt(cursor.x, cursor.y);
      const why = claimRefusalLine(state, piece);
      return why ? { message: why } : { move: warpweft.formatMove({ kind: 'place', piece }, state) };
    }
    if (input === 't') return { move: warpweft.formatMove({ kind: 'switch', to: 'threads' }, state) };
    if (input === 'p') return { move: warpweft.formatMove({ kind: 'switch', to: 'patches' }, state) };
    if (input === 's') return { move: warpweft.formatMove({ kind: 'swap' }, state) };
    return null;
  },
  lines(view, cursor, theme, myTurn, header) {
    const state = view as WarpWeftState;
    const claimable = new Set<number>();
    if (myTurn) for (const m of legalMoves(state)) if (m.kind === 'place') claimable.add(m.piece);
    return weaveLines(state, { col: cursor.x, row: cursor.y }, claimable, theme, header);
  },
  describe(view, cursor) {
    const state = view as WarpWeftState;
    const other = state.turn === 'warp' ? 'weft' : 'warp';
    const here = cursorWords(state, cursor.x, cursor.y);
    const last = state.lastMove ? ` Last: ${warpweft.formatMove(state.lastMove, state)}.` : '';
    const mode = state.modes[state.turn] === 'threads' ? 'Threading' : 'Patching';
    return `${mode}; ${other === 'warp' ? 'Warp' : 'Weft'} ${state.modes[other]}.${last} Cursor ${here}.`;
  },
};

export const warpweftTui: TuiGame = {
  rules: warpweft,
  local: withLessons(
    'warpweft',
    localPlay<WarpWeftSetup>({
      blurb: 'Connection game on a woven board: claim threads and patches, join your sides.',
      choices: [
        { label: 'Opponent', values: ['computer', 'person here'] },
        { label: 'You play', values: ['first (Warp)', 'second (Weft)'] },
        SIZE,
        RULES,
        { label: 'Computer thinks', values: ['1 s', '3 s', '0.2 s'] },
      ],
      setup: (picked) => ({
        size: Number(picked.Size),
        variant: variant(picked),
        botSeat: picked.Opponent === 'computer' ? (picked['You play']?.startsWith('first') ? 1 : 0) : null,
        thinkMs: Math.round(Number.parseFloat(picked['Computer thinks'] ?? '1') * 1000),
      }),
      Screen: WarpWeftScreen,
    }),
    { pad },
  ),
  online: {
    pad,
    settings: [SIZE, RULES],
    options: (picked) => ({ size: Number(picked.Size), variant: variant(picked) }),
  },
};

import { Box, Text, useWindowSize } from 'ink';
import { createElement as h, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { type Computer, createLocalSession, type LocalSession } from '../engine/index.ts';
import {
  legalMoves,
  SIDE_NAMES,
  type WarpWeftMove,
  type WarpWeftState,
  warpweft,
} from '../games/warpweft/index.ts';
import { weaveBoard } from '../grid/index.ts';
import { workerComputer } from './computer.ts';
import { useKeys } from './key-queue.ts';
import { renderLine } from './segments.ts';
import type { Theme } from './theme.ts';
import { boardSize, tooSmallNotice } from './too-small.ts';
import { type BoardCursor, claimRefusalLine, cursorWords, weaveLines } from './warpweft-board.ts';

export interface WarpWeftSetup {
  readonly size: number;
  readonly variant: 'thread' | 'patch';
  /** The seat the computer plays, or null for two people at one keyboard. */
  readonly botSeat: 0 | 1 | null;
  readonly thinkMs: number;
}

const KEYS = 'arrows move  Enter claim  t/p switch  s swap  u undo  q menu';

export function WarpWeftScreen({
  setup,
  theme,
  onExit,
}: {
  setup: WarpWeftSetup;
  theme: Theme;
  onExit: () => void;
}) {
  const { rows, columns } = useWindowSize();
  const span = weaveBoard(setup.size).span;
  const [thinker] = useState(() => workerComputer(warpweft.id, { thinkMs: setup.thinkMs }));
  const [session] = useState(() => start(setup, thinker.computer));
  useEffect(() => () => thinker.close(), [thinker]);
  const view = useSyncExternalStore(session.subscribe, session.view);
  const state = view.state as WarpWeftState;
  const [cursor, setCursor] = useState<BoardCursor>({ col: (span - 1) / 2, row: (span + 1) / 2 });
  const [message, setMessage] = useState('');
  const [confirmQuit, setConfirmQuit] = useState(false);
  const { thinking, outcome } = view;
  const seat = view.toMove;
  const humanTurn = seat !== undefined && seat !== setup.botSeat;

  useEffect(() => {
    const unsubscribe = session.subscribe((event) => {
      if (event.kind === 'move') setMessage('');
      else if (event.kind === 'computer-failed') setMessage(`The computer failed: ${event.error}`);
    });
    session.resume();
    return () => {
      unsubscribe();
      session.pause();
    };
  }, [session]);

  const apply = (move: WarpWeftMove) =>
    void session.playMove(move).then((played) => {
      if (!played.ok) setMessage(played.error);
    });

  const claimable = useMemo(() => {
    const set = new Set<number>();
    if (humanTurn) for (const m of legalMoves(state)) if (m.kind === 'place') set.add(m.piece);
    return set;
  }, [state, humanTurn]);

  const undo = () =>
    void session.undo().then((undone) => {
      if (undone.ok) setMessage(`Took back ${undone.value === 1 ? 'a move' : `${undone.value} moves`}.`);
    });

  useKeys((input, key) => {
    if (confirmQuit) {
      setConfirmQuit(false);
      return input === 'y' ? onExit() : setMessage('');
    }
    // A game under way is not dropped by one key.
    if (input === 'q' || key.escape) {
      if (outcome || state.ply === 0) return onExit();
      setConfirmQuit(true);
      return setMessage('Really quit this game? (y/n)');
    }
    if (key.leftArrow || key.rightArrow || key.upArrow || key.downArrow) setMessage('');
    if (key.leftArrow) return setCursor((c) => ({ ...c, col: Math.max(0, c.col - 1) }));
    if (key.rightArrow) return setCursor((c) => ({ ...c, col: Math.min(span - 1, c.col + 1) }));
    if (key.upArrow) return setCursor((c) => ({ ...c, row: Math.min(span, c.row + 1) }));
    if (key.downArrow) return setCursor((c) => ({ ...c, row: Math.max(1, c.row - 1) }));
    if (input === 'u') return undo();
    if (!humanTurn) return;
    if (key.return || input === ' ') {
      const piece = weaveBoard(setup.size).pieceAt(cursor.col, cursor.row);
      const why = claimRefusalLine(state, piece);
      if (why) setMessage(why);
      else apply({ kind: 'place', piece });
    } else if (input === 't' || input === 'p')
      apply({ kind: 'switch', to: input === 't' ? 'threads' : 'patches' });
    else if (input === 's') apply({ kind: 'swap' });
  });

  const who = (s: number) =>
    `${warpweft.seatName(state, s)}${setup.botSeat === null ? '' : s === setup.botSeat ? ' [computer]' : ' [you]'}`;
  const other = state.turn === 'warp' ? 'weft' : 'warp';
  const here = cursorWords(state, cursor.col, cursor.row);
  const last = state.lastMove ? ` Last: ${warpweft.formatMove(state.lastMove, state)}.` : '';
  const status = outcome
    ? outcome.kind === 'win'
      ? `${who(outcome.winner)} WINS: ${outcome.reason}.`
      : outcome.reason
    : `${who(seat as number)} to move, ${state.modes[state.turn] === 'threads' ? 'Threading' : 'Patching'}${
        thinking ? ' (thinking...)' : ''
      }. ${SIDE_NAMES[other].split(' ')[0]}: ${state.modes[other]}.${last} Cursor ${here}.`;

  // Fit 80 × 24 and smaller: drop the least useful lines first; with no line to spare, a refusal
  // takes the status line's place until the cursor moves.
  const room = rows - span - 1;
  const showHeader = room >= 2;
  const showKeys = room >= 3;
  const showTitle = room >= 4;
  const statusLine = room >= 1 || !message ? status : message;
  const board = weaveLines(state, cursor, claimable, theme, showHeader);
  // The board and the status line under it, at the least.
  const small = tooSmallNotice({ columns, rows }, { ...boardSize(board), rows: span + 1 }, 'q goes back');
  if (small) return small;
  return h(
    Box,
    { flexDirection: 'column' },
    showTitle &&
      h(
        Text,
        { bold: true },
        `Warp and Weft  size ${setup.size}, ${setup.variant}-primary  (move ${state.ply + 1})`,
      ),
    ...board.map((line, i) => renderLine(line, theme, i)),
    h(Text, { bold: true, wrap: 'truncate' }, statusLine),
    room >= 1 && h(Text, { color: theme.colour ? 'red' : undefined, wrap: 'truncate' }, message || ' '),
    showKeys && h(Text, { dimColor: theme.colour, wrap: 'truncate' }, KEYS),
  );
}

/** A local game with the menu's setup; the computer thinks in a worker thread. */
function start(setup: WarpWeftSetup, computer: Computer): LocalSession {
  const made = createLocalSession({
    game: warpweft,
    options: { size: setup.size, variant: setup.variant },
    seats: [0, 1].map((seat) => (seat === setup.botSeat ? 'computer' : 'person')),
    computer,
    // Started by the screen once it is shown.
    paused: true,
  });
  if (!made.ok) throw new Error(made.error);
  return made.value;
}

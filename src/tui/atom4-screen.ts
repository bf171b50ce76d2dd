import { Box, Text, useWindowSize } from 'ink';
import { createElement as h, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createLocalSession, type LocalSession } from '../engine/index.ts';
import {
  type Atom4Move,
  type Atom4State,
  atom4,
  COLOUR_NAMES,
  isGameOver,
  MAX_ROUNDS,
  pieceToPlay,
  placementError,
} from '../games/atom4/index.ts';
import { Atom4AiWorker } from '../workers/index.ts';
import { ATOM4_INK, atom4BoardLines, atom4Legend } from './atom4-board.ts';
import { useKeys } from './key-queue.ts';
import { renderLine } from './segments.ts';
import type { Theme } from './theme.ts';
import { boardSize, tooSmallNotice } from './too-small.ts';

export interface Atom4Setup {
  /** The seat (0 = player 1) the computer plays, or null for two people. */
  readonly computer: 0 | 1 | null;
  readonly level: number;
  /** Rounds to play (default: until you quit). */
  readonly rounds?: number;
  /** Seed for the computer's choice among equal moves. */
  readonly seed?: number;
}

/**
 * Atom-4 as the original's text mode draws it: `()` per piece, cursor keys, a side panel. The
 * menu's Atom-4 and `tessera atom4 play` are this screen; `onState` hears each position.
 */
export function Atom4Screen({
  setup,
  theme,
  onExit,
  onState,
}: {
  setup: Atom4Setup;
  theme: Theme;
  onExit: () => void;
  onState?: (state: Atom4State) => void;
}) {
  const worker = useRef<Atom4AiWorker | null>(null);
  const [session] = useState(() => start(setup, worker));
  const view = useSyncExternalStore(session.subscribe, session.view);
  const state = view.state as Atom4State;
  const seat = view.toMove;
  const thinking = view.thinking;
  const [cursor, setCursor] = useState({ x: 8, y: 8 });
  const [message, setMessage] = useState('');
  const [confirmQuit, setConfirmQuit] = useState(false);
  const size = useWindowSize();

  useEffect(() => {
    const unsubscribe = session.subscribe((event) => {
      if (event.kind === 'move') {
        const { seat: mover, text } = event.move;
        setMessage(text === 'next' ? '' : `Player ${mover + 1} moves (${text})`);
      } else if (event.kind === 'computer-failed') setMessage(`The computer failed: ${event.error}`);
    });
    session.resume();
    return () => {
      unsubscribe();
      session.pause();
    };
  }, [session]);
  useEffect(() => () => void worker.current?.close(), []);

  const apply = (move: Atom4Move) =>
    void session.playMove(move).then((played) => {
      if (!played.ok) setMessage(`You can't put a marble here: ${played.error}`);
    });
  useEffect(() => onState?.(state), [onState, state]);

  useKeys((input, key) => {
    if (confirmQuit) {
      if (input === 'y') onExit();
      else setConfirmQuit(false);
      return;
    }
    if (input === 'q' || key.escape) {
      if (state.roundResult === null && state.ply > 0) return setConfirmQuit(true);
      return onExit();
    }
    if (key.leftArrow) return setCursor((c) => ({ ...c, x: Math.max(0, c.x - 1) }));
    if (key.rightArrow) return setCursor((c) => ({ ...c, x: Math.min(15, c.x + 1) }));
    if (key.upArrow) return setCursor((c) => ({ ...c, y: Math.max(0, c.y - 1) }));
    if (key.downArrow) return setCursor((c) => ({ ...c, y: Math.min(15, c.y + 1) }));
    if (input === 'n' && isGameOver(state)) return setMessage('That was the last round: press q to quit.');
    if (input === 'n' && state.roundResult === null) return setMessage('The round is still being played.');
    if (input === 'n' && view.held) return session.proceed();
    if (seat === undefined || seat === setup.computer) {
      if (key.return || input === ' ' || input === 'n') setMessage("It's not your turn to move");
      return;
    }
    if (input === 'n') return apply({ kind: 'next' });
    if (key.return || input === ' ') {
      if (state.roundResult !== null) return setMessage('The round is over: press n for the next round.');
      const why = placementError(state, cursor.x, cursor.y);
      if (why) return setMessage(`You can't put a marble here: ${why}`);
      apply({ kind: 'place', x: cursor.x, y: cursor.y });
    }
  });

  const board = atom4BoardLines(state, cursor, theme);
  // The board, the message and the keys; the panel beside it may be cut.
  const small = tooSmallNotice(size, { ...boardSize(board), rows: board.length + 2 }, 'q quits');
  if (small) return small;
  const piece = pieceToPlay(state);
  const outcome = atom4.outcome(state);
  const who = (s: 0 | 1) => (setup.computer === null ? '' : s === setup.computer ? ' (computer)' : ' (you)');
  const rounds = setup.rounds ?? MAX_ROUNDS;
  const status: [string, string] = outcome
    ? [outcome.reason, '']
    : state.roundResult === 'stalemate'
      ? ['STALEMATE: no more moves left', 'n: next round']
      : state.roundResult !== null
        ? [`Player ${state.roundResult} WINS!!`, '!!! WINNER !!!  n: next round']
        : [
            `Player ${(seat ?? 0) + 1}${seat === setup.computer ? ' (computer)' : ''} to move`,
            `plays ${COLOUR_NAMES[piece]}${thinking ? ' ...' : ''}`,
          ];
  const panel = [
    `Round ${state.round}${rounds < MAX_ROUNDS ? ` of ${rounds}` : ''}`,
    `Player 1${who(0)}: ${state.scores[0]}`,
    `Player 2${who(1)}: ${state.scores[1]}`,
    '',
    ...status,
    '',
    ...atom4Legend(theme),
  ];
  // The piece to play in its colour.
  const pieceLine = state.roundResult === null && !outcome ? 5 : -1;
  return h(
    Box,
    { flexDirection: 'column' },
    h(
      Box,
      { flexDirection: 'row' },
      h(Box, { flexDirection: 'column' }, ...board.map((line, i) => renderLine(line, theme, i))),
      h(
        Box,
        { flexDirection: 'column', marginLeft: 2 },
        h(Text, { bold: true }, 'ATOM-4'),
        ...panel.map((p, i) =>
          h(
            Text,
            {
              key: `panel-${i}`,
              color: i === pieceLine && theme.colour ? ATOM4_INK[piece] : undefined,
              bold: i === 4 || i === 5,
              wrap: 'truncate',
            },
            p || ' ',
          ),
        ),
      ),
    ),
    h(Text, { wrap: 'truncate' }, confirmQuit ? 'Really quit? (y/n)' : message || ' '),
    h(
      Text,
      { dimColor: theme.colour, wrap: 'truncate' },
      'arrows move  Enter/Space place  n next round  q quit',
    ),
  );
}

/** A local game with the menu's setup; the computer thinks in a worker thread, started when first needed. */
function start(setup: Atom4Setup, worker: { current: Atom4AiWorker | null }): LocalSession {
  const made = createLocalSession({
    game: atom4,
    options: { rounds: setup.rounds ?? MAX_ROUNDS },
    seed: setup.seed,
    seats: [0, 1].map((seat) => (seat === setup.computer ? 'computer' : 'person')),
    computer: async ({ state }) => {
      const position = state as Atom4State;
      worker.current ??= new Atom4AiWorker();
      const seed = (setup.seed ?? 0) + position.ply + position.round * 1000;
      return (await worker.current.choose({ state: position, level: setup.level, seed })).move;
    },
    // Started by the screen once it is shown.
    paused: true,
    // A finished round stays on screen until n, even when the computer opens the next one.
    holdAt: (state) => (state as Atom4State).roundResult !== null,
  });
  if (!made.ok) throw new Error(made.error);
  return made.value;
}

/**
 * Picking a lock in the terminal: the board as the original's curses client drew it, a side
 * panel with the turn, the marks, the colouring mode and the blockage annotations, and the keys
 * of the chosen scheme (rebindable, see keys.ts). Undo/redo walk the history; a new move after an
 * undo drops the moves undone; named marks save points to return to, vi-style (`m a` sets mark a,
 * `' a` goes back to it); replay plays the moves made from the start.
 */
import { Text } from 'ink';
import { createElement as h, useEffect, useMemo, useRef, useState } from 'react';
import {
  colourByNature,
  current,
  describeBlockage,
  formatMarks,
  type Lock,
  solution,
  type ToolMove,
} from '../../games/intricacy/index.ts';
import { useKeys } from '../key-queue.ts';
import type { Theme } from '../theme.ts';
import { boardLines, boardWidth } from './board.ts';
import { HelpScreen, shortHelp } from './help.ts';
import { type KeyConfig, keyNames } from './keys.ts';
import { boardAndPanel, panelWidth, useTerminalSize } from './layout.ts';
import { type PickSession, pickKeys, replayStep, startPickSession } from './pick-session.ts';
import { blockageHighlights, pickStatus } from './pick-text.ts';

export interface PickProps {
  readonly lock: Lock;
  readonly title: string;
  /** Teaching text shown beside the lock (tutorial and initiation). */
  readonly intro?: string;
  readonly theme: Theme;
  readonly keys: KeyConfig;
  /** Shown in the message line until the first key (e.g. why keys.json was not used). */
  readonly notice?: string;
  readonly onExit: () => void;
  /** Called once, the first time the lock opens, with the moves that opened it. */
  readonly onSolved?: (moves: readonly ToolMove[]) => void;
  /** Offered once the lock is open: Enter goes on. */
  readonly next?: { readonly label: string; readonly go: () => void };
}

const REPLAY_STEP_MS = 350;

export function PickScreen(props: PickProps) {
  const { lock, title, intro, theme, keys, onExit, onSolved, next } = props;
  const [session, setSession] = useState<PickSession>(() => startPickSession(lock, props.notice));
  const { history, byNature, annotations, help, replaying, message } = session;
  const reported = useRef(false);
  const state = current(history);
  const { columns } = useTerminalSize();

  const colours = useMemo(
    () => (byNature ? colourByNature(state.lock) : (history.colourings[history.at] as readonly number[])),
    [state, history, byNature],
  );

  useEffect(() => {
    const solved = solution(history);
    if (solved && !reported.current) {
      reported.current = true;
      onSolved?.(solved);
    }
  }, [history, onSolved]);

  // Keys read and write the session through a ref, so several input
  // chunks arriving before the screen redraws (a loaded machine) each act on the latest state.
  const live = useRef(session);
  live.current = session;
  const update = (next: PickSession) => {
    live.current = next;
    setSession(next);
  };

  // Replay: step forward through the moves made, one every REPLAY_STEP_MS, until the end.
  useEffect(() => {
    if (!replaying) return;
    const step = () => setSession(replayStep);
    if (history.at >= history.moves.length) return step();
    const timer = setTimeout(step, REPLAY_STEP_MS);
    return () => clearTimeout(timer);
  }, [replaying, history]);

  useKeys((input, key) => {
    const done = pickKeys(live.current, keyNames(input, key), keys.bindings, next !== undefined);
    update(done.session);
    if (done.after === 'quit') onExit();
    else if (done.after === 'next') next?.go();
  });

  if (help) return h(HelpScreen, { keys, theme, what: 'pick' });

  const board = boardLines(state.lock, {
    colours,
    highlight: annotations && theme.colour ? blockageHighlights(state.blockages) : undefined,
  });
  const width = panelWidth(columns, boardWidth(lock.size));
  const status = pickStatus(history, replaying);
  const dim = { dimColor: theme.colour, wrap: 'wrap' as const };
  const panel = [
    h(Text, { key: 't', bold: true, wrap: 'wrap' }, title),
    intro ? h(Text, { key: 'i', wrap: 'wrap' }, intro) : null,
    h(
      Text,
      { key: 's', bold: true, color: state.opened && theme.colour ? 'green' : undefined, wrap: 'wrap' },
      status,
    ),
    state.opened && next ? h(Text, { key: 'n', wrap: 'wrap' }, `Enter: ${next.label}`) : null,
    h(
      Text,
      { key: 'm', ...dim },
      `Marks: ${formatMarks(history.marks) || 'none'}. Colours: ${byNature ? 'by nature' : 'adjacent differ'}. Blockages: ${annotations ? 'shown' : 'hidden'}.`,
    ),
    ...(annotations
      ? state.blockages.slice(0, 3).map((b, i) =>
          h(
            Text,
            {
              key: `b${i}`,
              color: theme.colour ? (i === 0 ? 'yellow' : 'magenta') : undefined,
              wrap: 'wrap',
            },
            `! ${describeBlockage(state.lock, b)}`,
          ),
        )
      : []),
    message ? h(Text, { key: 'e', color: theme.colour ? 'red' : undefined, wrap: 'wrap' }, message) : null,
    h(Text, { key: 'k', ...dim }, shortHelp(keys, 'pick')),
  ];
  return boardAndPanel(board, panel, width, theme);
}

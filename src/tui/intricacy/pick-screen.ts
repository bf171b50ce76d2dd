/**
 * Picking a lock in the terminal: the board as the original's curses client drew it, a side
 * panel with the turn, the marks, the colouring mode and the blockage annotations, and the keys
 * of the chosen scheme (rebindable, see keys.ts). Undo/redo walk the history; a new move after an
 * undo drops the moves undone; named marks save points to return to, vi-style (`m a` sets mark a,
 * `' a` goes back to it); replay plays the moves made from the start.
 */
import { Text, useInput } from 'ink';
import { createElement as h, useEffect, useMemo, useRef, useState } from 'react';
import {
  colourByNature,
  current,
  describeBlockage,
  formatMarks,
  goTo,
  hasTurn,
  isMarkName,
  type Lock,
  type Picking,
  playMove,
  setMark,
  solution,
  startPicking,
  type ToolMove,
  toMark,
} from '../../games/intricacy/index.ts';
import type { Theme } from '../theme.ts';
import { boardLines, boardWidth } from './board.ts';
import { HelpScreen, shortHelp } from './help.ts';
import { type Action, actionOf, type KeyConfig, keyNames, moveOf } from './keys.ts';
import { boardAndPanel, panelWidth, useTerminalSize } from './layout.ts';
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
  // The history, its named marks and colourings (src/games/intricacy/picking.ts).
  const [history, setHistory] = useState<Picking>(() => startPicking(lock));
  // After the mark or to-mark key: the next key names the mark (it is not a rebindable action).
  const naming = useRef<'mark' | 'toMark' | null>(null);
  const [byNature, setByNature] = useState(false);
  const [annotations, setAnnotations] = useState(true);
  const [help, setHelp] = useState(false);
  const [replaying, setReplaying] = useState(false);
  const [message, setMessage] = useState(props.notice ?? '');
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

  // Replay: step forward through the moves made, one every REPLAY_STEP_MS, until the end.
  useEffect(() => {
    if (!replaying) return;
    if (history.at >= history.moves.length) {
      setReplaying(false);
      return;
    }
    const timer = setTimeout(() => setHistory((hi) => goTo(hi, hi.at + 1)), REPLAY_STEP_MS);
    return () => clearTimeout(timer);
  }, [replaying, history]);

  // Handlers read and write the history through a ref, so several keys arriving in one chunk
  // (fast typing, a paste, a loaded machine) each act on the state the previous one left.
  const live = useRef(history);
  live.current = history;
  const update = (next: Picking) => {
    live.current = next;
    setHistory(next);
  };
  const play = (m: ToolMove) => {
    if (current(live.current).opened) return setMessage('the lock is open: undo or reset to play on');
    const after = playMove(live.current, m);
    if (!after.ok) return setMessage(after.error);
    update(after.value);
  };
  const jump = (at: number) => {
    if (!hasTurn(live.current, at)) return setMessage('nothing more to go back to or redo');
    update(goTo(live.current, at));
  };

  const nameMark = (what: 'mark' | 'toMark', name: string) => {
    if (name === 'escape') return setMessage('');
    if (!isMarkName(name)) return setMessage('a mark is named by a letter or digit');
    if (what === 'mark') {
      update(setMark(live.current, name));
      return setMessage(`mark ${name} set at turn ${live.current.at}`);
    }
    const back = toMark(live.current, name);
    if (!back.ok) return setMessage(back.error);
    update(back.value);
    setMessage(`back at mark ${name} (turn ${back.value.at})`);
  };

  const commands: Partial<Record<Action, () => void>> = {
    quit: onExit,
    undo: () => jump(live.current.at - 1),
    redo: () => jump(live.current.at + 1),
    reset: () => jump(0),
    mark: () => {
      naming.current = 'mark';
      setMessage('mark: press a letter or digit to name it (Esc cancels)');
    },
    toMark: () => {
      if (Object.keys(live.current.marks).length === 0) return setMessage('no marks set yet');
      naming.current = 'toMark';
      setMessage(`back to which mark? ${formatMarks(live.current.marks)} (Esc cancels)`);
    },
    replay: () => {
      if (live.current.moves.length === 0) return setMessage('no moves to replay yet');
      update(goTo(live.current, 0));
      setReplaying(true);
    },
    colours: () => setByNature(!byNature),
    annotations: () => setAnnotations(!annotations),
    help: () => setHelp(true),
  };

  useInput((input, key) => {
    if (help) return setHelp(false);
    if (replaying) {
      setReplaying(false);
      return setMessage(`replay stopped at turn ${history.at}`);
    }
    setMessage('');
    for (const name of keyNames(input, key)) {
      const what = naming.current;
      if (what) {
        naming.current = null;
        nameMark(what, name);
        continue;
      }
      if (name === 'enter' && current(live.current).opened && next) return next.go();
      const action = actionOf(keys.bindings, name);
      if (!action) continue;
      const move = moveOf(action);
      if (move) play(move);
      else commands[action]?.();
      if (action === 'quit' || action === 'help' || action === 'replay') return;
    }
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

/**
 * The terminal picker's state and what each key does to it, as pure functions: the history
 * (src/games/intricacy/picking.ts), the display toggles, naming a mark after the mark or
 * to-mark key (vi-style: `m a` sets mark a, `' a` goes back to it), replay, and the message
 * line. pick-screen.ts holds a session and runs the replay timer; the decisions are here.
 */
import {
  current,
  formatMarks,
  goTo,
  hasTurn,
  isMarkName,
  type Lock,
  type Picking,
  playMove,
  setMark,
  startPicking,
  type ToolMove,
  toMark,
} from '../../games/intricacy/index.ts';
import { actionOf, type Bindings, moveOf } from './keys.ts';

export interface PickSession {
  readonly history: Picking;
  /** After the mark or to-mark key: the next key names the mark (it is not a rebindable action). */
  readonly naming: 'mark' | 'toMark' | null;
  readonly byNature: boolean;
  readonly annotations: boolean;
  readonly help: boolean;
  readonly replaying: boolean;
  readonly message: string;
}

export const startPickSession = (lock: Lock, notice = ''): PickSession => ({
  history: startPicking(lock),
  naming: null,
  byNature: false,
  annotations: true,
  help: false,
  replaying: false,
  message: notice,
});

export interface KeysResult {
  readonly session: PickSession;
  /** What the screen does after the keys: leave, or go on from the open lock (Enter). */
  readonly after?: 'quit' | 'next';
}

/**
 * The session after one chunk of input: usually one key, but keys typed fast or pasted arrive
 * together and each acts on the state the previous one left. Any key closes the help or stops a
 * replay; `canGoOn` says whether Enter goes on from an open lock.
 */
export function pickKeys(
  s: PickSession,
  names: readonly string[],
  bindings: Bindings,
  canGoOn: boolean,
): KeysResult {
  if (s.help) return { session: { ...s, help: false } };
  if (s.replaying)
    return { session: { ...s, replaying: false, message: `replay stopped at turn ${s.history.at}` } };
  let session: PickSession = { ...s, message: '' };
  for (const name of names) {
    if (session.naming) {
      session = nameMark({ ...session, naming: null }, session.naming, name);
      continue;
    }
    if (name === 'enter' && current(session.history).opened && canGoOn) return { session, after: 'next' };
    const action = actionOf(bindings, name);
    if (!action) continue;
    if (action === 'quit') return { session, after: 'quit' };
    const move = moveOf(action);
    session = move ? play(session, move) : command(session, action);
    if (action === 'help' || action === 'replay') return { session };
  }
  return { session };
}

/** The replay timer: one turn forward, or the end of the replay. */
export function replayStep(s: PickSession): PickSession {
  if (!s.replaying) return s;
  if (s.history.at >= s.history.moves.length) return { ...s, replaying: false };
  return { ...s, history: goTo(s.history, s.history.at + 1) };
}

const say = (s: PickSession, message: string): PickSession => ({ ...s, message });

function play(s: PickSession, m: ToolMove): PickSession {
  if (current(s.history).opened) return say(s, 'the lock is open: undo or reset to play on');
  const after = playMove(s.history, m);
  return after.ok ? { ...s, history: after.value } : say(s, after.error);
}

function jump(s: PickSession, at: number): PickSession {
  if (!hasTurn(s.history, at)) return say(s, 'nothing more to go back to or redo');
  return { ...s, history: goTo(s.history, at) };
}

function nameMark(s: PickSession, what: 'mark' | 'toMark', name: string): PickSession {
  if (name === 'escape') return say(s, '');
  if (!isMarkName(name)) return say(s, 'a mark is named by a letter or digit');
  if (what === 'mark')
    return say({ ...s, history: setMark(s.history, name) }, `mark ${name} set at turn ${s.history.at}`);
  const back = toMark(s.history, name);
  if (!back.ok) return say(s, back.error);
  return say({ ...s, history: back.value }, `back at mark ${name} (turn ${back.value.at})`);
}

function command(s: PickSession, action: string): PickSession {
  const { history } = s;
  switch (action) {
    case 'undo':
      return jump(s, history.at - 1);
    case 'redo':
      return jump(s, history.at + 1);
    case 'reset':
      return jump(s, 0);
    case 'mark':
      return { ...s, naming: 'mark', message: 'mark: press a letter or digit to name it (Esc cancels)' };
    case 'toMark':
      if (Object.keys(history.marks).length === 0) return say(s, 'no marks set yet');
      return {
        ...s,
        naming: 'toMark',
        message: `back to which mark? ${formatMarks(history.marks)} (Esc cancels)`,
      };
    case 'replay':
      if (history.moves.length === 0) return say(s, 'no moves to replay yet');
      return { ...s, history: goTo(history, 0), replaying: true };
    case 'colours':
      return { ...s, byNature: !s.byNature };
    case 'annotations':
      return { ...s, annotations: !s.annotations };
    case 'help':
      return { ...s, help: true };
    default:
      return s;
  }
}

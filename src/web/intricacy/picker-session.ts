/**
 * The picker's state and what each command does to it, as pure functions: the history
 * (src/games/intricacy/picking.ts), the message line, naming a mark after the mark or to-mark
 * key, and replay. Picker.tsx holds a session in React state and runs its timers; everything a
 * key, a button or a tap decides is here.
 */
import {
  current,
  goTo,
  isMarkName,
  type Lock,
  markList,
  moveOf,
  nextFreeMark,
  type Picking,
  parseMoveList,
  playMove,
  playMoves,
  setMark,
  startPicking,
  type ToolMove,
  toMark,
} from '../../games/intricacy/index.ts';
import { count } from '../plural.ts';
import { type Action, actionOfKey, type KeyMap } from './keymap.ts';

export interface PickerSession {
  readonly picking: Picking;
  readonly message: string;
  /** After the mark or to-mark key (or the Back to mark button): waiting for a mark's name. */
  readonly naming: 'mark' | 'toMark' | null;
  readonly replaying: boolean;
}

export type PickerCommand =
  /** A picking action, from its key or its button. */
  | { readonly kind: 'action'; readonly action: Action }
  | { readonly kind: 'move'; readonly move: ToolMove }
  /** The key pressed after the mark or to-mark key: the mark's name, or Escape. */
  | { readonly kind: 'nameKey'; readonly key: string }
  | { readonly kind: 'jump'; readonly at: number }
  /** The Mark button: the next free mark, at once. */
  | { readonly kind: 'markNext' }
  | { readonly kind: 'toMark'; readonly name: string }
  /** The Back to mark button: open or close the list of marks. */
  | { readonly kind: 'toggleMarkChooser' }
  | { readonly kind: 'cancelNaming' }
  /** The replay timer: one turn forward, or the end of the replay. */
  | { readonly kind: 'replayStep' }
  | { readonly kind: 'playTyped'; readonly text: string }
  /** A word for the player (a tap that means nothing). */
  | { readonly kind: 'say'; readonly message: string };

/** A turn just played, for the animation of its two phases. */
export interface PlayedTurn {
  readonly before: Lock;
  readonly move: ToolMove;
  readonly after: Lock;
}

export interface PickerStep {
  readonly session: PickerSession;
  /** What the animation of the last turn does: carry on, stop, or show this turn. */
  readonly animation: 'keep' | 'stop' | PlayedTurn;
}

/** A new session on `lock`; `moves` (a note's solution, a recorded one) are loaded ready to replay. */
export function startSession(lock: Lock, moves?: readonly ToolMove[]): PickerSession {
  const start = startPicking(lock);
  const loaded = moves?.length ? goTo(playMoves(start, moves).picking, 0) : start;
  return {
    picking: loaded,
    message: moves?.length ? `${count(moves.length, 'move')} loaded: press Replay.` : '',
    naming: null,
    replaying: false,
  };
}

/** A session carried on from a history kept across a reload (picking-kept.ts). */
export const resumeSession = (picking: Picking): PickerSession => ({
  picking,
  message: `Carried on where you left off: turn ${picking.at} of ${picking.moves.length}.`,
  naming: null,
  replaying: false,
});

/** The command a key press gives, or null when the picker leaves the key alone. */
export function keyCommand(session: PickerSession, keys: KeyMap, key: string): PickerCommand | null {
  if (session.naming) return MODIFIERS.includes(key) ? null : { kind: 'nameKey', key };
  const action = actionOfKey(keys, key);
  return action ? { kind: 'action', action } : null;
}
const MODIFIERS = ['Shift', 'Control', 'Alt', 'Meta', 'CapsLock'];

export function pickerStep(s: PickerSession, c: PickerCommand): PickerStep {
  switch (c.kind) {
    case 'action':
      return runAction(s, c.action);
    case 'move':
      return move(s, c.move);
    case 'nameKey':
      return nameKey(s, c.key);
    case 'jump':
      return jump(s, c.at);
    case 'markNext':
      return keep(markHere(s, nextFreeMark(s.picking.marks)));
    case 'toMark':
      return backToMark(s, c.name);
    case 'toggleMarkChooser':
      return keep(s.naming === 'toMark' ? { ...s, naming: null } : askName(s, 'toMark'));
    case 'cancelNaming':
      return keep({ ...s, naming: null });
    case 'replayStep':
      return keep(replayStep(s));
    case 'playTyped':
      return keep(playTyped(s, c.text));
    case 'say':
      return keep({ ...s, message: c.message });
  }
}

const keep = (session: PickerSession): PickerStep => ({ session, animation: 'keep' });

function runAction(s: PickerSession, action: Action): PickerStep {
  const m = moveOf(action);
  if (m) return move(s, m);
  const at = s.picking.at;
  if (action === 'undo') return jump(s, at - 1);
  if (action === 'redo') return jump(s, at + 1);
  if (action === 'reset') return jump(s, 0);
  if (action === 'mark' || action === 'toMark') return keep(askName(s, action));
  if (action === 'replay') return { session: toggleReplay(s), animation: 'stop' };
  return keep(s);
}

function move(s: PickerSession, m: ToolMove): PickerStep {
  const next = playMove(s.picking, m);
  if (!next.ok) return keep({ ...s, replaying: false, message: next.error });
  return {
    session: { ...s, picking: next.value, replaying: false, message: '' },
    animation: { before: current(s.picking).lock, move: m, after: current(next.value).lock },
  };
}

function jump(s: PickerSession, at: number): PickerStep {
  return {
    session: { ...s, picking: goTo(s.picking, at), replaying: false, message: '' },
    animation: 'stop',
  };
}

const markHere = (s: PickerSession, name: string): PickerSession => ({
  ...s,
  naming: null,
  picking: setMark(s.picking, name),
  message: `Mark ${name} set at turn ${s.picking.at}.`,
});

function backToMark(s: PickerSession, name: string): PickerStep {
  const back = toMark(s.picking, name);
  if (!back.ok) return keep({ ...s, naming: null, message: back.error });
  const step = jump({ ...s, naming: null }, back.value.at);
  return { ...step, session: { ...step.session, message: `Back at mark ${name} (turn ${back.value.at}).` } };
}

function askName(s: PickerSession, what: 'mark' | 'toMark'): PickerSession {
  if (what === 'toMark' && markList(s.picking.marks).length === 0)
    return { ...s, message: 'No marks set yet.' };
  return {
    ...s,
    naming: what,
    message:
      what === 'mark'
        ? 'Mark: press a letter or digit to name it (Esc cancels).'
        : 'Back to which mark? Press its letter or digit (Esc cancels).',
  };
}

function nameKey(s: PickerSession, key: string): PickerStep {
  const what = s.naming;
  const named = { ...s, naming: null };
  if (key === 'Escape') return keep({ ...named, message: '' });
  if (!isMarkName(key)) return keep({ ...named, message: 'A mark is named by a letter or digit.' });
  return what === 'mark' ? keep(markHere(named, key)) : backToMark(named, key);
}

/** Whether the history shows its last turn (nothing to redo or replay further). */
export const atLastTurn = (p: Picking): boolean => p.at + 1 >= p.states.length;

/** Replay starts from the beginning when at the end; pressed again, it stops. */
function toggleReplay(s: PickerSession): PickerSession {
  if (s.replaying) return { ...s, replaying: false };
  if (s.picking.states.length < 2) return { ...s, message: 'Nothing to replay yet.' };
  const picking = atLastTurn(s.picking) ? goTo(s.picking, 0) : s.picking;
  return { ...s, picking, message: '', replaying: true };
}

function replayStep(s: PickerSession): PickerSession {
  if (!s.replaying) return s;
  if (atLastTurn(s.picking)) return { ...s, replaying: false };
  return { ...s, picking: goTo(s.picking, s.picking.at + 1) };
}

function playTyped(s: PickerSession, text: string): PickerSession {
  const list = parseMoveList(text);
  if (!list.ok) return { ...s, message: list.error };
  const done = playMoves(s.picking, list.value);
  return { ...s, picking: done.picking, message: done.error ?? '' };
}

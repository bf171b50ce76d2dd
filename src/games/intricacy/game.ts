/**
 * The lock-picking game as a one-seat puzzle (src/games/game.ts): the options are the lock, a
 * move is one player turn, and the game is won as soon as a state reached has the bolt area
 * empty (the lock is open).
 */
import { HEX_DIRECTION_NAMES } from '../../grid/index.ts';
import { fail, type Game, ok, type Result } from '../game.ts';
import { type Lock, pieceLabel } from './lock.ts';
import { compile, toLock } from './mechanism.ts';
import { ALL_MOVES, formatToolMove, parseToolMove } from './notation.ts';
import {
  type Blockage,
  type Force,
  forceCode,
  forcePiece,
  isPush,
  Physics,
  type ToolMove,
  turnOf,
} from './physics.ts';
import { lockToText, parseLockText } from './text.ts';
import { lockFromJson, lockProblems } from './validity.ts';

/** A force in plain JSON: a push on a piece in a direction, or a torque (+1 CCW, −1 CW). */
export type ForceView =
  | { readonly piece: number; readonly push: number }
  | { readonly piece: number; readonly turn: 1 | -1 };

export interface BlockageView {
  readonly phase: 1 | 2;
  readonly reason: Blockage['reason'];
  /** The force that did not happen (the orange arrow). */
  readonly blocked: ForceView;
  /** The force that blocked it (the purple arrow); absent when nothing could be named. */
  readonly by?: ForceView;
}

export interface IntricacyState {
  /** The lock as it stands now: pieces where the turns have put them. */
  readonly lock: Lock;
  readonly turns: number;
  /** Whether some state reached had the bolt area empty. */
  readonly opened: boolean;
  /** The last turn's blockage annotations. */
  readonly blockages: readonly BlockageView[];
}

export const forceView = (f: Force): ForceView =>
  isPush(f) ? { piece: forcePiece(f), push: forceCode(f) } : { piece: forcePiece(f), turn: turnOf(f) };

export function blockageView(b: Blockage): BlockageView {
  return b.by < 0
    ? { phase: b.phase, reason: b.reason, blocked: forceView(b.blocked) }
    : { phase: b.phase, reason: b.reason, blocked: forceView(b.blocked), by: forceView(b.by) };
}

export function describeForce(lock: Lock, f: ForceView): string {
  const what =
    'push' in f
      ? `push ${HEX_DIRECTION_NAMES[f.push]}`
      : f.turn === 1
        ? 'turn anticlockwise'
        : 'turn clockwise';
  return `${what} on ${pieceLabel(lock, f.piece)}`;
}

export function describeBlockage(lock: Lock, b: BlockageView): string {
  const by = b.by ? describeForce(lock, b.by) : 'nothing named';
  const how =
    b.reason === 'resisted' ? 'resisted at' : b.reason === 'dominated' ? 'dominated by' : 'blocked by';
  return `phase ${b.phase}: ${describeForce(lock, b.blocked)} ${how} ${by}`;
}

/** Whether an untrusted value is a player move. */
export function isToolMove(move: unknown): move is ToolMove {
  if (typeof move !== 'object' || move === null) return false;
  const m = move as Record<string, unknown>;
  const dir = typeof m.dir === 'number' && Number.isInteger(m.dir) && m.dir >= 0 && m.dir <= 5;
  if (m.tool === 'wait') return true;
  if (m.tool === 'wrench') return dir;
  if (m.tool === 'hook') return dir || m.turn === 1 || m.turn === -1;
  return false;
}

/** One turn on any lock state (not checked for validity: callers check their input). */
export function turnLock(
  lock: Lock,
  move: ToolMove,
): { lock: Lock; open: boolean; blockages: BlockageView[] } {
  const { mechanism, config } = compile(lock);
  const physics = new Physics(mechanism);
  const open = physics.turn(config, move);
  return { lock: toLock(mechanism, config), open, blockages: physics.blockages.map(blockageView) };
}

/** A lock from its JSON form or its text form, checked as a lock to be picked. */
export function parseLock(input: unknown): Result<Lock> {
  const lock = typeof input === 'string' ? parseLockText(input) : lockFromJson(input);
  if (!lock.ok) return lock;
  const problems = lockProblems(lock.value);
  return problems.length > 0 ? fail(problems.join('; ')) : lock;
}

/**
 * A lock can be worked on without end (waiting, pushing back and forth), so an unopened lock is
 * given up after this many turns, far more than opening a lock takes.
 */
export const MAX_TURNS = 2000;

export const intricacy: Game<Lock, IntricacyState, ToolMove> = {
  id: 'intricacy',
  title: 'Intricacy',
  parseOptions: parseLock,
  seatCount: () => 1,
  maxMoves: () => MAX_TURNS,
  seatName: () => 'Picker',
  setup: (lock) => ({ lock, turns: 0, opened: false, blockages: [] }),
  toMove: (state) => (state.opened ? undefined : 0),
  legalMoves: (state) => (state.opened ? [] : [...ALL_MOVES]),
  play(state, move) {
    if (state.opened) return fail('the lock is already open');
    if (!isToolMove(move)) return fail(`not a move: ${JSON.stringify(move)}`);
    const next = turnLock(state.lock, move);
    return ok({ lock: next.lock, turns: state.turns + 1, opened: next.open, blockages: next.blockages });
  },
  outcome: (state) =>
    state.opened
      ? { kind: 'win', winner: 0, reason: `the lock is open after ${state.turns} turns` }
      : undefined,
  view: (state) => state,
  parseMove: (text) => parseToolMove(text),
  formatMove: (move) => formatToolMove(move),
  toText: (state) => lockToText(state.lock),
};

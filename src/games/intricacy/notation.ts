/**
 * Move notation, one token per turn:
 *   hE hNE hNW hW hSW hSE   the hook one step (directions as in grid/hex.ts)
 *   h+ h-                   the hook turned 60° counter-clockwise / clockwise
 *   wE wNE … wSE            the wrench one step (it keeps moving that way until blocked)
 *   .                       wait
 * The original's default keys are accepted too (case matters): hook l h u b y n = E W NE SW
 * NW SE, k j = turn counter-clockwise / clockwise; the same letters in capitals move the wrench
 * (K and J are not moves); "wait" is accepted for ".".
 */
import { HEX_DIRECTION_NAMES } from '../../grid/index.ts';
import { fail, ok, type Result } from '../game.ts';
import type { ToolMove } from './physics.ts';

/** The original Intricacy program's default keys → direction (l/h ±hu, b/u ±hw, y/n ±hv). */
export const KEY_DIRECTIONS: Readonly<Record<string, number>> = { l: 0, u: 1, y: 2, h: 3, b: 4, n: 5 };

export function parseToolMove(token: string): Result<ToolMove> {
  const t = token.trim();
  if (t === '.' || t.toLowerCase() === 'wait') return ok({ tool: 'wait' });
  if (t.length === 1) {
    if (t === 'k') return ok({ tool: 'hook', turn: 1 });
    if (t === 'j') return ok({ tool: 'hook', turn: -1 });
    const d = KEY_DIRECTIONS[t.toLowerCase()];
    if (d !== undefined)
      return ok(t === t.toLowerCase() ? { tool: 'hook', dir: d } : { tool: 'wrench', dir: d });
  }
  const m = /^([hw])(\+|-|[a-z]{1,2})$/i.exec(t);
  if (m) {
    const tool = (m[1] as string).toLowerCase() === 'h' ? 'hook' : 'wrench';
    const rest = (m[2] as string).toUpperCase();
    if (rest === '+' || rest === '-') {
      if (tool === 'wrench') return fail(`"${t}": the wrench cannot turn`);
      return ok({ tool: 'hook', turn: rest === '+' ? 1 : -1 });
    }
    const d = HEX_DIRECTION_NAMES.indexOf(rest as 'E');
    if (d >= 0) return ok(tool === 'hook' ? { tool: 'hook', dir: d } : { tool: 'wrench', dir: d });
  }
  return fail(`"${t}" is not a move (hE … hSE, h+, h-, wE … wSE, "." to wait, or a default key)`);
}

export function formatToolMove(move: ToolMove): string {
  if (move.tool === 'wait') return '.';
  if ('turn' in move) return move.turn === 1 ? 'h+' : 'h-';
  return `${move.tool === 'hook' ? 'h' : 'w'}${HEX_DIRECTION_NAMES[move.dir]}`;
}

/** A move list as text: tokens separated by spaces (what parseMoveList reads back). */
export const formatMoveList = (moves: readonly ToolMove[]): string => moves.map(formatToolMove).join(' ');

/** A move list: tokens separated by spaces or commas. */
export function parseMoveList(text: string): Result<ToolMove[]> {
  const moves: ToolMove[] = [];
  const tokens = text.split(/[\s,]+/).filter((t) => t !== '');
  for (const [i, t] of tokens.entries()) {
    const m = parseToolMove(t);
    if (!m.ok) return fail(`move ${i + 1}: ${m.error}`);
    moves.push(m.value);
  }
  return ok(moves);
}

/** The fifteen player moves, in the order the solver tries them. */
export const ALL_MOVES: readonly ToolMove[] = [
  { tool: 'wait' },
  ...[0, 1, 2, 3, 4, 5].map((dir): ToolMove => ({ tool: 'hook', dir })),
  { tool: 'hook', turn: 1 },
  { tool: 'hook', turn: -1 },
  ...[0, 1, 2, 3, 4, 5].map((dir): ToolMove => ({ tool: 'wrench', dir })),
];

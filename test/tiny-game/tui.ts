/**
 * Tiny Nim in the terminal client: the challenge's one setting and the game screen's pad (← →
 * choose how many counters to take, Enter or a digit takes them). All a new game needs there.
 */
import type { Pad, TuiGame } from '../../src/tui/index.ts';
import { MAX_TAKE, type TinyState, tiny } from './rules.ts';

const take = (view: unknown, count: number) =>
  Math.max(1, Math.min(count, MAX_TAKE, (view as TinyState).left));

const pad: Pad = {
  keys: 'left/right how many  Enter take  1-3 take  R resign  q lobby',
  start: () => ({ x: 1, y: 0 }),
  onKey(input, key, view, cursor) {
    if (key.leftArrow) return { cursor: { ...cursor, x: take(view, cursor.x - 1) } };
    if (key.rightArrow) return { cursor: { ...cursor, x: take(view, cursor.x + 1) } };
    if (key.return) return { move: tiny.formatMove(cursor.x, view as TinyState) };
    if (/^[1-9]$/.test(input)) return { move: input };
    return null;
  },
  lines(view, cursor, _theme, myTurn) {
    const { left } = view as TinyState;
    const taking = myTurn ? Math.min(cursor.x, left) : 0;
    return [
      [{ text: ' ' }, { text: 'o '.repeat(left - taking) }, { text: 'x '.repeat(taking), inverse: true }],
    ];
  },
  describe: (view, cursor) => `${(view as TinyState).left} left; take ${cursor.x}.`,
};

export const tinyTui: TuiGame = {
  rules: tiny,
  online: {
    pad,
    settings: [{ label: 'Counters', values: ['7', '5', '10'] }],
    options: (picked) => ({ counters: Number(picked.Counters) }),
  },
};

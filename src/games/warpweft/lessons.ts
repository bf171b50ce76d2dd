/**
 * Warp and Weft's lessons (see ../lesson.ts), on the smallest board (size 2): each a position
 * reached by real moves from the start, and an aim the rules check. Every move that meets the aim
 * is accepted.
 */
import type { Lesson } from '../lesson.ts';
import { pieceName } from './notation.ts';
import {
  geometry,
  isConnected,
  OWNER_OF,
  ownerAt,
  type Side,
  type WarpWeftMove,
  type WarpWeftState,
} from './rules.ts';

type WarpWeftLesson = Lesson<WarpWeftState, WarpWeftMove>;

const SMALL = { size: 2, variant: 'thread' };

/** How many separate groups of touching pieces `side` has. */
function groups(state: WarpWeftState, side: Side): number {
  const g = geometry(state.options.size);
  const own = OWNER_OF[side];
  const seen = new Set<number>();
  let n = 0;
  for (let p = 0; p < state.owners.length; p++) {
    if (ownerAt(state, p) !== own || seen.has(p)) continue;
    n++;
    const stack = [p];
    seen.add(p);
    while (stack.length > 0) {
      for (const q of g.neighbours[stack.pop() as number] as readonly number[]) {
        if (ownerAt(state, q) === own && !seen.has(q)) {
          seen.add(q);
          stack.push(q);
        }
      }
    }
  }
  return n;
}

/** The move in words: "you claimed D6", "you switched to patches". */
function moveSaid(state: WarpWeftState, move: WarpWeftMove): string {
  if (move.kind === 'place') return `you claimed ${pieceName(move.piece, state.options.size)}`;
  if (move.kind === 'switch') return `you switched to ${move.to}`;
  return 'you swapped';
}

export const WARPWEFT_LESSONS: readonly WarpWeftLesson[] = [
  {
    id: 'warpweft/threads',
    title: 'Threads',
    teach:
      'The board is woven from long threads and the small square patches between them. Warp (Vert) owns the vertical threads and joins the top edge to the bottom; Weft (Horz) owns the horizontal threads and joins left to right. Both players start Threading: a turn claims one unclaimed thread of your own direction.',
    aim: 'You are Warp (Vert). Claim a vertical thread.',
    options: SMALL,
    moves: [],
    achieves: (_before, after, move) => move.kind === 'place' && ownerAt(after, move.piece) === OWNER_OF.warp,
    miss: (before, _after, move) => `Here ${moveSaid(before, move)}: claim a vertical thread instead.`,
    praise: 'That thread is yours.',
  },
  {
    id: 'warpweft/switch',
    title: 'Switching to patches',
    teach:
      'Threads of one direction never touch each other: to join them you need the patches between them. Instead of claiming a piece you may spend your turn switching between Threading and Patching.',
    aim: 'You are Warp, with two threads. Use this turn to switch to Patching.',
    options: SMALL,
    moves: ['A7', 'A5', 'C5', 'E5'],
    achieves: (_before, after) => after.modes.warp === 'patches',
    miss: (before, _after, move) =>
      `Here ${moveSaid(before, move)}, and you are still Threading: spend this turn switching to Patching instead.`,
    praise: 'You are Patching now; your next turn claims a patch.',
  },
  {
    id: 'warpweft/patches',
    title: 'Patches join threads',
    teach:
      'A Patching player claims an unclaimed patch that touches one of their own threads. A patch touches the four threads around it, so one patch can join two of your threads into one chain.',
    aim: 'You are Warp and Patching. Claim the patch that joins your threads A7 and C5.',
    options: SMALL,
    moves: ['A7', 'A5', 'C5', 'E5', 'patches', 'C3'],
    achieves: (before, after) => groups(after, 'warp') < groups(before, 'warp'),
    miss: (before, _after, move) =>
      `Here ${moveSaid(before, move)}, but your threads A7 and C5 are still apart. Find the patch that touches both.`,
    praise: 'A7 and C5 are one chain now.',
  },
  {
    id: 'warpweft/connect',
    title: 'Joining your sides',
    teach:
      'The first player to join their two sides with an unbroken chain of their own threads and patches wins. (A player with no valid play loses.)',
    aim: 'You are Warp and Patching. Win: complete a chain from the top edge to the bottom.',
    options: SMALL,
    moves: ['A7', 'A5', 'C5', 'E5', 'E3', 'C3', 'G1', 'A1', 'patches', 'C7', 'B6', 'G7', 'D4', 'G3'],
    achieves: (_before, after) => isConnected(after, 'warp'),
    miss: (before, _after, move) =>
      `Here ${moveSaid(before, move)}, and the chain is not complete yet. Which patch joins E3 to G1 on the bottom edge?`,
    praise: 'Top to bottom in one chain: Warp wins.',
  },
  {
    id: 'warpweft/swap',
    title: 'The swap',
    teach:
      'Warp moves first, which is an advantage. So as the second move of the game, Weft may swap: take over Warp, and the piece already played, leaving the other player as Weft to move.',
    aim: 'Warp opened with the strong middle thread C5. You are Weft: swap, and make that thread yours.',
    options: SMALL,
    moves: ['C5'],
    achieves: (before, after) => after.warpSeat !== before.warpSeat,
    miss: (before, _after, move) =>
      `Here ${moveSaid(before, move)}; C5 still belongs to the other player. Swap instead, and C5 is yours.`,
    praise: 'You are Warp now, with C5; the other player plays Weft.',
  },
];

/**
 * Warp and Weft: random playouts per second, and the MCTS bot's win rate against uniformly random
 * play at size 4 with 200 ms per move (target: at least 99 of 100 games).
 * WW_GAMES sets the number of games (default 100); WW_THINK_MS the bot's time per move.
 */
import {
  chooseMove,
  legalMoves,
  playout,
  type WarpWeftState,
  warpweft,
} from '../src/games/warpweft/index.ts';
import { fastPlayout } from '../src/games/warpweft/playout.ts';
import { createRng } from '../src/grid/rng.ts';
import { report } from './report.ts';

const BENCH = 'warpweft';
const games = Number(process.env.WW_GAMES ?? 100);
const thinkMs = Number(process.env.WW_THINK_MS ?? 200);

function playoutsPerSecond(size: number, run: typeof playout): number {
  const rng = createRng(size);
  const start = warpweft.setup({ size, variant: 'thread' }, 0);
  const began = performance.now();
  let n = 0;
  while (performance.now() - began < 2000) {
    run(start, rng);
    n++;
  }
  return n / ((performance.now() - began) / 1000);
}

for (const size of [2, 4, 6]) {
  // The bot's own playouts, then the same playouts through the public play() and legalMoves().
  const fast = playoutsPerSecond(size, fastPlayout);
  report(BENCH, `random playouts per second, size ${size}`, Math.round(fast), 'playouts/s');
  const slow = playoutsPerSecond(size, playout);
  report(BENCH, `random playouts per second through play(), size ${size}`, Math.round(slow), 'playouts/s');
}

let wins = 0;
let botMoves = 0;
const random = createRng(2026);
for (let game = 0; game < games; game++) {
  // The bot takes the first seat in even games and the second in odd ones.
  const botSeat = game % 2;
  let state: WarpWeftState = warpweft.setup({ size: 4, variant: 'thread' }, game);
  while (!state.result) {
    let move: ReturnType<typeof chooseMove>;
    if (warpweft.toMove(state) === botSeat) {
      const deadline = performance.now() + thinkMs;
      move = chooseMove(state, { seed: game * 1000 + state.ply, timeUp: () => performance.now() > deadline });
      botMoves++;
    } else {
      move = random.pick(legalMoves(state));
    }
    const next = warpweft.play(state, move);
    if (!next.ok) throw new Error(next.error);
    state = next.value;
  }
  const outcome = warpweft.outcome(state);
  if (outcome?.kind === 'win' && outcome.winner === botSeat) wins++;
}
report(BENCH, `bot wins against random play, size 4, ${thinkMs} ms per move`, wins, `of ${games} games`);
report(BENCH, 'bot moves made in those games', botMoves, 'moves');

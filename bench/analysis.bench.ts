/**
 * Post-game analysis: how long the analysis of a 60-move Atom-4 game and of a size-6 Warp and
 * Weft game takes (in this process, on one core, as a worker thread runs it), and what ten
 * analyses running on a server do to a normal player: the acknowledgement time of their moves
 * (p50, p99), with the server idle and then while ten accounts' analyses run in its worker threads.
 *
 *   npm run bench -- analysis                 (BENCH_SECONDS=5 per phase; BENCH_REPEATS=3 Atom-4 runs)
 *   BENCH_SKIP_SERVER=1 npm run bench -- analysis      (the analysis times alone)
 *   BENCH_SKIP_TIMES=1 npm run bench -- analysis       (the server's figures alone)
 */
import { performance } from 'node:perf_hooks';
import { atom4, chooseMove as atom4Move } from '../src/games/atom4/index.ts';
import { analyseMoves, playText } from '../src/games/index.ts';
import {
  legalMoves,
  type WarpWeftState,
  warpweft,
  chooseMove as weaveMove,
} from '../src/games/warpweft/index.ts';
import { createRng } from '../src/grid/index.ts';
import { account, call, startServer } from '../test/support.ts';
import { report } from './report.ts';
import { percentile } from './server-fixture.ts';

const BENCH = 'analysis';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const REPEATS = Math.max(1, Number(process.env.BENCH_REPEATS ?? 3));
const ANALYSES = 10;
const MOVE_EVERY_MS = 100;

/** An Atom-4 match of `length` moves (fewer if it ends first): each side plays the 2-ply search
 * from a seed of its own, so the game has its share of errors to find. */
const ATOM4_OPTIONS = { rounds: 5, computer: [null, null] as [null, null] };

function atom4Game(length: number): string[] {
  let state = atom4.setup(ATOM4_OPTIONS, 1);
  const moves: string[] = [];
  while (moves.length < length && atom4.toMove(state) !== undefined) {
    const move = atom4Move(state, { depth: moves.length % 3 === 0 ? 1 : 2, seed: moves.length + 1 }).move;
    moves.push(atom4.formatMove(move, state));
    const next = atom4.play(state, move);
    if (!next.ok) throw new Error(next.error);
    state = next.value;
  }
  return moves;
}

/** A whole Warp and Weft game of `size`, both sides a quick search. */
function weaveGame(size: number, playouts: number): string[] {
  let state: WarpWeftState = warpweft.setup({ size, variant: 'thread' }, 1);
  const moves: string[] = [];
  while (!state.result) {
    const move = weaveMove(state, { playouts, seed: moves.length + 1 });
    moves.push(warpweft.formatMove(move, state));
    const next = warpweft.play(state, move);
    if (!next.ok) throw new Error(next.error);
    state = next.value;
  }
  return moves;
}

function timeAnalysis(
  name: string,
  game: typeof atom4 | typeof warpweft,
  start: unknown,
  moves: string[],
  repeats: number,
) {
  const times: number[] = [];
  for (let r = 0; r < repeats; r++) {
    const t0 = performance.now();
    const done = analyseMoves(game, start, moves);
    times.push(performance.now() - t0);
    if (!done.ok) throw new Error(done.error);
  }
  times.sort((a, b) => a - b);
  report(BENCH, `${name}-moves`, moves.length, 'moves');
  report(BENCH, `${name}-median`, Math.round(percentile(times, 50)), 'ms');
  report(BENCH, `${name}-min`, Math.round(times[0] as number), 'ms');
  report(BENCH, `${name}-max`, Math.round(times.at(-1) as number), 'ms');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A normal pair plays size-4 Warp and Weft games over HTTP, a move every MOVE_EVERY_MS, for `ms`;
 * the time each move took to be answered. */
async function normalPlay(url: string, tokens: [string, string], ms: number): Promise<number[]> {
  const times: number[] = [];
  const rng = createRng(7);
  const end = performance.now() + ms;
  while (performance.now() < end) {
    const made = await call(
      url,
      'POST',
      '/api/games',
      { gameType: 'warpweft', players: ['ann', 'bob'], options: { size: 4 } },
      tokens[0],
    );
    const id = made.body.id as number;
    let state: WarpWeftState = warpweft.setup({ size: 4, variant: 'thread' }, 1);
    while (!state.result && performance.now() < end) {
      const move = rng.pick(legalMoves(state));
      const text = warpweft.formatMove(move, state);
      const t0 = performance.now();
      const played = await call(
        url,
        'POST',
        `/api/games/${id}/moves`,
        { move: text },
        tokens[(warpweft.toMove(state) ?? 0) as 0 | 1],
      );
      times.push(performance.now() - t0);
      if (played.status !== 200) throw new Error(`move refused: ${JSON.stringify(played.body)}`);
      state = (warpweft.play(state, move) as { ok: true; value: WarpWeftState }).value;
      await sleep(MOVE_EVERY_MS);
    }
  }
  return times.sort((a, b) => a - b);
}

function reportAcks(phase: string, times: readonly number[]) {
  report(BENCH, `ack-p50-${phase}`, Math.round(percentile(times, 50) * 10) / 10, 'ms');
  report(BENCH, `ack-p99-${phase}`, Math.round(percentile(times, 99) * 10) / 10, 'ms');
  report(BENCH, `ack-moves-${phase}`, times.length, 'moves');
}

async function serverPhase(): Promise<void> {
  const server = await startServer();
  try {
    const ann = await account(server.url, 'ann');
    const bob = await account(server.url, 'bob');
    // Ten finished 60-move Atom-4 games, each analysed for an account of its own.
    const analysts = await Promise.all(
      Array.from({ length: ANALYSES }, (_, i) => account(server.url, `a${i}`)),
    );
    const other = await account(server.url, 'zed');
    const finished: number[] = [];
    const moves = atom4Game(60);
    for (let i = 0; i < ANALYSES; i++) {
      const made = await call(
        server.url,
        'POST',
        '/api/games',
        { gameType: 'atom4', players: [`a${i}`, 'zed'], options: ATOM4_OPTIONS },
        analysts[i],
      );
      const id = made.body.id as number;
      let state = atom4.setup(ATOM4_OPTIONS, 1);
      for (const move of moves) {
        const token = atom4.toMove(state) === 0 ? analysts[i] : other;
        const played = await call(server.url, 'POST', `/api/games/${id}/moves`, { move }, token);
        if (played.status !== 200) throw new Error(JSON.stringify(played.body));
        const next = playText(atom4, state, move);
        if (!next.ok) throw new Error(next.error);
        state = next.value;
      }
      // The match has more rounds than 60 moves fill: resign it to finish it.
      const resigned = await call(server.url, 'POST', `/api/games/${id}/resign`, undefined, other);
      if (resigned.status !== 200) throw new Error(JSON.stringify(resigned.body));
      finished.push(id);
    }
    reportAcks('idle', await normalPlay(server.url, [ann, bob], SECONDS * 1000));
    const t0 = performance.now();
    for (const [i, id] of finished.entries()) {
      const asked = await call(server.url, 'POST', `/api/games/${id}/analysis`, undefined, analysts[i]);
      if (asked.status !== 202) throw new Error(`analysis not started: ${JSON.stringify(asked.body)}`);
    }
    reportAcks('ten-analyses', await normalPlay(server.url, [ann, bob], SECONDS * 1000));
    // How long the ten took, all queued at once on the server's worker threads.
    for (const id of finished) {
      for (;;) {
        const read = await call(server.url, 'GET', `/api/games/${id}/analysis`);
        if ((read.body as { state: string }).state === 'ready') break;
        await sleep(200);
      }
    }
    report(BENCH, 'ten-atom4-60-analyses-on-server', Math.round(performance.now() - t0), 'ms');
  } finally {
    await server.kill();
  }
}

if (!process.env.BENCH_SKIP_TIMES) {
  timeAnalysis('atom4-60', atom4, atom4.setup(ATOM4_OPTIONS, 1), atom4Game(60), REPEATS);
  const weave = warpweft.setup({ size: 6, variant: 'thread' }, 1);
  timeAnalysis('warpweft-size6', warpweft, weave, weaveGame(6, 20), 1);
}
if (!process.env.BENCH_SKIP_SERVER) await serverPhase();

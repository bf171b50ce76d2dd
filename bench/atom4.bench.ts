/**
 * Atom-4 AI benchmark: search speed, depth reached in 1 s, and matches against a reference
 * implementation of the original program's AI (bench/atom4-reference.ts).
 *
 * Default run (one to four minutes on one core): 6 positions × 1 s; at equal time (Tessera
 * on a shared CPU-time clock with the original, see atom4-match.ts) 24 games of its level 2
 * against the original's depth 2 (the game's clock) and 12 of its level 9 against its depth 4
 * (the match's clock); then Tessera's
 * level 2 (its default, 3 plies like the original's) against the original's depth 2 over 24
 * games. Stalemates are reported apart, and also counted as half a win.
 * ATOM4_BENCH_LONG=1: 12 positions, 120 and 48 games, and also level 4 against depth 4 over 48
 * games. ATOM4_BENCH_GAMES=n sets every game count. For the figures in docs/atom4-ai.md (hundreds
 * of games over both cores) use bench/atom4-match-cli.ts.
 */
import { LEVELS, Searcher } from '../src/games/atom4/ai.ts';
import { type Atom4State, legalPlacements, play, roundState } from '../src/games/atom4/rules.ts';
import { createRng } from '../src/grid/rng.ts';
import { newMatchClock, playGame, playMatch } from './atom4-match.ts';
import { report } from './report.ts';

const long = process.env.ATOM4_BENCH_LONG === '1';
const gamesOverride = process.env.ATOM4_BENCH_GAMES ? Number(process.env.ATOM4_BENCH_GAMES) : null;
const BENCH = 'atom4';

/** Midgame positions from seeded random games (plies 12 to 60), the same on every run. */
function positions(count: number): Atom4State[] {
  const rng = createRng(2024);
  const out: Atom4State[] = [];
  while (out.length < count) {
    let state = roundState({ rounds: 6, computer: [null, null] }, 1 + (out.length % 6), [0, 0]);
    const plies = 12 + rng.nextInt(49);
    for (let k = 0; k < plies && state.roundResult === null; k++) {
      const { x, y } = rng.pick(legalPlacements(state));
      const next = play(state, { kind: 'place', x, y });
      if (!next.ok) throw new Error(next.error);
      state = next.value;
    }
    if (state.roundResult === null) out.push(state);
  }
  return out;
}

// Speed and depth in 1 s.
{
  const set = positions(long ? 12 : 6);
  let nodes = 0;
  let ms = 0;
  const depths: number[] = [];
  for (const state of set) {
    const searcher = new Searcher(20);
    const started = performance.now();
    const deadline = started + 1000;
    const found = searcher.searchCells(state.cells, state.colourIndex, {
      seed: 1,
      timeUp: () => performance.now() >= deadline,
    });
    ms += performance.now() - started;
    nodes += searcher.nodes;
    depths.push(found.depth);
  }
  report(BENCH, 'nodes per second', Math.round((nodes / ms) * 1000), 'nodes/s');
  report(BENCH, 'mean depth reached in 1 s', depths.reduce((a, b) => a + b, 0) / depths.length, 'plies');
  report(BENCH, 'least depth reached in 1 s', Math.min(...depths), 'plies');
}

// Matches at equal time per move.
for (const [level, ours, games] of [
  [2, 2, gamesOverride ?? (long ? 120 : 24)],
  [4, 9, gamesOverride ?? (long ? 48 : 12)],
] as const) {
  // One uncounted game first, so that neither side's first moves pay for compiling its code.
  playGame(0, { games: 1, referenceLevel: level, ours: { level: ours } });
  // Level 9 against -d 4 is measured on the match's clock (see MatchClock), level 2 on the game's.
  const matchClock = level === 4 ? newMatchClock() : undefined;
  const result = playMatch({ games, referenceLevel: level, ours: { level: ours }, matchClock });
  const name = `level ${ours} vs original -d ${level} (${level + 1} plies), equal CPU time${matchClock ? ' over the match' : ''}`;
  report(BENCH, `${name}: win rate over ${games} games`, Math.round((1000 * result.wins) / games) / 10, '%');
  report(
    BENCH,
    `${name}: score with stalemates as half`,
    Math.round((1000 * (result.wins + result.stalemates / 2)) / games) / 10,
    '%',
  );
  report(BENCH, `${name}: losses`, result.losses, 'games');
  report(BENCH, `${name}: stalemates`, result.stalemates, 'games');
  report(
    BENCH,
    `${name}: original's mean CPU time per move`,
    Math.round(result.meanTheirMs * 100) / 100,
    'ms',
  );
  report(BENCH, `${name}: Tessera's mean CPU time per move`, Math.round(result.meanOurMs * 100) / 100, 'ms');
  report(BENCH, `${name}: Tessera's mean depth`, Math.round(result.meanOurDepth * 10) / 10, 'plies');
}

// Tessera's levels (fixed depth, whatever time that takes) against the original's settings.
for (const [ours, theirs, games] of [
  [2, 2, gamesOverride ?? (long ? 120 : 24)],
  ...(long ? [[4, 4, gamesOverride ?? 48] as const] : []),
] as const) {
  const depth = LEVELS[ours]?.depth ?? 3;
  const result = playMatch({ games, referenceLevel: theirs, ours: { depth } });
  const name = `level ${ours} (${depth} plies) vs original -d ${theirs}`;
  report(BENCH, `${name}: win rate over ${games} games`, Math.round((1000 * result.wins) / games) / 10, '%');
  report(BENCH, `${name}: losses`, result.losses, 'games');
  report(BENCH, `${name}: stalemates`, result.stalemates, 'games');
  report(BENCH, `${name}: original's mean time per move`, Math.round(result.meanTheirMs * 100) / 100, 'ms');
  report(BENCH, `${name}: Tessera's mean time per move`, Math.round(result.meanOurMs * 100) / 100, 'ms');
}

/**
 * Sigmar's Garden: generator speed, solver time per reference board, and the difficulty profile
 * of generated boards beside the reference boards'. `npm run bench -- sigmar`.
 */
import { readFileSync } from 'node:fs';
import {
  type Cells,
  generateGraded,
  generateWith,
  gradeBoard,
  parseBoard,
  solve,
} from '../src/games/sigmar/index.ts';
import { createRng } from '../src/grid/rng.ts';
import { report } from './report.ts';

const BENCH = 'sigmar';
const REFERENCE = new URL('../../shared/data/sigmar-reference-boards.txt', import.meta.url);

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
const median = (values: readonly number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

function generationRate(sloppy: boolean): number {
  const rng = createRng(1);
  const started = performance.now();
  let n = 0;
  while (performance.now() - started < 2000) {
    for (let i = 0; i < 100; i++) generateWith(rng, undefined, sloppy);
    n += 100;
  }
  return n / ((performance.now() - started) / 1000);
}

function solverTimes(name: string, boards: readonly Cells[]): void {
  const times: number[] = [];
  const cpu: number[] = [];
  let expansionsMax = 0;
  let unsolved = 0;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  for (const board of boards) {
    const t = performance.now();
    const c = process.cpuUsage();
    const r = solve(board);
    const used = process.cpuUsage(c);
    times.push(performance.now() - t);
    cpu.push((used.user + used.system) / 1000);
    expansionsMax = Math.max(expansionsMax, r.expansions);
    if (r.status !== 'solvable') unsolved++;
  }
  const total = performance.now() - started;
  const cpuUsed = process.cpuUsage(cpuStarted);
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  report(BENCH, `solve ${name}: boards`, boards.length, 'boards');
  report(BENCH, `solve ${name}: not solvable`, unsolved, 'boards');
  report(BENCH, `solve ${name}: total`, round(total), 'ms');
  report(BENCH, `solve ${name}: median per board`, round(quantile(times, 0.5), 3), 'ms');
  report(BENCH, `solve ${name}: p99 per board`, round(quantile(times, 0.99), 3), 'ms');
  report(BENCH, `solve ${name}: max per board`, round(times.at(-1) as number, 3), 'ms');
  report(BENCH, `solve ${name}: max expansions`, expansionsMax, 'positions');
  // CPU time leaves out waits for the core when the machine is shared.
  report(BENCH, `solve ${name}: total CPU`, round((cpuUsed.user + cpuUsed.system) / 1000), 'ms');
  report(BENCH, `solve ${name}: p99 CPU per board`, round(quantile(cpu, 0.99), 3), 'ms');
  report(BENCH, `solve ${name}: max CPU per board`, round(cpu.at(-1) as number, 3), 'ms');
}

function profile(name: string, boards: readonly Cells[]): void {
  const grades = boards.map((b) => gradeBoard(b));
  const rates = grades.map((g) => g.clearRate);
  report(BENCH, `profile ${name}: boards`, boards.length, 'boards');
  report(
    BENCH,
    `profile ${name}: free marbles at start, median`,
    median(grades.map((g) => g.freeAtStart)),
    'marbles',
  );
  report(
    BENCH,
    `profile ${name}: legal first moves, median`,
    median(grades.map((g) => g.firstMoves)),
    'moves',
  );
  report(
    BENCH,
    `profile ${name}: random play clears, mean`,
    round((100 * rates.reduce((a, b) => a + b, 0)) / rates.length, 1),
    '%',
  );
  report(BENCH, `profile ${name}: random play clears, median`, round(100 * median(rates), 1), '%');
  for (const d of ['easy', 'normal', 'hard'] as const) {
    report(
      BENCH,
      `profile ${name}: graded ${d}`,
      round((100 * grades.filter((g) => g.difficulty === d).length) / grades.length, 1),
      '%',
    );
  }
}

const round = (x: number, digits = 1) => Number(x.toFixed(digits));

const reference = readFileSync(REFERENCE, 'utf8')
  .trim()
  .split('\n')
  .map((line) => {
    const b = parseBoard(line);
    if (!b.ok) throw new Error(b.error);
    return b.value;
  });
const rng = createRng(2024);
const generated = Array.from({ length: 2048 }, () => generateWith(rng, undefined, false).board);
const sloppy = Array.from({ length: 2048 }, () => generateWith(rng, undefined, true).board);

report(BENCH, 'generate (harder-board rules)', Math.round(generationRate(false)), 'boards/s');
report(BENCH, 'generate (sloppy)', Math.round(generationRate(true)), 'boards/s');
{
  const started = performance.now();
  for (let seed = 0; seed < 60; seed++)
    generateGraded(seed, { difficulty: (['easy', 'normal', 'hard'] as const)[seed % 3] });
  report(
    BENCH,
    'generate with a difficulty asked (easy/normal/hard in turn)',
    Math.round(60 / ((performance.now() - started) / 1000)),
    'boards/s',
  );
}

// Warm the solver up (JIT) on boards that are not measured.
for (const board of generated.slice(0, 300)) solve(board);
solverTimes('reference', reference);
solverTimes('generated', generated);

profile('reference', reference);
profile('generated', generated);
profile('sloppy', sloppy);

/**
 * The paired match driver from the command line, split over processes:
 *
 *   npx node bench/atom4-match-cli.ts --level 2 --games 960 --jobs 2      # equal (CPU) time, Tessera's level 2
 *   npx node bench/atom4-match-cli.ts --level 4 --ours 9 --games 96 --jobs 2  # Tessera's level 9 against -d 4
 *   npx node bench/atom4-match-cli.ts --level 2 --games 480 --depth 3     # Tessera at a fixed depth
 *   npx node bench/atom4-match-cli.ts --level 2 --games 960 --contempt 0  # stalemate scored as even
 *   npx node bench/atom4-match-cli.ts --level 4 --ours 9 --games 480 --jobs 2 --clock match  # the aim
 *   npx node bench/atom4-match-cli.ts --level 4 --ours 9 --games 480 --jobs 2 --clock match --opener original
 *
 * Games `--first` … `--first + --games − 1` (see atom4-match.ts for how a game number picks the
 * opening and the sides) are shared among `--jobs` child processes; each game's record comes
 * back as a JSON line and one JSON summary is printed: wins, losses and stalemates, the win and
 * loss rates with their 95% Wilson intervals, the rate with stalemates counted as half, the wins
 * split by who places the first piece, mean CPU time per move on each side and Tessera's mean
 * completed depth. Equal time is measured in CPU time, so the figures hold on a loaded machine
 * (each job only runs slower); at equal time each job first plays one uncounted game, so that
 * neither side's first moves pay for compiling its code. `--opener tessera` or `original` plays
 * only the games of the range that side opens (a screen of one kind; the clock then covers those).
 * `--out file` also writes every game's record (with its moves) as JSON lines, each as it comes
 * (so a run stopped early keeps the games it finished), sorted by game number at the end.
 * `--records file …` prints the summary of records written so, e.g. of several runs over
 * disjoint ranges of games, without playing.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type GameRecord, newMatchClock, playGame, tesseraStarts } from './atom4-match.ts';

const { values } = parseArgs({
  options: {
    level: { type: 'string', default: '2' },
    ours: { type: 'string' },
    games: { type: 'string', default: '96' },
    first: { type: 'string', default: '0' },
    depth: { type: 'string' },
    contempt: { type: 'string' },
    clock: { type: 'string', default: 'game' },
    jobs: { type: 'string', default: '1' },
    out: { type: 'string' },
    records: { type: 'string', multiple: true },
    opener: { type: 'string' },
    worker: { type: 'boolean', default: false },
  },
});
const level = Number(values.level);
const games = Number(values.games);
const first = Number(values.first);
const depth = values.depth === undefined ? undefined : Number(values.depth);
/** Tessera's level at equal time (default the original's `-d` number: level 2 is as deep as -d 2). */
const oursLevel = values.ours === undefined ? level : Number(values.ours);
const contempt = values.contempt === undefined ? undefined : Number(values.contempt);
if (contempt !== undefined && !Number.isFinite(contempt)) {
  process.stderr.write(`--contempt must be a number, got ${values.contempt}\n`);
  process.exit(2);
}
if (values.opener !== undefined && values.opener !== 'tessera' && values.opener !== 'original') {
  process.stderr.write(`--opener must be tessera or original, got ${values.opener}\n`);
  process.exit(2);
}
/** Whether game g is played: every game, or those the side given by --opener opens. */
const played = (g: number): boolean =>
  values.opener === undefined || tesseraStarts(g) === (values.opener === 'tessera');
if (values.clock !== 'game' && values.clock !== 'match') {
  process.stderr.write(`--clock must be game or match, got ${values.clock}\n`);
  process.exit(2);
}
const jobs = Math.max(1, Math.min(games, Number(values.jobs)));
for (const [name, v] of [
  ['level', level],
  ['games', games],
  ['first', first],
  ['jobs', jobs],
  ['depth', depth ?? 1],
  ['ours', oursLevel],
] as const) {
  if (!Number.isInteger(v) || v < 0) {
    process.stderr.write(`--${name} must be a whole number, got ${String(v)}\n`);
    process.exit(2);
  }
}
const settings = {
  games,
  referenceLevel: level,
  ours: depth === undefined ? { level: oursLevel } : { depth },
  contempt,
  // One clock for all the games this process plays (the worker's share of the match).
  matchClock: values.clock === 'match' ? newMatchClock() : undefined,
};

/** The Wilson score interval at 95% for k successes in n trials (sound near 0% and 100%). */
function wilson(k: number, n: number): [number, number] {
  const z = 1.96;
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** Prints one JSON line: the counts, rates with intervals, CPU time per move and mean depth. */
function summarise(records: readonly GameRecord[], seconds: number): void {
  const count = (w: GameRecord['winner']) => records.filter((r) => r.winner === w).length;
  const n = records.length;
  const wins = count('tessera');
  const losses = count('original');
  const stalemates = count('stalemate');
  const p = wins / n;
  const sum = (f: (r: GameRecord) => number) => records.reduce((a, r) => a + f(r), 0);
  const pct = (x: number) => Math.round(x * 1000) / 10;
  process.stdout.write(
    `${JSON.stringify({
      opponent: `original -d ${level}`,
      tessera: depth === undefined ? `level ${oursLevel} at equal CPU time` : `${depth} plies`,
      contempt: contempt ?? 'default',
      clock: depth === undefined ? values.clock : 'none',
      games: n,
      wins,
      losses,
      stalemates,
      winRate: pct(p),
      interval95: wilson(wins, n).map(pct),
      lossRate: pct(losses / n),
      lossInterval95: wilson(losses, n).map(pct),
      stalemateAsHalfRate: pct((wins + stalemates / 2) / n),
      // Who places the first piece decides much: the split shows where the games not won are.
      byFirstMove: Object.fromEntries(
        (['tessera', 'original'] as const).map((first) => {
          const part = records.filter((r) => tesseraStarts(r.game) === (first === 'tessera'));
          const won = part.filter((r) => r.winner === 'tessera').length;
          return [first, { games: part.length, wins: won, winRate: pct(won / Math.max(1, part.length)) }];
        }),
      ),
      ourCpuMsPerMove: Math.round((sum((r) => r.oursMs) / sum((r) => r.ourMoves)) * 1000) / 1000,
      theirCpuMsPerMove: Math.round((sum((r) => r.theirsMs) / sum((r) => r.theirMoves)) * 1000) / 1000,
      ourMeanDepth: Math.round((sum((r) => r.ourDepthSum) / sum((r) => r.ourMoves)) * 100) / 100,
      seconds,
    })}\n`,
  );
}

if (values.records !== undefined) {
  const lines = values.records.flatMap((file) => readFileSync(file, 'utf8').split('\n'));
  summarise(
    lines.filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as GameRecord),
    0,
  );
} else if (values.worker) {
  // One game, not counted, first: both sides' code is compiled before the clock matters.
  if (depth === undefined) playGame(first, settings);
  // (and the match starts on an even clock)
  if (settings.matchClock) Object.assign(settings.matchClock, newMatchClock());
  for (let g = first; g < first + games; g++)
    if (played(g)) process.stdout.write(`${JSON.stringify(playGame(g, settings))}\n`);
} else {
  const self = fileURLToPath(import.meta.url);
  const records: GameRecord[] = [];
  const started = performance.now();
  if (values.out !== undefined) writeFileSync(values.out, '');
  await Promise.all(
    Array.from({ length: jobs }, (_, j) => {
      const from = first + Math.floor((games * j) / jobs);
      const to = first + Math.floor((games * (j + 1)) / jobs);
      const args = [
        self,
        '--worker',
        '--level',
        String(level),
        '--first',
        String(from),
        '--games',
        String(to - from),
      ];
      if (depth !== undefined) args.push('--depth', String(depth));
      if (contempt !== undefined) args.push('--contempt', String(contempt));
      args.push('--clock', values.clock as string);
      if (values.opener !== undefined) args.push('--opener', values.opener);
      args.push('--ours', String(oursLevel));
      return new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
        let buffered = '';
        child.stdout.on('data', (chunk: Buffer) => {
          buffered += chunk.toString();
          const lines = buffered.split('\n');
          buffered = lines.pop() ?? '';
          for (const line of lines) {
            if (line.trim() === '') continue;
            records.push(JSON.parse(line) as GameRecord);
            if (values.out !== undefined) appendFileSync(values.out, `${line}\n`);
          }
        });
        child.on('error', reject);
        child.on('close', (code) =>
          code === 0 ? resolve() : reject(new Error(`job ${j} exited with ${code}`)),
        );
      });
    }),
  );
  records.sort((a, b) => a.game - b.game);
  if (values.out !== undefined)
    writeFileSync(values.out, records.map((r) => `${JSON.stringify(r)}\n`).join(''));
  summarise(records, Math.round((performance.now() - started) / 1000));
}

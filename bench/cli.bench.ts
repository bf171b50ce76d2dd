/**
 * Command start-up: whole `tessera` processes, timed from spawn to exit, as a person or a script
 * runs them. Cases: `node -e 0` for what Node itself costs; `./tessera --help` and
 * `./tessera pbm --server URL WarpAndWeft show ID` as the README tells people to type them (the
 * launcher script, then the project's Node.js 24), against a real `tessera serve` on 127.0.0.1
 * with a game created first; the same two as `node bin/tessera.js …` (with their peak RSS);
 * `--help` with an empty compile cache (the first run after an install or after the cache was
 * deleted); `--help` started by an older Node.js on PATH, which hands over to the project's
 * (when the machine has one, e.g. Debian's); and `npx tessera --help` (fewer runs) for what npx adds.
 *
 *   npm run bench -- cli                    (BENCH_RUNS=20 runs per case)
 *
 * Wall time and peak RSS come from separate runs: peak RSS is read by a one-line preload
 * (`process.resourceUsage().maxRSS` at exit, written to file descriptor 3), kept out of the
 * timed runs. The first case, Node alone, is the floor: on a busy machine the difference from it
 * says more than the times themselves.
 */
import { type SpawnSyncOptions, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, ROOT, startServer, TESSERA } from '../test/support.ts';
import { report } from './report.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const FEW_RUNS = Math.max(3, Math.ceil(RUNS / 4));

const PEAK_RSS_PRELOAD = `data:text/javascript,${encodeURIComponent(
  'import{writeSync}from"node:fs";process.on("exit",()=>writeSync(3,String(process.resourceUsage().maxRSS)));',
)}`;

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

interface Case {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  readonly runs: number;
  /** Extra environment for each run (a function: a fresh value per run). */
  readonly env?: () => Record<string, string>;
  /** npm's own processes would be measured too, so no RSS for npx. */
  readonly rss: boolean;
  readonly expect: RegExp;
}

function runOnce(c: Case, measureRss: boolean): { ms: number; rssKb: number | null } {
  const options: SpawnSyncOptions = {
    cwd: ROOT,
    env: { ...process.env, ...c.env?.() },
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    encoding: 'utf8',
  };
  const args = measureRss ? ['--import', PEAK_RSS_PRELOAD, ...c.args] : [...c.args];
  const started = performance.now();
  const run = spawnSync(c.command, args, options);
  const ms = performance.now() - started;
  const stdout = String(run.stdout);
  if (run.status !== 0 || !c.expect.test(stdout)) {
    throw new Error(`${c.name}: status ${run.status}, output ${stdout.slice(0, 200)} ${run.stderr}`);
  }
  return { ms, rssKb: measureRss ? Number(run.output[3]) : null };
}

/**
 * Runs the cases in turn, round after round, so that a change in the machine's load (it is shared)
 * falls on every case alike; then reports each, and how far the commands are above Node alone.
 */
function measureAll(cases: readonly Case[]): void {
  for (const c of cases) runOnce(c, false); // warms the compile cache and the file system cache
  const times = new Map<Case, number[]>(cases.map((c) => [c, []]));
  const rss = new Map<Case, number[]>(cases.map((c) => [c, []]));
  const rounds = Math.max(...cases.map((c) => c.runs));
  for (let round = 0; round < rounds; round++) {
    for (const c of cases) {
      if (round >= c.runs) continue;
      times.get(c)?.push(runOnce(c, false).ms);
      if (c.rss) rss.get(c)?.push((runOnce(c, true).rssKb as number) / 1024);
    }
  }
  const nodeAlone = percentile(times.get(cases[0] as Case) as number[], 50);
  for (const c of cases) {
    const wall = times.get(c) as number[];
    report(c.name, 'runs', c.runs, 'processes');
    report(c.name, 'wall time p50', +percentile(wall, 50).toFixed(1), 'ms');
    report(c.name, 'wall time p90', +percentile(wall, 90).toFixed(1), 'ms');
    if (c !== cases[0]) {
      report(c.name, 'wall time p50 above node alone', +(percentile(wall, 50) - nodeAlone).toFixed(1), 'ms');
    }
    if (c.rss) {
      report(c.name, 'peak RSS p50', +percentile(rss.get(c) as number[], 50).toFixed(1), 'MiB');
      report(c.name, 'peak RSS p90', +percentile(rss.get(c) as number[], 90).toFixed(1), 'MiB');
    }
  }
}

/** A Node.js older than 24 on PATH's usual places (Debian's), which hands over to the project's. */
function olderNode(): string | undefined {
  for (const candidate of ['/usr/bin/node', '/usr/local/bin/node']) {
    const run = spawnSync(candidate, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    if (run.status === 0 && Number(String(run.stdout).split('.')[0]) < 24) return candidate;
  }
  return undefined;
}

const server = await startServer();
const scratch = mkdtempSync(join(tmpdir(), 'tessera-cli-bench-'));
try {
  for (const [user, password] of [
    ['ann', 'annpass1'],
    ['bob', 'bobpass1'],
  ]) {
    await call(server.url, 'POST', '/api/pbm', { args: ['signup', user as string, password as string] });
  }
  const made = await call(server.url, 'POST', '/api/pbm', {
    args: ['WarpAndWeft', 'challenge', 'ann', 'bob', 'annpass1'],
  });
  const game = /game (\d+) created/.exec(String(made.body.text))?.[1];
  if (!game) throw new Error(`could not create a game: ${JSON.stringify(made.body)}`);

  const node = process.execPath;
  const launcher = join(ROOT, 'tessera');
  const show = ['pbm', '--server', server.url, 'WarpAndWeft', 'show', game];
  const older = olderNode();
  let fresh = 0;
  const cases: Case[] = [
    { name: 'cli-node-alone', command: node, args: ['-e', '0'], runs: RUNS, rss: true, expect: /^$/ },
    // As the README says to type them: the launcher is a shell script, so no RSS (the preload is Node's).
    { name: 'cli-help', command: launcher, args: ['--help'], runs: RUNS, rss: false, expect: /pbm/ },
    { name: 'cli-pbm-show', command: launcher, args: show, runs: RUNS, rss: false, expect: /to move/ },
    { name: 'cli-node-help', command: node, args: [TESSERA, '--help'], runs: RUNS, rss: true, expect: /pbm/ },
    {
      name: 'cli-node-pbm-show',
      command: node,
      args: [TESSERA, ...show],
      runs: RUNS,
      rss: true,
      expect: /to move/,
    },
    {
      name: 'cli-help-empty-compile-cache',
      command: node,
      args: [TESSERA, '--help'],
      runs: FEW_RUNS,
      env: () => ({ NODE_COMPILE_CACHE: join(scratch, `cache-${fresh++}`) }),
      rss: true,
      expect: /pbm/,
    },
    ...(older
      ? [
          {
            name: 'cli-older-node-help',
            command: older,
            args: [TESSERA, '--help'],
            runs: FEW_RUNS,
            rss: false,
            expect: /pbm/,
          },
        ]
      : []),
    {
      name: 'cli-npx-help',
      command: 'npx',
      args: ['tessera', '--help'],
      runs: FEW_RUNS,
      rss: false,
      expect: /pbm/,
    },
  ];
  measureAll(cases);
} finally {
  await server.kill();
  rmSync(scratch, { recursive: true, force: true });
}

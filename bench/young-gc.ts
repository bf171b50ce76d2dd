/**
 * What a benchmark's server spends on garbage collection, read from inside: preloaded with
 * BENCH_SERVER_NODE_OPTIONS="--import=<path of this file>" and BENCH_GC_OUT=<a folder>, it writes
 * there, when the process exits, one JSON line per stretch between SIGUSR2 signals (the load
 * benchmark sends one as it starts measuring and one as it stops, so the second stretch is the
 * measured one): for the young-generation collections (scavenges) their count, what each left
 * alive in the young generation (copied there) and moved to the old one (promoted), and their
 * pauses; for the full collections their count and pauses. One file per process, named by its
 * pid and whether it is the floor server.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GCProfiler } from 'node:v8';

interface SpaceStats {
  readonly spaceName: string;
  readonly spaceUsedSize: number;
}
interface Collection {
  readonly gcType: string;
  readonly cost: number;
  readonly beforeGC: { readonly heapSpaceStatistics: readonly SpaceStats[] };
  readonly afterGC: { readonly heapSpaceStatistics: readonly SpaceStats[] };
}

const out = process.env.BENCH_GC_OUT;
const used = (spaces: readonly SpaceStats[], names: readonly string[]) =>
  spaces.filter((s) => names.includes(s.spaceName)).reduce((sum, s) => sum + s.spaceUsedSize, 0);
const YOUNG = ['new_space', 'new_large_object_space'];
const OLD = ['old_space', 'large_object_space'];
const kb = (bytes: number) => Math.round(bytes / 1024);
const at = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number);
const mean = (xs: readonly number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

function summary(stretch: number, seconds: number, collections: readonly Collection[]) {
  const young = collections.filter((c) => c.gcType === 'Scavenge' || c.gcType === 'MinorMarkSweep');
  const full = collections.filter((c) => c.gcType === 'MarkSweepCompact');
  const copied = young.map((c) => used(c.afterGC.heapSpaceStatistics, YOUNG)).sort((a, b) => a - b);
  const promoted = young
    .map((c) => used(c.afterGC.heapSpaceStatistics, OLD) - used(c.beforeGC.heapSpaceStatistics, OLD))
    .sort((a, b) => a - b);
  const pauses = young.map((c) => c.cost / 1000).sort((a, b) => a - b);
  return {
    stretch,
    seconds: +seconds.toFixed(1),
    scavenges: young.length,
    copiedKBMean: kb(mean(copied)),
    copiedKBMax: kb(at(copied, 1)),
    promotedKBMean: kb(mean(promoted)),
    promotedKBMax: kb(at(promoted, 1)),
    pauseMsP50: +at(pauses, 0.5).toFixed(2),
    pauseMsMax: +at(pauses, 1).toFixed(2),
    fullCollections: full.length,
    fullPauseMsMax: +Math.max(0, ...full.map((c) => c.cost / 1000)).toFixed(2),
  };
}

if (out) {
  const lines: string[] = [];
  let profiler = new GCProfiler();
  let since = performance.now();
  profiler.start();
  const cut = () => {
    const stats = profiler.stop()?.statistics as Collection[] | undefined;
    const now = performance.now();
    lines.push(JSON.stringify(summary(lines.length, (now - since) / 1000, stats ?? [])));
    since = now;
    profiler = new GCProfiler();
    profiler.start();
  };
  process.on('SIGUSR2', cut);
  process.on('exit', () => {
    cut();
    const who = process.argv.some((a) => a.endsWith('server-floor.ts')) ? 'floor' : 'server';
    writeFileSync(join(out, `gc-${who}-${process.pid}.jsonl`), `${lines.join('\n')}\n`);
  });
}

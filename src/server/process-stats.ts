/**
 * The server's own health figures for an operator or a benchmark, not a public route: with
 * TESSERA_STATS=on, every SIGUSR2 prints one JSON line on stdout with the event loop's delay
 * (how late the loop ran what was due, p50/p99/max since the previous SIGUSR2), the process's
 * memory and the CPU time it used since then; the delay histogram then starts again. So a
 * benchmark sends one signal where its measurement starts and one where it ends.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface ProcessStats {
  readonly loopDelayP50Ms: number;
  readonly loopDelayP99Ms: number;
  readonly loopDelayMaxMs: number;
  readonly rssMB: number;
  readonly heapUsedMB: number;
  /** CPU time (user + system, all threads) since the previous report. */
  readonly cpuMs: number;
  /** Wall time since the previous report. */
  readonly wallMs: number;
}

/** The line's prefix, for a reader of the server's stdout. */
export const STATS_PREFIX = 'tessera-stats ';

const ms = (ns: number) => +(ns / 1e6).toFixed(2);
const mb = (bytes: number) => +(bytes / 2 ** 20).toFixed(1);

/** Start measuring; `report` gives the figures since the last report (or the start) and resets. */
export function watchProcess() {
  // 1 ms resolution: the loop is sampled often enough to see a stall of a few ms.
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let cpu = process.cpuUsage();
  let since = performance.now();
  return {
    report(): ProcessStats {
      const used = process.cpuUsage(cpu);
      const now = performance.now();
      const memory = process.memoryUsage();
      const stats: ProcessStats = {
        loopDelayP50Ms: ms(delay.percentile(50)),
        loopDelayP99Ms: ms(delay.percentile(99)),
        loopDelayMaxMs: ms(delay.max),
        rssMB: mb(memory.rss),
        heapUsedMB: mb(memory.heapUsed),
        cpuMs: Math.round((used.user + used.system) / 1000),
        wallMs: Math.round(now - since),
      };
      delay.reset();
      cpu = process.cpuUsage();
      since = now;
      return stats;
    },
    stop: () => delay.disable(),
  };
}

/** TESSERA_STATS=on: print the figures on every SIGUSR2 (see above). */
export function statsOnSignal(env: NodeJS.ProcessEnv): void {
  if (env.TESSERA_STATS !== 'on') return;
  const watch = watchProcess();
  process.on('SIGUSR2', () => {
    process.stdout.write(`${STATS_PREFIX}${JSON.stringify(watch.report())}\n`);
  });
}

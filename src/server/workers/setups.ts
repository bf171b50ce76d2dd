/**
 * New games' first states. A setup the game calls costly (a Sigmar's Garden board dealt to a
 * difficulty) runs in a worker thread, queued fairly per challenger with at most PER_CHALLENGER
 * waiting or running; any other setup runs here at once. Either way the state is exactly
 * `game.setup(options, seed)`, so replaying the game's history rebuilds it.
 */
import type { AnyGame, Result } from '../../games/game.ts';
import { ok } from '../../games/game.ts';
import { GAMES_MODULE } from '../../games/index.ts';
import { createWorkerPool } from './pool.ts';
import type { SetupTask } from './setup-worker.ts';

/** Costly setups one account may have waiting or running at once. */
export const PER_CHALLENGER = 2;

export interface SetupsOptions {
  readonly threads?: number;
  /** The module exporting the served games as GAMES (default: the registry). */
  readonly gamesModule?: string;
  /** Sets up instead of a worker thread (tests). */
  readonly run?: (task: SetupTask) => Promise<unknown>;
}

export function createSetups(options: SetupsOptions = {}) {
  const gamesModule = options.gamesModule ?? GAMES_MODULE;
  const pool = createWorkerPool<SetupTask, unknown>({
    filename: new URL('./setup-worker.ts', import.meta.url),
    threads: options.threads ?? 1,
    perAccount: PER_CHALLENGER,
    refusal: (n) =>
      `you already have ${n} boards being dealt; wait until one is ready before challenging again`,
    ...(options.run ? { run: options.run } : {}),
  });
  return {
    /** The first state of a game `account` asked for, or the refusal if they have too many dealing. */
    async setup(
      game: AnyGame,
      gameOptions: unknown,
      seed: number,
      account: string,
    ): Promise<Result<unknown>> {
      if (!game.costlySetup?.(gameOptions)) return ok(game.setup(gameOptions, seed));
      const job = pool.submit(account, { gamesModule, gameType: game.id, options: gameOptions, seed });
      return job.ok ? ok(await job.value) : job;
    },
    /** Costly setups `account` has waiting or running. */
    pending: pool.pending,
    close: () => pool.close(),
  };
}

export type Setups = ReturnType<typeof createSetups>;

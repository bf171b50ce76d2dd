/**
 * Post-game analysis on the server: a finished game's positions judged by its computer in worker
 * threads, fair-queued per account as computer moves are (one analysis per account at a time, and
 * at most MAX_ANALYSES waiting or running in all, past which a request is refused with a sentence),
 * then kept with the game in the store, so a second request does no work. Clients poll
 * `GET /api/games/:id/analysis` while it runs.
 */
import type { AnalysisAnswer } from '../../api/index.ts';
import { type Answer, type GameRecord, refuse } from '../../engine/index.ts';
import { type AnyGame, canAnalyse, type GameAnalysis, markedMoveLines } from '../../games/index.ts';
import type { Store } from '../../store/index.ts';
import { type AnalysisTask, createWorkerPool } from '../workers/index.ts';

/** Analyses one account may have waiting or running. */
export const ANALYSES_PER_ACCOUNT = 1;
/** Analyses waiting or running in all, past which the server asks people to come back later. */
export const MAX_ANALYSES = 16;

export interface AnalysisOptions {
  readonly store: Store;
  readonly games: Readonly<Record<string, AnyGame>>;
  /** The module exporting the served games as GAMES, which the worker threads import. */
  readonly gamesModule: string;
  readonly threads: number;
  readonly now?: () => number;
  readonly onError?: (error: unknown) => void;
  /** Analyses instead of a worker thread (tests). */
  readonly run?: (task: AnalysisTask) => Promise<GameAnalysis>;
}

export function createAnalyses(options: AnalysisOptions) {
  const { store, games } = options;
  const now = options.now ?? Date.now;
  const pool = createWorkerPool<AnalysisTask, GameAnalysis>({
    filename: new URL('../workers/analysis-worker.ts', import.meta.url),
    threads: options.threads,
    perAccount: ANALYSES_PER_ACCOUNT,
    refusal: () => 'you already have an analysis under way; ask for the next when it is ready',
    ...(options.run ? { run: options.run } : {}),
  });
  /** Games being analysed, each with the analysis to come (undefined if it failed). */
  const running = new Map<number, Promise<GameAnalysis | undefined>>();

  /** The game, if it is one whose analysis may be asked for; otherwise why not. */
  const analysable = async (gameId: number): Promise<Answer<GameRecord>> => {
    const record = await store.loadGame(gameId);
    if (!record) return refuse('not-found', `there is no game ${gameId}`);
    const game = games[record.gameType];
    if (!game || !canAnalyse(game))
      return refuse('bad-request', `${game?.title ?? record.gameType} games cannot be analysed`);
    if (record.status === 'void')
      return refuse('bad-request', `game ${gameId} was void: there is nothing to analyse`);
    if (record.status !== 'finished')
      return refuse(
        'bad-request',
        `game ${gameId} is still being played: a game can be analysed once it is over`,
      );
    return { ok: true, value: record };
  };

  const kept = async (record: GameRecord): Promise<AnalysisAnswer | undefined> => {
    const stored = await store.analysis(record.id);
    if (!stored || stored.moveCount !== record.moveCount) return undefined;
    return { state: 'ready', at: stored.at, analysis: JSON.parse(stored.body) as GameAnalysis };
  };

  return {
    /** Start the analysis of a finished game for `user`, unless it is kept or under way. */
    async request(user: string, gameId: number): Promise<Answer<AnalysisAnswer>> {
      const record = await analysable(gameId);
      if (!record.ok) return record;
      const ready = await kept(record.value);
      if (ready) return { ok: true, value: ready };
      if (running.has(gameId)) return { ok: true, value: { state: 'running' } };
      if (running.size >= MAX_ANALYSES)
        return refuse(
          'rate-limited',
          `the server has ${MAX_ANALYSES} analyses waiting already; ask again in a few minutes`,
        );
      // Taken before the next wait, so that a request arriving meanwhile joins this one.
      let settle: (analysis: GameAnalysis | undefined) => void = () => undefined;
      const done = new Promise<GameAnalysis | undefined>((resolve) => (settle = resolve));
      running.set(gameId, done);
      void done.finally(() => running.delete(gameId));
      try {
        const game = games[record.value.gameType] as AnyGame;
        const start =
          (await store.snapshot(gameId, 0))?.state ?? game.setup(record.value.options, record.value.seed);
        const moves = (await store.moveLog(gameId, 0)).map((m) => m.text);
        const job = pool.submit(user, { gamesModule: options.gamesModule, gameType: game.id, start, moves });
        if (!job.ok) {
          settle(undefined);
          return refuse('rate-limited', job.error);
        }
        job.value
          .then(async (analysis) => {
            const body = JSON.stringify(analysis);
            await store.saveAnalysis({ gameId, moveCount: moves.length, body, at: now() });
            return analysis;
          })
          .then(settle, (error: unknown) => {
            options.onError?.(error);
            settle(undefined);
          });
      } catch (error) {
        settle(undefined);
        throw error;
      }
      return { ok: true, value: { state: 'running' } };
    },

    /** The analysis of a game as it stands: kept, under way, or not asked for. */
    async read(gameId: number): Promise<Answer<AnalysisAnswer>> {
      const record = await analysable(gameId);
      if (!record.ok) return record;
      const ready = await kept(record.value);
      if (ready) return { ok: true, value: ready };
      return { ok: true, value: { state: running.has(gameId) ? 'running' : 'none' } };
    },

    /** Wait up to `ms` for a running analysis of the game (PBeM answers in one reply). */
    async settle(gameId: number, ms: number): Promise<void> {
      const under = running.get(gameId);
      if (!under) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([under, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
      clearTimeout(timer);
    },

    /** Stops; with `finish`, only after the analyses under way are done and kept (a process
     * that handles one mail and exits keeps what it was asked for). */
    async close({ finish = false }: { readonly finish?: boolean } = {}): Promise<void> {
      if (finish) await Promise.allSettled([...running.values()]);
      await pool.close();
    },
  };
}

export type Analyses = ReturnType<typeof createAnalyses>;

/** The marked moves of a game's kept analysis, a line each (for the export), if it was analysed. */
export async function keptMarks(
  store: Store,
  game: { readonly id: number; readonly moveCount: number; readonly players: readonly string[] },
): Promise<string[] | undefined> {
  const stored = await store.analysis(game.id);
  if (!stored || stored.moveCount !== game.moveCount) return undefined;
  return markedMoveLines(JSON.parse(stored.body) as GameAnalysis, game.players);
}

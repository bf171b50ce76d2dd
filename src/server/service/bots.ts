/**
 * The computer as a player. When a game comes to the computer's turn, its AI (the game's `ai`) thinks
 * in a worker thread, so the server's event loop never waits for it, and the move is played
 * through the same authority as everyone's, with its move number pinned.
 *
 * The threads are shared fairly (../workers/fair-queue.ts): computer moves are queued per human opponent
 * and served in turn, so one player with many games against the computer delays another player's
 * reply by at most one move. Beyond PER_PLAYER moves queued for one player, that player's further
 * games wait here (as game ids, read afresh when their turn comes).
 */
import type { GameRecord } from '../../engine/index.ts';
import type { Store } from '../../store/index.ts';
import type { BotTask } from '../workers/index.ts';
import { createWorkerPool } from '../workers/index.ts';
import { BOT_USER } from './auth.ts';

/** Computer moves one player may have queued or being thought at once. */
export const PER_PLAYER = 8;

export interface BotOptions {
  readonly store: Store;
  /** The module exporting the served games as GAMES, which the worker threads import. */
  readonly gamesModule: string;
  /** Play a move as the computer. */
  readonly play: (gameId: number, move: string, moveNo: number) => Promise<unknown>;
  readonly thinkMs: number;
  readonly threads: number;
  readonly onError?: (error: unknown) => void;
  /** Thinks instead of a worker thread (tests). */
  readonly think?: (task: BotTask) => Promise<string>;
}

/** Whose games with the computer these are: the human player (a game has one). */
const humanOf = (record: GameRecord): string => record.players.find((p) => p !== BOT_USER) ?? BOT_USER;

export function createBots(options: BotOptions) {
  const { store } = options;
  const pool = createWorkerPool<BotTask, string>({
    filename: new URL('../workers/bot-worker.ts', import.meta.url),
    threads: options.threads,
    perAccount: PER_PLAYER,
    refusal: (n) => `at most ${n} computer moves are queued per player`,
    ...(options.think ? { run: options.think } : {}),
  });
  /** Games queued, being thought about, or waiting for room in their player's queue. */
  const pending = new Set<number>();
  const overflow = new Map<string, number[]>();
  let closed = false;

  const reconsider = async (gameId: number): Promise<void> => {
    const fresh = await store.loadGame(gameId);
    if (fresh) consider(fresh);
  };

  const run = async (record: GameRecord): Promise<void> => {
    const player = humanOf(record);
    const job = pool.submit(player, {
      gamesModule: options.gamesModule,
      gameType: record.gameType,
      state: record.state,
      seed: (record.seed + record.moveCount) >>> 0,
      thinkMs: options.thinkMs,
    });
    if (!job.ok) {
      const waiting = overflow.get(player) ?? [];
      overflow.set(player, waiting);
      waiting.push(record.id);
      return;
    }
    try {
      const move = await job.value;
      if (!closed) await options.play(record.id, move, record.moveCount + 1);
    } catch (error) {
      if (!closed) options.onError?.(error);
    } finally {
      pending.delete(record.id);
    }
    if (closed) return;
    // Room in the player's queue: their longest-waiting game first, then this one again (a queued
    // reply may have made it the computer's turn again).
    const waiting = overflow.get(player) ?? [];
    while (waiting.length > 0 && pool.pending(player) < PER_PLAYER) {
      const next = waiting.shift() as number;
      pending.delete(next);
      await reconsider(next);
    }
    if (waiting.length === 0) overflow.delete(player);
    await reconsider(record.id);
  };

  function consider(record: GameRecord): void {
    if (closed || record.status !== 'active' || record.toMove !== BOT_USER || pending.has(record.id)) return;
    pending.add(record.id);
    void run(record).catch((error: unknown) => options.onError?.(error));
  }

  return {
    consider,
    /** After a restart: every game waiting for the computer. */
    async resume(): Promise<void> {
      for (const record of await store.listGames(BOT_USER, 'next', null, 10_000)) consider(record);
    },
    async close(): Promise<void> {
      closed = true;
      await pool.close();
    },
  };
}

export type Bots = ReturnType<typeof createBots>;

/**
 * The computer as a player. When a game comes to the computer's turn, its AI (./ais.ts) thinks
 * in a Piscina worker thread, so the server's event loop never waits for it, and the move is
 * played through the same authority as everyone's, with its move number pinned.
 */
import { Piscina } from 'piscina';
import type { GameRecord } from '../engine/index.ts';
import type { Store } from '../store/index.ts';
import { BOT_USER } from './auth.ts';
import type { BotTask } from './bot-worker.ts';

export interface BotOptions {
  readonly store: Store;
  /** Play a move as the computer. */
  readonly play: (gameId: number, move: string, moveNo: number) => Promise<unknown>;
  readonly thinkMs: number;
  readonly threads: number;
  readonly onError?: (error: unknown) => void;
}

export function createBots(options: BotOptions) {
  const { store } = options;
  let pool: Piscina | undefined;
  const busy = new Set<number>();
  let closed = false;

  const workers = () => {
    pool ??= new Piscina({
      filename: new URL('./bot-worker.ts', import.meta.url).href,
      maxThreads: options.threads,
      minThreads: 0,
      idleTimeout: 30_000,
    });
    return pool;
  };

  const run = async (record: GameRecord): Promise<void> => {
    busy.add(record.id);
    try {
      const task: BotTask = {
        gameType: record.gameType,
        state: record.state,
        seed: (record.seed + record.moveCount) >>> 0,
        thinkMs: options.thinkMs,
      };
      const move = (await workers().run(task)) as string;
      if (!closed) await options.play(record.id, move, record.moveCount + 1);
    } catch (error) {
      options.onError?.(error);
    } finally {
      busy.delete(record.id);
    }
    // A queued reply may have made it the computer's turn again while it was busy.
    if (!closed) {
      const fresh = await store.loadGame(record.id);
      if (fresh) consider(fresh);
    }
  };

  function consider(record: GameRecord): void {
    if (closed || record.status !== 'active' || record.toMove !== BOT_USER || busy.has(record.id)) return;
    void run(record);
  }

  return {
    consider,
    /** After a restart: every game waiting for the computer. */
    async resume(): Promise<void> {
      for (const record of await store.listGames(BOT_USER, 'next', null, 10_000)) consider(record);
    },
    async close(): Promise<void> {
      closed = true;
      await pool?.destroy();
    },
  };
}

export type Bots = ReturnType<typeof createBots>;

/**
 * A game's computer player (the `ai` of its rules) in a worker thread, so the terminal stays
 * responsive while it thinks. One thread per game screen, started for the computer's first move
 * and kept for the next; an answer no longer wanted (an undo, leaving the screen) stops the thread,
 * and the next move starts a new one.
 */
import { Worker } from 'node:worker_threads';
import type { Computer, ComputerRequest } from '../engine/index.ts';
import { GAMES_MODULE } from '../games/index.ts';
import type { ThinkRequest } from './computer-worker.ts';

export interface ThinkingTime {
  /** How long the computer thinks per move, in milliseconds. */
  readonly thinkMs: number;
  /** A strength, for games whose AI has levels. */
  readonly level?: number;
}

export interface WorkerComputer {
  /** The local session's computer: the move for a position, seeded by its move number. */
  readonly computer: Computer;
  /** Stop the thread (the screen is closing). */
  close(): void;
}

/**
 * `gamesModule`: the module whose `GAMES` export holds the game (a thread cannot be sent its
 * functions); Tessera's own games by default.
 */
export function workerComputer(
  gameId: string,
  time: ThinkingTime,
  gamesModule = GAMES_MODULE,
): WorkerComputer {
  let thread: Worker | null = null;
  let nextId = 1;
  const stop = () => {
    void thread?.terminate();
    thread = null;
  };
  const computer = ({ state, moveNo, signal }: ComputerRequest) =>
    new Promise<unknown>((resolve, reject) => {
      if (signal.aborted) return reject(new Error('the move is no longer wanted'));
      if (!thread) {
        thread = new Worker(new URL('./computer-worker.ts', import.meta.url));
        // An idle thread never keeps the program running.
        thread.unref();
      }
      const worker = thread;
      const id = nextId++;
      const done = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        signal.removeEventListener('abort', onAbort);
      };
      const onMessage = (reply: { id: number; move?: unknown; error?: string }) => {
        if (reply.id !== id) return;
        done();
        if (reply.error !== undefined) reject(new Error(reply.error));
        else resolve(reply.move);
      };
      const onError = (error: Error) => {
        done();
        if (thread === worker) thread = null;
        reject(error);
      };
      const onExit = (code: number) =>
        onError(new Error(`the computer's thread stopped (exit code ${code})`));
      const onAbort = () => {
        done();
        if (thread === worker) stop();
        reject(new Error('the move is no longer wanted'));
      };
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      signal.addEventListener('abort', onAbort, { once: true });
      const request: ThinkRequest = { id, gamesModule, gameId, state, seed: moveNo, ...time };
      worker.postMessage(request);
    });
  return { computer, close: stop };
}

/**
 * The Atom-4 computer player in a worker thread, so a terminal or a server stays responsive
 * while it thinks. The same file is the worker's body (when started by `Atom4AiWorker`) and the
 * main thread's client. The worker keeps one Searcher, so its transposition table carries over
 * from move to move. The clock lives here, outside the pure rules: the budget becomes a `timeUp`
 * callback for the search.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { Atom4State } from '../games/atom4/index.ts';
import { chooseMove, levelOf, Searcher, type SearchResult } from '../games/atom4/index.ts';

const ROLE = 'atom4-ai';

export interface AiRequest {
  readonly state: Atom4State;
  readonly level: number;
  readonly seed: number;
  /** Overrides the level's time per move, in milliseconds. */
  readonly ms?: number;
}

interface Envelope {
  readonly id: number;
  readonly request: AiRequest;
}

type Reply =
  | { readonly id: number; readonly result: SearchResult }
  | { readonly id: number; readonly error: string };

/** Searches one request synchronously; the worker's body, also usable without a thread. */
export function think(request: AiRequest, searcher: Searcher): SearchResult {
  const level = levelOf(request.level);
  const deadline = performance.now() + (request.ms ?? level.ms);
  return chooseMove(
    request.state,
    { depth: level.depth, seed: request.seed, timeUp: () => performance.now() >= deadline },
    searcher,
  );
}

export class Atom4AiWorker {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (r: SearchResult) => void; reject: (e: Error) => void }
  >();

  constructor() {
    this.worker = new Worker(new URL(import.meta.url), { workerData: { role: ROLE } });
    this.worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if ('error' in reply) waiting.reject(new Error(reply.error));
      else waiting.resolve(reply.result);
    });
    this.worker.on('error', (error) => {
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    });
  }

  /** The computer's move for a state (a placement, or `next` between rounds). */
  choose(request: AiRequest): Promise<SearchResult> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, request } satisfies Envelope);
    });
  }

  /** Lets the process exit while the worker is idle. */
  unref(): void {
    this.worker.unref();
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

if (!isMainThread && (workerData as { role?: string } | null)?.role === ROLE && parentPort) {
  const port = parentPort;
  const searcher = new Searcher(20);
  port.on('message', ({ id, request }: Envelope) => {
    try {
      port.postMessage({ id, result: think(request, searcher) } satisfies Reply);
    } catch (error) {
      port.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies Reply);
    }
  });
}

/**
 * What a page needs to show a local game (src/engine's local session): its view, kept current,
 * with the computer running only while the page is there; and a computer's answer from a web
 * worker, so its search stays off the page's thread.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { LocalSession, LocalView } from '../engine/index.ts';
import { readStored, writeStored } from './storage.ts';

export function useLocalView(session: LocalSession): LocalView {
  useEffect(() => {
    session.resume();
    return () => session.pause();
  }, [session]);
  return useSyncExternalStore(session.subscribe, session.view);
}

/**
 * Send one request to a worker made for it and wait for its one answer; the worker is ended when
 * it answers, fails, or the answer is no longer wanted. (Vite finds a worker only where the page
 * writes `new Worker(new URL(…))`, so the page makes it.)
 */
export function answerFrom<T>(worker: Worker, request: unknown, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    signal.addEventListener('abort', () => worker.terminate());
    worker.onmessage = (event: MessageEvent<T>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage(request);
  });
}

/** A local game kept across reloads: the setup it was started with and its moves so far. */
export interface SavedGame<Setup> {
  readonly setup: Setup;
  readonly moves: readonly string[];
}

/** The game saved under `key`, or undefined when there is none or it is not one of `isSetup`'s. */
export function readSavedGame<Setup>(
  key: string,
  isSetup: (v: unknown) => v is Setup,
): SavedGame<Setup> | undefined {
  const stored = readStored(key) as Partial<SavedGame<unknown>> | undefined;
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { setup, moves } = stored;
  if (!isSetup(setup) || !Array.isArray(moves) || !moves.every((m) => typeof m === 'string'))
    return undefined;
  return { setup, moves };
}

/**
 * Keep the session's game under `key` as it changes (a move, an undo, the moves it started from),
 * so a reload picks it up where it was. A new game is saved by its page when it starts.
 */
export function useSavedGame<Setup>(key: string, session: LocalSession, setup: Setup): void {
  useEffect(
    () =>
      session.subscribe((event) => {
        if (event.kind === 'move' || event.kind === 'undo' || event.kind === 'restored') {
          writeStored(key, {
            setup,
            moves: session.view().moves.map((m) => m.text),
          } satisfies SavedGame<Setup>);
        }
      }),
    [key, session, setup],
  );
}

/** What a typed move does in a local game (see TypedMove.tsx): played for the person to move,
 * or the sentence saying why not. */
export const playTyped =
  (session: LocalSession, yourTurn: boolean) =>
  async (text: string): Promise<string | undefined> => {
    if (!yourTurn) return "It's not your turn to move.";
    const played = await session.playText(text);
    return played.ok ? undefined : played.error;
  };

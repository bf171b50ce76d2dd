/**
 * What a page needs to show a local game (src/engine's local session): its view, kept current,
 * with the computer running only while the page is there; and a computer's answer from a web
 * worker, so its search stays off the page's thread.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { LocalSession, LocalView } from '../engine/index.ts';

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

/** What a typed move does in a local game (see TypedMove.tsx): played for the person to move,
 * or the sentence saying why not. */
export const playTyped =
  (session: LocalSession, yourTurn: boolean) =>
  async (text: string): Promise<string | undefined> => {
    if (!yourTurn) return "It's not your turn to move.";
    const played = await session.playText(text);
    return played.ok ? undefined : played.error;
  };

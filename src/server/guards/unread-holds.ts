/**
 * Connections held unread for a while: the one mechanism behind both delayed refusals (a request
 * over its address's budget, a connection over the cap). Node's HTTP parser reads a connection's
 * handle directly, below the stream, so only stopping the handle's reads leaves what the client
 * sends meanwhile in the kernel's buffers rather than the server's memory.
 */
import type { Socket } from 'node:net';

type Handle = { readStop?(): number; readStart?(): number };
const handleOf = (socket: Socket): Handle | undefined => (socket as { _handle?: Handle })._handle;

/** The longest a connection waits for its client's turn. Unread, a waiting connection is not seen
 * to close if its client hangs up, so it holds its file until then. */
export const MAX_REFUSAL_WAIT_MS = 10_000;

/**
 * When each client's held connections go on: at most `perSecond` a second for one client, however
 * many connections it keeps over its budget, and never later than `maxMs` from now. Each hold
 * takes the next free turn of its client, or ends after its own delay if that is later. A client
 * that ignores its refusals on many connections at once (64 connections, and loops past the
 * connection cap reconnecting) otherwise came back once a second on each of them: a hundred
 * refusals a second, enough on a small machine to push the slowest of everyone else's moves on
 * PostgreSQL past 30 ms.
 */
export function refusalTurns(perSecond: number, maxMs: number) {
  const gap = 1000 / perSecond;
  /** Each client's last turn given (ms since the epoch). */
  const last = new Map<string, number>();
  let sweptAt = 0;
  return {
    /** How long from `now` the hold of one of `client`'s connections lasts, at least `delayMs`. */
    wait(client: string, now: number, delayMs: number): number {
      if (now - sweptAt > 60_000) {
        // Forget clients whose turns have all passed.
        sweptAt = now;
        for (const [c, at] of last) if (at + gap < now) last.delete(c);
      }
      const previous = last.get(client);
      const at = Math.min(now + maxMs, Math.max(now + delayMs, previous === undefined ? 0 : previous + gap));
      last.set(client, at);
      return at - now;
    },
  };
}
export type RefusalTurns = ReturnType<typeof refusalTurns>;

/** Holds of about `delayMs` each, or until their client's turn, at most `max` at once, server-wide. */
export function unreadHolds(delayMs: number, max: number, turns: RefusalTurns) {
  /** Each held socket, and what ends its hold without going on. */
  const held = new Map<Socket, () => void>();
  return {
    /**
     * Read nothing more from `socket` for a random time from half `delayMs` to one and a half
     * times it, or until `client`'s next turn if that is later, then call `then`. The random wait
     * keeps connections held together by one burst from all coming back together, a burst again
     * every delay, each a stall for everyone. False, doing nothing, when it cannot be held: no
     * delay, `max` held already, this socket held already, or no handle (a fake socket under
     * `inject`).
     */
    hold(socket: Socket, client: string, then: () => void): boolean {
      const handle = handleOf(socket);
      if (delayMs <= 0 || held.size >= max || held.has(socket) || !handle?.readStop) return false;
      handle.readStop();
      const release = () => {
        clearTimeout(timer);
        socket.off('close', release);
        held.delete(socket);
      };
      // (A turn stays taken if the client hangs up meanwhile: only its own later holds wait for it.)
      const delay = delayMs * (0.5 + Math.random());
      const timer = setTimeout(
        () => {
          release();
          then();
        },
        turns.wait(client, Date.now(), delay),
      ).unref();
      socket.once('close', release);
      held.set(socket, release);
      return true;
    },
    /** Drop every held connection (a shutdown). */
    dropAll(): void {
      for (const [socket, release] of held) {
        release();
        socket.destroy();
      }
    },
  };
}

/** Read from `socket` again after a hold, unless it has closed meanwhile. */
export function resumeReading(socket: Socket): void {
  if (!socket.destroyed) handleOf(socket)?.readStart?.();
}

/**
 * Connections held unread for a while: the one mechanism behind both delayed refusals (a request
 * over its address's budget, a connection over the cap). Node's HTTP parser reads a connection's
 * handle directly, below the stream, so only stopping the handle's reads leaves what the client
 * sends meanwhile in the kernel's buffers rather than the server's memory.
 */
import type { Socket } from 'node:net';

type Handle = { readStop?(): number; readStart?(): number };
const handleOf = (socket: Socket): Handle | undefined => (socket as { _handle?: Handle })._handle;

/** Holds of about `delayMs` each, at most `max` at once, server-wide. */
export function unreadHolds(delayMs: number, max: number) {
  /** Each held socket, and what ends its hold without going on. */
  const held = new Map<Socket, () => void>();
  return {
    /**
     * Read nothing more from `socket` for a random time from half `delayMs` to one and a half
     * times it, then call `then`. The random wait keeps connections held together by one burst
     * from all coming back together, a burst again every delay, each a stall for everyone. False,
     * doing nothing, when it cannot be held: no delay, `max` held already, this socket held
     * already, or no handle (a fake socket under `inject`).
     */
    hold(socket: Socket, then: () => void): boolean {
      const handle = handleOf(socket);
      if (delayMs <= 0 || held.size >= max || held.has(socket) || !handle?.readStop) return false;
      handle.readStop();
      const release = () => {
        clearTimeout(timer);
        socket.off('close', release);
        held.delete(socket);
      };
      const timer = setTimeout(
        () => {
          release();
          then();
        },
        delayMs * (0.5 + Math.random()),
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

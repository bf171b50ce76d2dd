/** One WebSocket as the hub's connection: frames encoded once per format, written together per turn, a slow client cut off. */
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { CUT_OFF_MS } from '../http/index.ts';
import type { Connection, ServerFrame } from '../live/index.ts';
import { encode, type Format } from '../live/index.ts';

const encodedFrames: Record<Format, WeakMap<object, string | Buffer>> = {
  json: new WeakMap(),
  msgpack: new WeakMap(),
};

const rawSocket = (socket: WebSocket) => (socket as unknown as { _socket?: Socket })._socket;

/** Close a WebSocket with the reason, read nothing more from it, and drop the connection soon
 * after rather than wait for the client's side of the closing handshake (it may never come). */
export function dismiss(socket: WebSocket, code: number, reason: string): void {
  if (socket.readyState !== socket.OPEN) return;
  socket.close(code, reason);
  rawSocket(socket)?.pause();
  setTimeout(() => socket.terminate(), CUT_OFF_MS).unref();
}

export function socketConnection(socket: WebSocket, format: Format, user: () => string | null): Connection {
  const raw = rawSocket(socket);
  let corked = false;
  const uncork = () => {
    corked = false;
    raw?.uncork();
  };
  return {
    user,
    send(frame: ServerFrame) {
      if (socket.readyState !== socket.OPEN) return;
      // A client that stops reading is cut off rather than buffered without end.
      if (socket.bufferedAmount > 4 * 1024 * 1024) {
        dismiss(socket, 1013, 'too slow');
        return;
      }
      // A frame broadcast to many subscribers is encoded once per format.
      const cache = encodedFrames[format];
      let bytes = cache.get(frame);
      if (bytes === undefined) {
        bytes = encode(format, frame);
        cache.set(frame, bytes);
      }
      // Frames sent in one turn of the event loop (a move's broadcast and its acknowledgement)
      // leave in one write: the socket is corked until the turn ends.
      if (!corked) {
        corked = true;
        raw?.cork();
        setImmediate(uncork);
      }
      socket.send(bytes);
    },
  };
}

/**
 * A WebSocket to the server's live updates (JSON frames), subscribed to a game. When the
 * connection drops it reconnects by itself with growing pauses and resubscribes with the last
 * move number seen, so the server sends exactly the moves missed; the caller is told of every
 * change of connection so the screen can say it is catching up rather than show a stale board.
 */
import WebSocket from 'ws';
import type { ClientFrame, ServerFrame } from '../../api/index.ts';
import type { Session } from './api.ts';

export type LinkState = { readonly kind: 'connecting'; readonly attempt: number } | { readonly kind: 'open' };

export interface LiveGame {
  /** Send a frame if the connection is open; false when it is not. */
  send(frame: ClientFrame): boolean;
  close(): void;
}

/**
 * A live connection that, each time it opens, logs in with an auth frame (never the address, which
 * logs and proxies keep) and sends `subscription()` (so a resubscription can say what it already
 * has); it reconnects with growing pauses when it drops.
 */
export function connectLive(options: {
  readonly baseUrl: string;
  readonly session: Session | null;
  readonly subscription: () => ClientFrame;
  readonly onFrame: (frame: ServerFrame) => void;
  readonly onLink: (state: LinkState) => void;
}): LiveGame {
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let socket: WebSocket | null = null;
  const url = new URL('/ws', options.baseUrl.replace(/^http/, 'ws'));
  url.searchParams.set('format', 'json');

  const open = () => {
    options.onLink({ kind: 'connecting', attempt });
    const ws = new WebSocket(url);
    socket = ws;
    ws.on('open', () => {
      attempt = 0;
      if (options.session) ws.send(JSON.stringify({ type: 'auth', token: options.session.token }));
      ws.send(JSON.stringify(options.subscription()));
      options.onLink({ kind: 'open' });
    });
    ws.on('message', (data) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(data)) as ServerFrame;
      } catch {
        return; // unreadable: the next state frame corrects the view
      }
      options.onFrame(frame);
    });
    // An 'error' is always followed by 'close', where the retry is scheduled.
    ws.on('error', () => undefined);
    ws.on('close', () => {
      if (socket === ws) socket = null;
      if (stopped) return;
      attempt++;
      options.onLink({ kind: 'connecting', attempt });
      timer = setTimeout(open, Math.min(250 * 2 ** attempt, 5000));
    });
  };
  open();

  return {
    send(frame) {
      if (socket?.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(frame));
      return true;
    },
    close() {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
}

/**
 * Live updates of one game, resubscribing from the last move number the screen has, and asking
 * for the next page of a long backlog where the server's `more` frame says.
 */
export const connectLiveGame = (options: {
  readonly baseUrl: string;
  readonly session: Session | null;
  readonly game: number;
  /** The last move number the screen has, to resubscribe from; undefined for the full state. */
  readonly lastMoveNo: () => number | undefined;
  readonly onFrame: (frame: ServerFrame) => void;
  readonly onLink: (state: LinkState) => void;
}): LiveGame => {
  const live = connectLive({
    ...options,
    subscription: () => {
      const since = options.lastMoveNo();
      return { type: 'subscribe', gameId: options.game, ...(since === undefined ? {} : { since }) };
    },
    onFrame: (frame) => {
      options.onFrame(frame);
      if (frame.type === 'more' && frame.gameId === options.game) {
        live.send({ type: 'subscribe', gameId: options.game, since: frame.since });
      }
    },
  });
  return live;
};

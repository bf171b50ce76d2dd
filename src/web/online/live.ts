import { useEffect, useRef, useState } from 'react';
import type { Session } from './api.ts';

export type Frame = { readonly type: string } & Record<string, unknown>;

/**
 * A WebSocket to the server's live updates (JSON frames), subscribed to one game. It reconnects by
 * itself and resubscribes with the last move number seen, so it catches up without gaps.
 */
export function useLiveGame(
  gameId: number,
  session: Session | null,
  onFrame: (frame: Frame) => void,
  lastMoveNo: () => number | undefined,
): { send: (frame: Record<string, unknown>) => boolean; connected: boolean } {
  const socket = useRef<WebSocket | null>(null);
  const [connected, setConnected] = useState(false);
  const handler = useRef(onFrame);
  handler.current = onFrame;
  const since = useRef(lastMoveNo);
  since.current = lastMoveNo;

  useEffect(() => {
    let stopped = false;
    let retry = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const token = session ? `&token=${encodeURIComponent(session.token)}` : '';
      const ws = new WebSocket(`${scheme}://${window.location.host}/ws?format=json${token}`);
      socket.current = ws;
      ws.onopen = () => {
        retry = 0;
        setConnected(true);
        const last = since.current();
        ws.send(
          JSON.stringify({ type: 'subscribe', game: gameId, ...(last === undefined ? {} : { since: last }) }),
        );
      };
      ws.onmessage = (event) => {
        try {
          handler.current(JSON.parse(String(event.data)) as Frame);
        } catch {
          // a frame we cannot read is ignored; the next state frame corrects the board
        }
      };
      ws.onclose = () => {
        setConnected(false);
        if (stopped) return;
        retry = Math.min(retry + 1, 6);
        timer = setTimeout(open, 250 * 2 ** retry);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket.current?.close();
    };
  }, [gameId, session]);

  return {
    connected,
    send: (frame) => {
      const ws = socket.current;
      if (!ws || ws.readyState !== WebSocket.OPEN) return false;
      ws.send(JSON.stringify(frame));
      return true;
    },
  };
}

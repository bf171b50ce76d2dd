import { useEffect, useRef, useState } from 'react';
import type { ClientFrame, ServerFrame } from '../../api/index.ts';
import { SESSION_CHECK, type Session } from './api.ts';

/**
 * A WebSocket to the server's live updates (JSON frames). Each time it opens it logs in with an
 * auth frame (never the address, which logs and proxies keep) and sends `subscription()` (so a
 * resubscription can say what it already has); it reconnects by itself with growing pauses;
 * `reopened` is told when a connection comes back after a drop (updates may be missed). With
 * `enabled` false no socket is opened.
 */
export function useLive(
  key: unknown,
  session: Session | null,
  subscription: () => ClientFrame,
  onFrame: (frame: ServerFrame) => void,
  reopened?: () => void,
  enabled = true,
): { send: (frame: ClientFrame) => boolean; connected: boolean } {
  const socket = useRef<WebSocket | null>(null);
  const [connected, setConnected] = useState(false);
  const handlers = useRef({ subscription, onFrame, reopened });
  handlers.current = { subscription, onFrame, reopened };

  useEffect(() => {
    void key; // the subscription's identity: a new one reconnects
    if (!enabled) return;
    let stopped = false;
    let retry = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(`${scheme}://${window.location.host}/ws?format=json`);
      socket.current = ws;
      ws.onopen = () => {
        if (retry > 0) handlers.current.reopened?.();
        retry = 0;
        setConnected(true);
        if (session) ws.send(JSON.stringify({ type: 'auth', token: session.token }));
        ws.send(JSON.stringify(handlers.current.subscription()));
      };
      ws.onmessage = (event) => {
        try {
          handlers.current.onFrame(JSON.parse(String(event.data)) as ServerFrame);
        } catch {
          // a frame we cannot read is ignored; the next state frame corrects the view
        }
      };
      ws.onclose = (event) => {
        setConnected(false);
        // Closed by policy: perhaps the session ended (logged out everywhere); the session checks.
        if (event.code === 1008 && session) window.dispatchEvent(new Event(SESSION_CHECK));
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
  }, [key, session, enabled]);

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

/**
 * Live updates of one game: resubscribes with the last move number seen, so it catches up without
 * gaps, and asks for the next page of a long backlog where the server's `more` frame says.
 */
export const useLiveGame = (
  gameId: number,
  session: Session | null,
  onFrame: (frame: ServerFrame) => void,
  lastMoveNo: () => number | undefined,
): { send: (frame: ClientFrame) => boolean; connected: boolean } => {
  const link = useLive(
    gameId,
    session,
    () => {
      const last = lastMoveNo();
      return { type: 'subscribe', gameId, ...(last === undefined ? {} : { since: last }) };
    },
    (frame) => {
      onFrame(frame);
      if (frame.type === 'more' && frame.gameId === gameId) {
        link.send({ type: 'subscribe', gameId, since: frame.since });
      }
    },
  );
  return link;
};

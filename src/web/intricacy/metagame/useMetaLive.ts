import { useEffect, useRef, useState } from 'react';
import type { Session } from '../../online/api.ts';

/**
 * The metagame's live updates: a WebSocket subscribed to "intricacy"; every
 * {"type":"intricacy"} frame (and every reconnection, which may have missed some) calls
 * `onChange`, which refetches the world. Reconnects by itself with a growing delay.
 */
export function useMetaLive(session: Session | null, onChange: () => void): boolean {
  const [connected, setConnected] = useState(false);
  const handler = useRef(onChange);
  handler.current = onChange;
  useEffect(() => {
    let stopped = false;
    let retry = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let socket: WebSocket | null = null;
    const open = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const token = session ? `&token=${encodeURIComponent(session.token)}` : '';
      const ws = new WebSocket(`${scheme}://${window.location.host}/ws?format=json${token}`);
      socket = ws;
      ws.onopen = () => {
        if (retry > 0) handler.current();
        retry = 0;
        setConnected(true);
        ws.send(JSON.stringify({ type: 'subscribe', game: 'intricacy' }));
      };
      ws.onmessage = (event) => {
        try {
          const frame = JSON.parse(String(event.data)) as { type?: string };
          if (frame.type === 'intricacy') handler.current();
        } catch {
          // an unreadable frame is ignored
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
      socket?.close();
    };
  }, [session]);
  return connected;
}

/**
 * The Intricacy metagame API (README "Intricacy metagame API", src/server/intricacy-routes.ts)
 * through the online client's session, and its live "something changed" signal on the WebSocket.
 */
import WebSocket from 'ws';
import {
  formatToolMove,
  type Lock,
  type LockView,
  lockToText,
  type NoteView,
  type ToolMove,
  type WorldView,
} from '../../games/intricacy/index.ts';
import type { Client } from '../online/api.ts';

const movesText = (moves: readonly ToolMove[]): string => moves.map(formatToolMove).join(' ');

export interface MetaApi {
  me(): Promise<string | null>;
  codenames(): Promise<string[]>;
  register(codename: string): Promise<string>;
  world(): Promise<WorldView>;
  place(slot: number, lock: Lock, solution: readonly ToolMove[]): Promise<LockView>;
  retire(slot: number): Promise<number>;
  declare(lockId: number, solution: readonly ToolMove[], slot: number): Promise<NoteView>;
}

export function metaApi(client: Client): MetaApi {
  const r = client.request;
  return {
    me: async () => (await r<{ codename: string | null }>('GET', '/api/intricacy/me')).codename,
    codenames: async () =>
      (await r<{ codenames: string[] }>('GET', '/api/intricacy/codenames?count=6')).codenames,
    register: async (codename) =>
      (await r<{ codename: string }>('POST', '/api/intricacy/register', { codename })).codename,
    world: () => r<WorldView>('GET', '/api/intricacy/world'),
    place: (slot, lock, solution) =>
      r<LockView>('PUT', `/api/intricacy/slots/${slot}`, {
        lock: lockToText(lock),
        solution: movesText(solution),
      }),
    retire: async (slot) => (await r<{ retired: number }>('DELETE', `/api/intricacy/slots/${slot}`)).retired,
    declare: (lockId, solution, slot) =>
      r<NoteView>('POST', `/api/intricacy/locks/${lockId}/solution`, { solution: movesText(solution), slot }),
  };
}

/**
 * Call `onChange` after every metagame change the server announces, reconnecting with growing
 * pauses when the link drops (and calling `onChange` then too, since changes may have been missed).
 */
export function subscribeMeta(client: Client, onChange: () => void): { close(): void } {
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let socket: WebSocket | null = null;
  const url = new URL('/ws', client.baseUrl.replace(/^http/, 'ws'));
  url.searchParams.set('format', 'json');
  if (client.session) url.searchParams.set('token', client.session.token);
  const open = () => {
    const ws = new WebSocket(url);
    socket = ws;
    ws.on('open', () => {
      if (attempt > 0) onChange();
      attempt = 0;
      ws.send(JSON.stringify({ type: 'subscribe', game: 'intricacy' }));
    });
    ws.on('message', (data) => {
      try {
        if ((JSON.parse(String(data)) as { type?: string }).type === 'intricacy') onChange();
      } catch {
        // not a frame of ours
      }
    });
    ws.on('error', () => undefined); // 'close' follows and retries
    ws.on('close', () => {
      if (socket === ws) socket = null;
      if (stopped) return;
      attempt++;
      timer = setTimeout(open, Math.min(250 * 2 ** attempt, 5000));
    });
  };
  open();
  return {
    close() {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
}

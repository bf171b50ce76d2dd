/**
 * The Intricacy metagame API (README "Intricacy metagame API", src/server/intricacy-routes.ts)
 * through the online client's session, and its live "something changed" signal on the WebSocket.
 */
import {
  formatMoveList,
  type Lock,
  type LockView,
  lockToText,
  type NoteView,
  type ToolMove,
  type WorldView,
} from '../../games/intricacy/index.ts';
import type { Client } from '../online/api.ts';
import { connectLive } from '../online/live.ts';

export interface MetaApi {
  me(): Promise<string | null>;
  codenames(): Promise<string[]>;
  register(codename: string): Promise<string>;
  world(): Promise<WorldView>;
  place(slot: number, lock: Lock, solution: readonly ToolMove[]): Promise<LockView>;
  retire(slot: number): Promise<number>;
  declare(lockId: number, solution: readonly ToolMove[], slot: number): Promise<NoteView>;
  /** The retired locks, newest first. */
  retired(): Promise<LockView[]>;
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
        solution: formatMoveList(solution),
      }),
    retire: async (slot) => (await r<{ retired: number }>('DELETE', `/api/intricacy/slots/${slot}`)).retired,
    declare: (lockId, solution, slot) =>
      r<NoteView>('POST', `/api/intricacy/locks/${lockId}/solution`, {
        solution: formatMoveList(solution),
        slot,
      }),
    retired: () => r<LockView[]>('GET', '/api/intricacy/retired'),
  };
}

/**
 * Call `onChange` after every metagame change the server announces, and after a reconnection
 * (changes may have been missed while the link was down).
 */
export function subscribeMeta(client: Client, onChange: () => void): { close(): void } {
  let dropped = false;
  return connectLive({
    baseUrl: client.baseUrl,
    session: client.session,
    subscription: () => ({ type: 'subscribe', game: 'intricacy' }),
    onFrame: (frame) => {
      if (frame.type === 'intricacy') onChange();
    },
    onLink: (state) => {
      if (state.kind === 'connecting' && state.attempt > 0) dropped = true;
      if (state.kind === 'open' && dropped) {
        dropped = false;
        onChange();
      }
    },
  });
}

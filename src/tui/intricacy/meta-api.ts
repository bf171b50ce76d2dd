/**
 * The Intricacy metagame API (docs/api.md, "Intricacy metagame API")
 * through the online client's session, and its live "something changed" signal on the WebSocket.
 */
import {
  formatMoveList,
  type Lock,
  type LockView,
  lockToText,
  type NotesPage,
  type NoteView,
  type PlayersPage,
  type ScorePage,
  type ToolMove,
  type WorldView,
} from '../../games/intricacy/index.ts';
import type { Client } from '../online/api.ts';
import { connectLive } from '../online/live.ts';

export interface MetaApi {
  me(): Promise<string | null>;
  codenames(): Promise<string[]>;
  register(codename: string): Promise<string>;
  /** Your own page and the first page of each list, with how many there are of everything. */
  world(): Promise<WorldView>;
  /** A page of each list, from `offset` (the server chooses how many). */
  players(offset: number): Promise<PlayersPage>;
  notes(offset: number): Promise<NotesPage>;
  /** Ranks from `offset`, against the players ranked from `columns`. */
  scores(offset: number, columns: number): Promise<ScorePage>;
  place(slot: number, lock: Lock, solution: readonly ToolMove[]): Promise<LockView>;
  retire(slot: number): Promise<number>;
  declare(lockId: number, solution: readonly ToolMove[], slot: number): Promise<NoteView>;
  /** A page of the retired locks, newest first. */
  retired(offset: number): Promise<LockView[]>;
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
    players: (offset) => r<PlayersPage>('GET', `/api/intricacy/players?offset=${offset}`),
    notes: (offset) => r<NotesPage>('GET', `/api/intricacy/notes?offset=${offset}`),
    scores: (offset, columns) =>
      r<ScorePage>('GET', `/api/intricacy/scores?offset=${offset}&columns=${columns}`),
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
    retired: (offset) => r<LockView[]>('GET', `/api/intricacy/retired?offset=${offset}`),
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
    subscription: () => ({ type: 'subscribe', metagame: 'intricacy' }),
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

/** The Intricacy metagame API (/api/intricacy, see src/server/metagame/routes.ts), typed. */
import type {
  LockView,
  NotesPage,
  NoteView,
  PlayersPage,
  ScoreExplanation,
  ScorePage,
  WorldView,
} from '../../../games/intricacy/index.ts';
import { api, type Session } from '../../online/api.ts';

const base = '/api/intricacy';

export const metaApi = {
  me: (s: Session | null) => api<{ codename: string | null }>('GET', `${base}/me`, undefined, s),
  codenames: (count = 8) => api<{ codenames: string[] }>('GET', `${base}/codenames?count=${count}`),
  register: (s: Session | null, codename: string) =>
    api<{ codename: string }>('POST', `${base}/register`, { codename }, s),
  /** Your own page and the first page of each list, with how many there are of everything. */
  world: (s: Session | null) => api<WorldView>('GET', `${base}/world`, undefined, s),
  players: (s: Session | null, offset: number) =>
    api<PlayersPage>('GET', `${base}/players?offset=${offset}`, undefined, s),
  notesRead: (s: Session | null, offset: number) =>
    api<NotesPage>('GET', `${base}/notes?read=true&offset=${offset}`, undefined, s),
  scores: (offset: number, columns: number) =>
    api<ScorePage>('GET', `${base}/scores?offset=${offset}&columns=${columns}`),
  /** `player`'s score against `against`, as the accesses that make it up. */
  explain: (player: string, against: string) =>
    api<ScoreExplanation>(
      'GET',
      `${base}/scores/explain?player=${encodeURIComponent(player)}&against=${encodeURIComponent(against)}`,
    ),
  lock: (s: Session | null, id: number) => api<LockView>('GET', `${base}/locks/${id}`, undefined, s),
  retired: (s: Session | null, offset: number) =>
    api<LockView[]>('GET', `${base}/retired?offset=${offset}`, undefined, s),
  place: (s: Session | null, slot: number, lock: string, solution: string) =>
    api<LockView>('PUT', `${base}/slots/${slot}`, { lock, solution }, s),
  retire: (s: Session | null, slot: number) =>
    api<{ retired: number }>('DELETE', `${base}/slots/${slot}`, undefined, s),
  declare: (s: Session | null, lockId: number, solution: string, slot: number) =>
    api<NoteView>('POST', `${base}/locks/${lockId}/solution`, { solution, slot }, s),
};

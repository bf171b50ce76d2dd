/**
 * Racing today's daily board while logged in: the server starts the player's clock at their first
 * move (or hint), counts each hint before the page shows it, and takes the moves that cleared the
 * board, replaying them before it records a place. The page only asks; the server decides.
 */
import type { DailyAccepted, DailyMine, DailySession } from '../../api/index.ts';
import { api, type Session } from '../online/api.ts';

/** Where the page stands with the server on today's board. */
export type RaceState =
  | { readonly kind: 'off' } // not logged in, or not today's board
  | { readonly kind: 'open'; readonly session: DailySession | null }
  // Moves were made on the board before the race opened (logged out): they were not timed.
  | { readonly kind: 'stale' }
  | { readonly kind: 'recorded'; readonly session: DailySession; readonly accepted: DailyAccepted | null }
  | { readonly kind: 'refused'; readonly error: string };

export const raceMine = (date: string, login: Session) =>
  api<DailyMine>('GET', `/api/daily/${date}/mine`, undefined, login);

export const raceStart = (date: string, login: Session) =>
  api<DailySession>('POST', '/api/daily/start', { date }, login);

export const raceHint = (date: string, login: Session) =>
  api<DailySession>('POST', '/api/daily/hint', { date }, login);

export const raceResult = (date: string, moves: readonly string[], login: Session) =>
  api<DailyAccepted>('POST', '/api/daily/result', { date, moves }, login);

/** The leaderboard page's address for a day. */
export const leaderboardPath = (date: string) => `/sigmar/daily?date=${date}`;

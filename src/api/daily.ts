/**
 * The daily Sigmar board raced by everyone (docs/api.md, "The daily board"): starting the day's
 * board, a hint counted, the moves that cleared it, and the leaderboards.
 */
import { type Static, Type } from '@sinclair/typebox';
import type { Frozen } from './http.ts';

const strict = { additionalProperties: false } as const;

/** As many moves as a game of Sigmar's Garden may have (its rules' limit). */
export const MAX_DAILY_MOVES = 2000;
/** The body of a result may be this long: MAX_DAILY_MOVES moves of up to 16 characters, quoted. */
export const DAILY_RESULT_BODY_LIMIT = 48 * 1024;
/** The most places a day's or a week's board lists. */
export const DAILY_BOARD_PLACES = 100;

const DAY_RULE = 'date is a day written YYYY-MM-DD, such as 2026-11-24';
export const DailyDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', errorMessage: DAY_RULE });

/** `POST /api/daily/start` and `POST /api/daily/hint`: the day's board (today's, UTC). */
export const DailyDateBody = Type.Object({ date: DailyDate }, strict);
export type DailyDateBody = Static<typeof DailyDateBody>;

/** `POST /api/daily/result`: every move since the deal, undo and try again included. */
export const DailyResultBody = Type.Object(
  {
    date: DailyDate,
    moves: Type.Array(
      Type.String({ maxLength: 16, errorMessage: 'a move is written like C4 E7, F6, undo or retry' }),
      { maxItems: MAX_DAILY_MOVES, errorMessage: `moves is a list of at most ${MAX_DAILY_MOVES} moves` },
    ),
  },
  strict,
);
export type DailyResultBody = Static<typeof DailyResultBody>;

/** `GET /api/daily/:date` and `GET /api/daily/week/:date`: a day, or `today`. */
export const DailyParams = Type.Object(
  { date: Type.String({ maxLength: 10, errorMessage: `${DAY_RULE}, or today` }) },
  strict,
);

/** A player's race on a day's board, as the server keeps it. */
export interface DailySession {
  readonly date: string;
  /** When the server started the player's clock (ms since 1970). */
  readonly startedAt: number;
  /** Hints the server counted. */
  readonly hints: number;
  readonly cleared: boolean;
  /** Server time from the start to the accepted moves; null until cleared. */
  readonly timeMs: number | null;
}

/** `GET /api/daily/:date/mine`: the asker's race on that day, if they started it. */
export interface DailyMine {
  readonly session: DailySession | null;
}

/** A place on a day's board. */
export type DailyPlace = Frozen<{ place: number; user: string; hints: number; timeMs: number }>;

/** `GET /api/daily/:date`: the day's cleared boards, best first (fewest hints, then fastest). */
export interface DailyBoard {
  readonly date: string;
  /** Players who started the board, and who cleared it. */
  readonly started: number;
  readonly cleared: number;
  /** The first places (at most DAILY_BOARD_PLACES). */
  readonly places: readonly DailyPlace[];
}

/** `POST /api/daily/result`, accepted: the player's place and the day's board. */
export interface DailyAccepted {
  readonly result: DailyPlace;
  readonly board: DailyBoard;
}

/** A place on a week's board: days cleared (most first), then hints, then time, in total. */
export type DailyWeekPlace = Frozen<{
  place: number;
  user: string;
  cleared: number;
  hints: number;
  timeMs: number;
}>;

/** `GET /api/daily/week/:date`: the week (Monday to Sunday, UTC) holding the day. */
export interface DailyWeek {
  readonly first: string;
  readonly last: string;
  readonly places: readonly DailyWeekPlace[];
}

/** `GET /api/players/:user/daily`: daily boards cleared, and the streak of days in a row. */
export interface DailyRecord {
  readonly user: string;
  readonly solved: number;
  /** Days cleared in a row up to today (or yesterday, while today's board is still open). */
  readonly streak: number;
  readonly bestStreak: number;
  /** Whether today's board is cleared. */
  readonly clearedToday: boolean;
}

/** A race's time as a player reads it: `42 s`, `4 min 05 s`, `1 h 02 min`. */
export function raceTime(ms: number): string {
  const seconds = Math.floor(Math.max(0, ms) / 1000);
  const s = seconds % 60;
  const m = Math.floor(seconds / 60) % 60;
  const h = Math.floor(seconds / 3600);
  const two = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h} h ${two(m)} min`;
  if (m > 0) return `${m} min ${two(s)} s`;
  return `${s} s`;
}

/** Hints in words: `no hints`, `1 hint`, `3 hints`. */
export const hintsText = (hints: number): string =>
  hints === 0 ? 'no hints' : hints === 1 ? '1 hint' : `${hints} hints`;

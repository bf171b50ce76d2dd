/**
 * The daily Sigmar board raced by everyone: one entry per player and day, opened when the player
 * starts the day's board (the server's clock), counting the hints the server gave, and finished
 * once when the server has replayed moves that clear the board. The server decides what is true;
 * the store keeps it, and a finished entry is never changed again.
 */

/** One player's race on one day's board. */
export interface DailyEntry {
  readonly userId: string;
  /** The day of the board, YYYY-MM-DD (UTC). */
  readonly day: string;
  /** When the player started it (ms since 1970, the server's clock). */
  readonly startedAt: number;
  /** Hints the server counted before the board was cleared. */
  readonly hints: number;
  /** When the clearing moves were accepted, and the time from the start: null until then. */
  readonly finishedAt: number | null;
  readonly timeMs: number | null;
  /** The moves that cleared it, in the game's notation, space-separated ('' until then). */
  readonly moves: string;
}

/** A cleared board on a leaderboard. */
export interface DailyClear {
  readonly userId: string;
  readonly hints: number;
  readonly timeMs: number;
  readonly finishedAt: number;
}

/** A player's totals over several days (the weekly board). */
export interface DailyTotals {
  readonly userId: string;
  readonly cleared: number;
  readonly hints: number;
  readonly timeMs: number;
}

export interface DailyStore {
  /** The player's entry for a day, opened now if it is not there yet (a second start keeps the first). */
  startDaily(userId: string, day: string, now: number): Promise<DailyEntry>;
  dailyEntry(userId: string, day: string): Promise<DailyEntry | undefined>;
  /** One more hint on an entry not yet finished; the entry as it is now (undefined if there is none). */
  countDailyHint(userId: string, day: string): Promise<DailyEntry | undefined>;
  /**
   * Finishes an open entry at `finishedAt` with the moves that cleared it. False when there is no
   * open entry (none, or finished already: the first result counts), and nothing is changed.
   */
  finishDaily(userId: string, day: string, finishedAt: number, moves: string): Promise<boolean>;
  /** A day's cleared boards, best first: fewest hints, then fastest, then cleared first. */
  dailyClears(day: string): Promise<DailyClear[]>;
  /** How many players started the day's board. */
  dailyStarted(day: string): Promise<number>;
  /** Each player's totals over the days from `first` to `last` (inclusive): most cleared, fewest hints, fastest. */
  dailyTotals(first: string, last: string): Promise<DailyTotals[]>;
  /** The days whose board the player cleared, oldest first. */
  dailyDaysCleared(userId: string): Promise<string[]>;
}

/**
 * The page's address names one board for everyone: its seed and every option that changes the
 * deal (`seed=777&difficulty=hard&sloppy=1&template=star`), or a day's daily board
 * (`daily=2026-11-24`, the day in UTC). What a browser has stored only chooses the options of the
 * next random board, never the board an address names.
 */
import {
  DEFAULT_OPTIONS,
  DIFFICULTIES,
  type Difficulty,
  dailySeed,
  type SigmarOptions,
  sigmar,
} from '../../games/sigmar/index.ts';

/** A board to deal: the options and seed that decide it, and the day when it is a daily board. */
export interface NamedBoard {
  readonly options: SigmarOptions;
  readonly seed: number;
  readonly daily: string | null;
}

/** The deal options a player picks; the page stores them for the next random board. */
export interface DealPreferences {
  readonly difficulty: Difficulty | null;
  readonly sloppy: boolean;
}

export interface BoardRequest {
  readonly seed: number | null;
  readonly daily: string | null;
  readonly template: string | null;
  /** undefined when the address does not say (null is "any"). */
  readonly difficulty: Difficulty | null | undefined;
  readonly sloppy: boolean | undefined;
  /** rnd=1: keep the seed out of the address, so Refresh deals a new board. */
  readonly rnd: boolean;
  /** Sentences for what the address got wrong (the rest of it is still used). */
  readonly errors: readonly string[];
}

/** The day of the daily board now: the same for everyone, as the day in UTC. */
export const todayUtc = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

/** A real day written YYYY-MM-DD (2026-02-30 is not one). */
function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && todayUtc(day) === text;
}

/** The board request in an address's query (`window.location.search`). */
export function readAddress(search: string): BoardRequest {
  const params = new URLSearchParams(search);
  const errors: string[] = [];
  let seed: number | null = null;
  const seedText = params.get('seed');
  if (seedText !== null) {
    if (/^\d{1,10}$/.test(seedText) && Number(seedText) < 2 ** 32) seed = Number(seedText);
    else errors.push(`seed must be a whole number from 0 to 4294967295, got "${seedText}"`);
  }
  let daily: string | null = null;
  const dailyText = params.get('daily');
  if (dailyText !== null) {
    if (isDay(dailyText)) daily = dailyText;
    else errors.push(`daily must be a day such as ${todayUtc()}, got "${dailyText}"`);
  }
  let template: string | null = null;
  const templateText = params.get('template');
  if (templateText !== null) {
    const checked = sigmar.parseOptions({ template: templateText });
    if (checked.ok) template = checked.value.template;
    else errors.push(`${checked.error}; using a random template`);
  }
  let difficulty: Difficulty | null | undefined;
  const difficultyText = params.get('difficulty');
  if (difficultyText === 'any') difficulty = null;
  else if (DIFFICULTIES.includes(difficultyText as Difficulty)) difficulty = difficultyText as Difficulty;
  else if (difficultyText !== null) {
    errors.push(`difficulty must be one of any, ${DIFFICULTIES.join(', ')}, got "${difficultyText}"`);
  }
  let sloppy: boolean | undefined;
  const sloppyText = params.get('sloppy');
  if (sloppyText === '1' || sloppyText === 'true') sloppy = true;
  else if (sloppyText === '0' || sloppyText === 'false') sloppy = false;
  else if (sloppyText !== null) errors.push(`sloppy must be 1 or 0, got "${sloppyText}"`);
  return { seed, daily, template, difficulty, sloppy, rnd: params.get('rnd') === '1', errors };
}

/** The board the address names, if it names one: a daily board, or a seed with its options. */
export function namedBoard(request: BoardRequest): NamedBoard | null {
  if (request.daily !== null) return dailyBoard(request.daily);
  if (request.seed === null) return null;
  return {
    options: {
      ...DEFAULT_OPTIONS,
      template: request.template,
      difficulty: request.difficulty ?? null,
      sloppy: request.sloppy ?? false,
    },
    seed: request.seed,
    daily: null,
  };
}

/** A day's board: the same seed and the plain options for everyone, whatever they have stored. */
export const dailyBoard = (day: string): NamedBoard => ({
  options: DEFAULT_OPTIONS,
  seed: dailySeed(day),
  daily: day,
});

/** Whether the address asks for a particular kind of random board (it then gets a new one). */
export const asksForOptions = (request: BoardRequest): boolean =>
  request.template !== null || request.difficulty !== undefined || request.sloppy !== undefined;

/** The deal preferences of the address's first board: what it asks for, else what is stored. */
export const askedPreferences = (request: BoardRequest, stored: DealPreferences): DealPreferences => ({
  difficulty: request.difficulty === undefined ? stored.difficulty : request.difficulty,
  sloppy: request.sloppy ?? stored.sloppy,
});

/** A new random board (`template=` is an address option, not a stored setting). */
export const randomBoard = (
  template: string | null,
  preferences: DealPreferences,
  seed: number,
): NamedBoard => ({ options: { ...DEFAULT_OPTIONS, template, ...preferences }, seed, daily: null });

const BOARD_PARAMS = ['seed', 'daily', 'template', 'difficulty', 'sloppy'];

/** The query naming `board`, keeping the address's other parameters (rnd, debug, log, …). */
export function boardQuery(search: string, board: NamedBoard): string {
  const params = new URLSearchParams(search);
  for (const name of BOARD_PARAMS) params.delete(name);
  if (board.daily !== null) params.set('daily', board.daily);
  else {
    params.set('seed', String(board.seed));
    if (board.options.template) params.set('template', board.options.template);
    if (board.options.difficulty) params.set('difficulty', board.options.difficulty);
    if (board.options.sloppy) params.set('sloppy', '1');
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Whether two boards are the same deal (a saved game is resumed only on the board it was on). */
export const sameBoard = (a: NamedBoard, b: NamedBoard): boolean =>
  a.seed === b.seed &&
  a.options.template === b.options.template &&
  a.options.difficulty === b.options.difficulty &&
  a.options.sloppy === b.options.sloppy &&
  a.options.board === b.options.board;

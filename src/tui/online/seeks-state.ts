/**
 * The terminal's open challenges screen as pure state: the game, pace, seat, rated or not and the
 * opponents' rating range chosen for "play someone" and a new open challenge, the selected line of the list (those to take, then
 * yours), and what a key does.
 */
import type { Key } from 'ink';
import { type SeekBody, type SeekList, type SeekView, seekOptionsText } from '../../api/index.ts';
import { formatRating, seatWords } from '../../engine/index.ts';

export const PACES = ['1d', '2d', '3d', '5d', '7d', '14d'] as const;
const SEATS = ['random', 'first', 'second'] as const;
/** Opponents' ratings a new challenge is open to, within this of the poster's own (0: any). */
export const RANGES = [0, 100, 200, 300, 500] as const;
/** The bounds a rating range may have (as the server takes them). */
const RATING_FLOOR = 0;
const RATING_CEILING = 5000;

export interface SeeksState {
  readonly gameIndex: number;
  /** Index into PACES (3d by default). */
  readonly pace: number;
  readonly seat: number;
  readonly rated: boolean;
  /** Index into RANGES (any rating by default). */
  readonly range: number;
  /** The selected line: the seeks to take, then your own. */
  readonly row: number;
}

export const INITIAL_SEEKS: SeeksState = { gameIndex: 0, pace: 2, seat: 0, rated: true, range: 0, row: 0 };

/** The lines of the list, in order: those to take, then yours. */
export const seekRows = (list: SeekList): SeekView[] => [...list.open, ...list.mine];

export type SeeksStep =
  | { readonly state: SeeksState }
  | { readonly take: SeekView }
  | { readonly cancel: SeekView }
  | { readonly message: string }
  | 'play'
  | 'post'
  | 'back'
  | null;

export function seeksKey(
  state: SeeksState,
  input: string,
  key: Key,
  list: SeekList,
  me: string,
  gameCount: number,
): SeeksStep {
  const rows = seekRows(list);
  const to = (next: Partial<SeeksState>) => ({ state: { ...state, ...next } });
  if (key.escape || input === 'q') return 'back';
  if (key.upArrow) return to({ row: Math.max(0, state.row - 1) });
  if (key.downArrow) return to({ row: Math.min(Math.max(0, rows.length - 1), state.row + 1) });
  if (input === 'g') return to({ gameIndex: (state.gameIndex + 1) % gameCount });
  if (input === 't') return to({ pace: (state.pace + 1) % PACES.length });
  if (input === 's') return to({ seat: (state.seat + 1) % SEATS.length });
  if (input === 'u') return to({ rated: !state.rated });
  if (input === 'r') return to({ range: (state.range + 1) % RANGES.length });
  if (input === 'p') return 'play';
  if (input === 'n') return 'post';
  const seek = rows[Math.min(state.row, rows.length - 1)];
  if (key.return) {
    if (!seek) return { message: 'No open challenge to take: press p to play someone.' };
    return seek.user === me ? { message: 'That is your own: x cancels it.' } : { take: seek };
  }
  if (input === 'x') {
    if (!seek || seek.user !== me) return { message: 'Only your own open challenges can be cancelled.' };
    return { cancel: seek };
  }
  return null;
}

/** The opponents' ratings the chosen range allows around `rating` (the poster's), or null for any. */
export function ratingRange(state: SeeksState, rating: number): { min: number; max: number } | null {
  const within = RANGES[state.range] ?? 0;
  if (within === 0) return null;
  return {
    min: Math.max(RATING_FLOOR, Math.round(rating - within)),
    max: Math.min(RATING_CEILING, Math.round(rating + within)),
  };
}

/** The body of a new open challenge with the chosen terms and the game's usual options; `rating`
 * is the poster's own in that game. */
export const seekBody = (state: SeeksState, gameType: string, rating: number): SeekBody => {
  const range = ratingRange(state, rating);
  return {
    gameType,
    timeControl: PACES[state.pace] ?? '3d',
    rated: state.rated,
    seat: SEATS[state.seat] ?? 'random',
    ...(range ? { minRating: range.min, maxRating: range.max } : {}),
  };
};

/** The terms chosen, in one line. */
export const chosenTerms = (state: SeeksState, title: string, rating: number): string => {
  const range = ratingRange(state, rating);
  return `${title}, ${PACES[state.pace]} per move, ${state.rated ? 'rated' : 'unrated'}, ${
    state.seat === 0 ? 'seats drawn' : state.seat === 1 ? 'you move first' : 'you move second'
  }, ${range ? `ratings ${range.min}-${range.max}` : 'any rating'}`;
};

/** One open challenge in a line: its poster, rating and terms. */
export function seekLine(seek: SeekView, me: string): string {
  const options = seekOptionsText(seek);
  const range =
    seek.minRating === null && seek.maxRating === null
      ? ''
      : `, ratings ${seek.minRating ?? 'any'}-${seek.maxRating ?? 'any'}`;
  const who = seek.user === me ? 'yours' : `${seek.user} (${formatRating(seek)})`;
  return `${who}: ${seek.title}${options ? ` (${options})` : ''}, ${seek.timeControl === 'none' ? 'no clock' : `${seek.timeControl} per move`}, ${seek.rated ? 'rated' : 'unrated'}, ${seatWords(seek, me)}${range}`;
}

/**
 * A challenge's terms in one short phrase (game and options, time control, rated, seats), the
 * same words in the web lobby, the terminal lobby, PBeM replies and mails.
 */
import { controlText } from './clock.ts';
import type { GameSummary, GameTerms } from './http.ts';

/**
 * A game's options in words, from the options the rules stored: `size 7`, `variant classic`, and
 * a true flag by its name (`compact`). Lists and objects (a lock, the computer's seats) are
 * details, not terms, so they are left out.
 */
export function optionWords(options: unknown, compact: boolean): string[] {
  const words: string[] = [];
  if (options !== null && typeof options === 'object' && !Array.isArray(options)) {
    for (const [key, value] of Object.entries(options)) {
      if (value === true) words.push(key);
      else if (typeof value === 'number' || (typeof value === 'string' && value.length <= 40))
        words.push(`${key} ${value}`);
    }
  }
  if (compact) words.push('compact');
  return words;
}

/** A time control as a list gives it (`3d`, `3d+10d`) in words; another text is said as it is. */
function controlWords(control: string): string {
  const m = /^(\d+)d(?:\+(\d+)d)?$/.exec(control);
  return m ? controlText({ daysPerMove: Number(m[1]), bankDays: Number(m[2] ?? 0) }) : control;
}

/** A list row, or a game as shown (whose clock carries the time control). */
export type Termed = Pick<GameSummary, 'title' | 'players' | 'rated' | 'timeLimit'> & {
  readonly terms?: GameTerms | undefined;
  readonly clock?: { readonly control: string } | undefined;
};

/**
 * The terms, as `viewer` reads them: `Atom-4, rounds 3 · 3 days per move · rated · you play
 * Player 2 (blacks), ann moves first`. Seats open the game in order, so seat 0 moves first.
 */
export function termsText(game: Termed, viewer?: string): string {
  const options = game.terms?.options ?? [];
  const sides = game.terms?.sides ?? [];
  const side = (seat: number) => (sides[seat] ? ` (${sides[seat]})` : '');
  const head = options.length > 0 ? `${game.title}, ${options.join(', ')}` : game.title;
  const control = game.timeLimit?.control ?? game.clock?.control;
  const time = control ? controlWords(control) : 'no time limit';
  const mine = viewer === undefined ? -1 : game.players.indexOf(viewer);
  const first = game.players[0] ?? '';
  let seats: string;
  if (mine < 0) seats = game.players.map((p, seat) => `${p}${side(seat)}`).join(' vs ');
  else {
    const you = sides[mine] ? `you play ${sides[mine]}` : `you are player ${mine + 1}`;
    seats = `${you}, ${mine === 0 ? 'you move first' : `${first} moves first`}`;
  }
  return [head, time, game.rated ? 'rated' : 'unrated', seats].join(' · ');
}

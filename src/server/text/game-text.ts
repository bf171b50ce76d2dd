/** A game and lists of games in plain text, as PBeM replies and mails show them. */
import {
  clockLines,
  controlText,
  type GameShow,
  type GameSummary,
  momentText,
  moveLines,
  resultText,
  termsText,
} from '../../api/index.ts';
import { awaitingAnswer, formatRating } from '../../engine/index.ts';
import type { AnyGame } from '../../games/index.ts';
import { takebackLines } from './takebacks.ts';
import { wrap } from './wrap.ts';

/** A game's title as one PBeM word: "Warp and Weft" is WarpAndWeft. */
export const pbmName = (game: Pick<AnyGame, 'title'>) =>
  game.title.replace(/\b\w/g, (c) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '');

export function statusLine(show: GameSummary & { seats?: GameShow['seats'] }): string {
  const side = (user: string | null) => {
    const seat = show.seats?.find((s) => s.user === user);
    return seat ? `${user} (${seat.side})` : `${user}`;
  };
  if (show.status === 'void') return `${resultText(show)}.`;
  if (show.status === 'finished') {
    // Past the day's rated games between the pair, a game is played unrated: say so.
    const unrated = show.rated || show.players.length !== 2 ? '' : ' Not rated.';
    return `Game over: ${resultText(show, side)}.${unrated}`;
  }
  return `${side(show.toMove)} to move; next move is #${show.moveCount + 1}.`;
}

/** What the listed moves are: all of them, or one page of a long game and how to see the rest. */
function movesHeading(show: GameShow): string {
  const count = show.moves.length;
  if (count === show.moveCount) return count === 0 ? 'No moves yet.' : 'Moves (* = played from the queue):';
  if (count === 0) return `No moves from move ${show.movesFrom} on (the game has ${show.moveCount}).`;
  const last = show.movesFrom + count - 1;
  return `Moves ${show.movesFrom} to ${last} of ${show.moveCount} (* = played from the queue; show board -from=move lists others):`;
}

/** A challenge nobody has answered yet: its terms, as `viewer` (if any) reads them. */
const challengeLine = (g: GameSummary & { clock?: { control: string } }, viewer?: string): string[] =>
  awaitingAnswer(g) ? [wrap(`Challenge by ${g.challenger}: ${termsText(g, viewer)}.`)] : [];

/** A list's lines under a game: an unanswered challenge's terms, and to its challenger how to cancel it. */
function challengeLines(g: GameSummary, viewer?: string): string[] {
  const lines = challengeLine(g, viewer);
  if (lines.length > 0 && viewer === g.challenger)
    lines.push(`To cancel it: ${pbmName(g)} cancel ${g.id} ${viewer} PASSWORD`);
  return lines.map((line) => line.replace(/^/gm, '        '));
}

/** A game as text; `viewer` is the player it is shown to, when it is shown to one. */
export function showText(show: GameShow, viewer?: string): string {
  // A rated game's players with their current ratings: "ann 1623? (Warp (Vert)) vs bob 1540 ±62 (…)".
  const players = show.seats
    .map((s) => `${s.user}${s.rating ? ` ${formatRating(s.rating)}` : ''} (${s.side})`)
    .join(' vs ');
  const moves = moveLines(show.moves);
  return [
    wrap(`${show.title} game ${show.id}: ${players}`),
    ...challengeLine(show, viewer),
    show.asOf === show.moveCount
      ? `After move ${show.moveCount}:`
      : `As of move ${show.asOf} of ${show.moveCount}:`,
    show.board.replace(/\n+$/, ''),
    movesHeading(show) + (moves.length > 0 ? `\n${moves.join('\n')}` : ''),
    ...takebackLines(show).map((line) => wrap(line)),
    // Once the game is over its clock has nothing left to count: only its control is said.
    ...(show.clock && show.status === 'active'
      ? clockLines(
          show.clock,
          show.seats.map((s) => `${s.user} (${s.side})`),
        )
      : show.clock
        ? [`Clock: ${controlText(show.clock)}.`]
        : []),
    wrap(statusLine(show)),
  ].join('\n');
}

/** A timed game's control and, while it is played, when the mover's time runs out. */
const timeLimitText = (g: GameSummary): string =>
  g.timeLimit
    ? ` [${g.timeLimit.control}${g.timeLimit.deadline === null ? '' : `, time runs out ${momentText(g.timeLimit.deadline)}`}]`
    : '';

/** A list of games; under each unanswered challenge, its terms as `viewer` reads them. */
export function listText(title: string, games: readonly GameSummary[], viewer?: string): string {
  if (games.length === 0) return `${title}: none.`;
  const rows = games.map((g) =>
    [
      `${String(g.id).padStart(6)}  ${g.title.padEnd(14)}${g.players.join(' vs ').padEnd(32)}${String(g.moveCount).padStart(5)}  ${statusLine(g)}${timeLimitText(g)}`,
      ...challengeLines(g, viewer),
    ].join('\n'),
  );
  return [`${title}:`, ` Board  Game          Players                         Moves  Status`, ...rows].join(
    '\n',
  );
}

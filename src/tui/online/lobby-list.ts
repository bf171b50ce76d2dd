/** The lobby's list of games, as pure functions: its order, each line's words, the part shown. */
import { COMPUTER_USER, termsText, timeLimitWords } from '../../api/index.ts';
import { awaitingAnswer, awaitingMove, isChallengeTo, isOwnChallenge } from '../../engine/index.ts';
import type { TuiGames } from '../games.ts';
import type { GameSummary } from './api.ts';
import type { LinkState } from './live.ts';

/** Challenges to me first, then games waiting for my move, then the rest; newest first within each. */
export function orderGames(me: string, games: readonly GameSummary[]): GameSummary[] {
  const rank = (g: GameSummary) => (isChallengeTo(me, g) ? 0 : g.toMove === me ? 1 : 2);
  return [...games].sort((a, b) => rank(a) - rank(b) || b.id - a.id);
}

/** One game's line: number, title, opponents, move, what it waits for, and a timed game's time left. */
export function describeGame(me: string, g: GameSummary, now = Date.now()): string {
  const others = g.players.filter((p) => p !== me).join(', ');
  const state = isChallengeTo(me, g)
    ? `CHALLENGE from ${g.challenger}: Enter accept, d decline`
    : isOwnChallenge(me, g)
      ? `YOUR CHALLENGE${g.toMove === me ? ', your move' : `, waiting for ${g.toMove}`}: d cancel`
      : g.toMove === me
        ? 'YOUR MOVE'
        : `${g.toMove ?? 'nobody'} to move`;
  const clock = g.timeLimit ? ` [${timeLimitWords(g.timeLimit, now)}]` : '';
  return `#${g.id} ${g.title} vs ${others}, move ${g.moveCount + 1}: ${state}${clock}`;
}

/** Under the list: the selected game's terms while it is a challenge nobody has answered. */
export const selectedTerms = (me: string, g: GameSummary): string | null =>
  awaitingAnswer(g) ? `Terms: ${termsText(g, me)}` : null;

/** How `d` ends a game short of resigning: a challenge to me is declined, my own cancelled. */
export type Withdrawal = 'decline' | 'cancel';
export const withdrawalOf = (me: string, g: GameSummary): Withdrawal | null =>
  isChallengeTo(me, g) ? 'decline' : isOwnChallenge(me, g) ? 'cancel' : null;

/** The question `d` asks before it acts. */
export const withdrawalQuestion = (me: string, g: GameSummary, how: Withdrawal): string =>
  how === 'cancel'
    ? `Cancel your challenge #${g.id}, ${g.title} to ${g.players.filter((p) => p !== me).join(', ')}?`
    : `Decline game #${g.id}, ${g.title} from ${g.challenger}?`;

/** A block or an unblock of a game's opponent, as `b` offers it. */
export type BlockChange = { readonly user: string; readonly block: boolean };

/** What `b` does on a game: block its opponent, or unblock them if blocked (never the computer). */
export function blockChange(me: string, g: GameSummary, blocked: readonly string[]): BlockChange | null {
  const user = g.players.find((p) => p !== me && p !== COMPUTER_USER);
  return user === undefined ? null : { user, block: !blocked.includes(user) };
}

export const blockQuestion = ({ user, block }: BlockChange): string =>
  block
    ? `Block ${user}? Neither of you can then challenge the other or chat; they are not told.`
    : `Unblock ${user}?`;

/** Which lines fit in `room` rows with the selected one kept near the middle. */
export function listWindow(length: number, selected: number, room: number): { first: number; at: number } {
  const at = Math.min(selected, Math.max(0, length - 1));
  const first = Math.max(0, Math.min(at - Math.floor(room / 2), length - room));
  return { first, at };
}

/** Why a listed game cannot be opened here, or null when it can. */
export function cannotOpen(games: TuiGames, g: GameSummary): string | null {
  return games[g.gameType]?.online ? null : `${g.title} cannot be played in the terminal client yet.`;
}

/** The lobby's status line: how many games await your move, or that the live link is down. */
export function lobbyStatus(me: string, games: readonly GameSummary[], link: LinkState): string {
  if (link.kind !== 'open')
    return link.attempt === 0
      ? 'Connecting for live notices...'
      : `Connection lost: reconnecting (attempt ${link.attempt}); the list may be behind.`;
  const awaiting = awaitingMove(me, games);
  return awaiting === 0
    ? 'No game awaits your move.'
    : `${awaiting} game${awaiting === 1 ? '' : 's'} await${awaiting === 1 ? 's' : ''} your move.`;
}

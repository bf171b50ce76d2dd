/**
 * What the server's notices (a change to one of your games, pushed over the WebSocket) do to a
 * client's list of your active games, and how one is said in a line. Both clients use it; pure.
 */

import { type FrameOf, type GameSummary, resultText } from '../api/index.ts';
import { cancelReason } from './port/index.ts';

/** The parts of a listed game a notice changes or names. */
export type NoticedGame = Pick<
  GameSummary,
  'id' | 'title' | 'status' | 'challenger' | 'toMove' | 'players' | 'outcome'
>;

/** A notice as both clients receive it (the wire's `notice` frame), about a game listed as `G`. */
export type GameNotice<G extends NoticedGame> = Omit<FrameOf<'notice'>, 'type' | 'game'> & {
  readonly game: G;
};

/** Your active games after a notice: the game replaced or added, or removed once it is over. */
export function applyNotice<G extends NoticedGame>(games: readonly G[], notice: GameNotice<G>): G[] {
  const others = games.filter((g) => g.id !== notice.game.id);
  if (notice.game.status !== 'active') return others;
  // A game already listed keeps its place; a new one comes first, as the newest.
  if (others.length === games.length) return [notice.game, ...others];
  return games.map((g) => (g.id === notice.game.id ? keepControl(g, notice.game) : g));
}

/**
 * A notice's game keeps the time control its listed row had (a notice does not carry it), though
 * not the deadline, which the change moved on.
 */
function keepControl<G extends NoticedGame>(listed: G, fresh: G): G {
  const limit = (listed as Pick<GameSummary, 'timeLimit'>).timeLimit;
  if (!limit || 'timeLimit' in fresh) return fresh;
  return { ...fresh, timeLimit: { control: limit.control, deadline: null } };
}

/** Games awaiting your move. */
export const awaitingMove = (me: string, games: readonly NoticedGame[]): number =>
  games.filter((g) => g.status === 'active' && g.toMove === me).length;

/** One line saying what happened; null when it is no news to you (an `update`). */
export function noticeText(notice: GameNotice<NoticedGame>): string | null {
  const g = notice.game;
  const game = `${g.title} #${g.id}`;
  switch (notice.notice) {
    case 'challenge':
      return `${g.challenger ?? 'Someone'} challenges you to ${game}`;
    case 'paired':
      return `${game} began: ${g.players.join(' against ')}${g.toMove === null ? '' : `, ${g.toMove} to move`}`;
    case 'your-move':
      return `Your move in ${game}`;
    case 'game-over':
      if (g.status !== 'void') return `${game} is over: ${resultText(g)}`;
      return g.outcome?.reason === cancelReason(g.challenger ?? '')
        ? `${g.challenger} cancelled the challenge to ${game}`
        : `${game} was declined`;
    case 'chat':
      return notice.chat ? `${notice.chat.user} in ${game}: ${notice.chat.text}` : null;
    case 'time-running-out':
      return `Your time in ${game} is running out`;
    case 'update':
      return null;
  }
}

/**
 * What the server's notices do to the browser's picture of your games, apart from React: the list
 * kept current, the count in the page's title, what is worth a mark on the lobby link or a
 * browser notification.
 */
import type { FrameOf, GameSummary } from '../../api/index.ts';

export type Notice = FrameOf<'notice'>;

/** Your active games after a notice: the game replaced or added, or removed once it is over. */
export function applyNotice(games: readonly GameSummary[], notice: Notice): GameSummary[] {
  const others = games.filter((g) => g.id !== notice.game.id);
  if (notice.game.status !== 'active') return others;
  const at = games.findIndex((g) => g.id === notice.game.id);
  // A game already listed keeps its place; a new one comes first, as the newest.
  if (at < 0) return [notice.game, ...others];
  return games.map((g) => (g.id === notice.game.id ? notice.game : g));
}

/** Games awaiting your move. */
export const awaitingMove = (me: string, games: readonly GameSummary[]): number =>
  games.filter((g) => g.status === 'active' && g.toMove === me).length;

/** The page's title with the count of games awaiting your move in front: "(2) Tessera". */
export const titleWithCount = (title: string, awaiting: number): string =>
  awaiting > 0 ? `(${awaiting}) ${title}` : title;

/** One line saying what happened, for a browser notification; null when it is no news to you. */
export function noticeText(notice: Notice): string | null {
  const g = notice.game;
  const game = `${g.title} #${g.id}`;
  switch (notice.notice) {
    case 'challenge':
      return `${g.challenger ?? 'Someone'} challenges you to ${game}`;
    case 'your-move':
      return `Your move in ${game}`;
    case 'game-over':
      return g.status === 'void' ? `${game} was declined` : `${game} is over`;
    case 'chat':
      return notice.chat ? `${notice.chat.user} in ${game}: ${notice.chat.text}` : null;
    case 'update':
      return null;
  }
}

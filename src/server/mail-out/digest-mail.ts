/** The daily digest: the games awaiting a player's move, challenges not yet answered, games ended since the last. */
import { type GameSummary, momentText, resultText } from '../../api/index.ts';
import type { DueDigest, NewMail } from '../../store/index.ts';
import type { Service } from '../service/index.ts';
import { MAIL_WIDTH, wrap } from '../text/index.ts';
import type { MailParts } from './mail-parts.ts';

/** Games a digest lists in each part: a player of a thousand games gets a mail to read, not a
 * book, and the server composes it at the same cost whatever the count. */
export const DIGEST_GAMES = 20;

/**
 * A digest's games, each on two lines or more: its board, game and players, then `what` of it;
 * the first DIGEST_GAMES of them, then how many more (`more`, when known) or that there are more.
 */
function digestList(
  title: string,
  games: readonly GameSummary[],
  what: (g: GameSummary) => string,
  more?: number,
): string {
  const rest = more ?? (games.length > DIGEST_GAMES ? 1 : 0);
  games = games.slice(0, DIGEST_GAMES);
  const indent = ' '.repeat(8);
  const rows = games.map((g) => {
    const clock = g.timeLimit
      ? ` ${g.timeLimit.control}${g.timeLimit.deadline === null ? '' : `, time runs out ${momentText(g.timeLimit.deadline)}`}.`
      : '';
    const about = wrap(`${what(g)}${clock}`, MAIL_WIDTH - indent.length).replace(/^/gm, indent);
    return `${String(g.id).padStart(6)}  ${g.title}: ${g.players.join(' vs ')}\n${about}`;
  });
  const tail =
    rest <= 0
      ? []
      : [`  … and ${more === undefined ? 'more' : `${more.toLocaleString('en')} more`}, on the web.`];
  return [`${title}:`, ...rows, ...tail].join('\n');
}

/** The day's digest, or null when nothing awaits the player. */
export async function digestMail(
  service: Service,
  { base, footer, mail }: MailParts,
  due: DueDigest,
  at: number,
): Promise<NewMail | null> {
  const { user } = due;
  // One more than is listed tells whether there are more.
  const list = async (filter: 'next' | 'challenges') => {
    const listed = await service.list(user, filter, null, DIGEST_GAMES + 1);
    return listed.ok ? listed.value : [];
  };
  const awaiting = await list('next');
  const challenges = (await list('challenges')).filter((g) => g.toMove !== user);
  const archive = await service.archive(user, null, 0, DIGEST_GAMES + 1);
  const ended = (archive.ok ? archive.value.games : []).filter((g) => g.updatedAt >= due.since);
  if (awaiting.length + challenges.length + ended.length === 0) return null;
  const next = (g: GameSummary) => `${g.toMove ?? 'nobody'} to move; next move is #${g.moveCount + 1}.`;
  const sections = [
    awaiting.length > 0
      ? digestList('Games awaiting your move', awaiting, next, due.awaiting - DIGEST_GAMES)
      : '',
    challenges.length > 0 ? digestList('Challenges to you not yet answered', challenges, next) : '',
    ended.length > 0
      ? digestList('Games that ended since the last digest', ended, (g) => `${resultText(g)}.`)
      : '',
  ].filter((s) => s !== '');
  const body = [
    ...sections,
    [
      'Show a board, or move, with the commands',
      '',
      '  <game> show BOARD',
      `  <game> move BOARD ${user} PASSWORD MOVE`,
      '',
      `or play on the web: ${base}/`,
    ].join('\n'),
  ].join('\n\n');
  const count = Math.max(due.awaiting, awaiting.length);
  const subject = `[Tessera] ${count === 1 ? '1 game awaits' : `${count.toLocaleString('en')} games await`} your move`;
  const footed = `${body}\n${footer(user, 'digest')}`;
  return mail(user, due.address, 'digest', `d.${user}.${due.dueAt}`, subject, footed, at);
}

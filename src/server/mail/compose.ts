/**
 * The words of each mail, in the PBeM server's manner: the opponent's move, the board as text,
 * and the exact command that answers it. Every mail ends with a one-click unsubscribe link (also
 * as List-Unsubscribe / List-Unsubscribe-Post headers) and is marked Auto-Submitted, so
 * auto-responders leave it alone.
 *
 * Game mails carry their game and the number the answering move will have in two places a reply
 * can be read by: the subject "[Tessera] WarpAndWeft 12 move 7" and the header
 * "X-Tessera-Game: 12/7" (docs/api.md, "Mail").
 */
import { createHmac, randomBytes } from 'node:crypto';
import { type GameShow, type GameSummary, resultText } from '../../api/index.ts';
import type { AnyGame } from '../../games/index.ts';
import type { DueDigest, NewMail, Notice } from '../../store/index.ts';
import { listText, pbmName, showText } from '../pbm.ts';
import type { Service } from '../service.ts';
import { POSITION_HEADER, positionTag } from './position.ts';
import type { MailSettings } from './settings.ts';
import { unsubscribeToken } from './tokens.ts';

export interface Composer {
  verification(user: string, address: string, code: string, at: number): NewMail;
  /** The mail a notice asks for, or null when it no longer needs one (the player has moved since). */
  notice(notice: Notice, address: string): Promise<NewMail | null>;
  /** The day's digest, or null when nothing awaits the player. */
  digest(due: DueDigest, at: number): Promise<NewMail | null>;
}

export function createComposer(deps: {
  readonly service: Service;
  readonly settings: MailSettings;
  readonly secret: string;
}): Composer {
  const { service, settings, secret } = deps;
  const domain = settings.from.split('@')[1] ?? 'localhost';
  const base = settings.publicUrl;

  const unsubscribeUrl = (user: string) =>
    `${base}/api/mail/unsubscribe?user=${encodeURIComponent(user)}&token=${unsubscribeToken(secret, user)}`;

  const footer = (user: string, why: string) =>
    [
      '',
      '-- ',
      `${why} Choose a daily digest or no mail in your account settings on ${base}/ or with the`,
      `command "notify ${user} PASSWORD digest" (or none). To stop all mail to this address with one click:`,
      unsubscribeUrl(user),
    ].join('\n');

  const mail = (
    user: string,
    to: string,
    kind: string,
    messageId: string,
    subject: string,
    body: string,
    at: number,
    extra: Record<string, string> = {},
  ): NewMail => ({
    user,
    to,
    kind,
    messageId: `<tessera.${messageId}@${domain}>`,
    subject,
    body,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl(user)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
      'X-Auto-Response-Suppress': 'All',
      'X-Tessera-Kind': kind,
      ...extra,
    },
    at,
  });

  const gameOf = (show: GameSummary): AnyGame | undefined => {
    const found = service.gameType(show.gameType);
    return found.ok ? found.value : undefined;
  };

  /** What answers a move mail: the command line, and the game's page. */
  const howToAnswer = (show: GameShow, user: string, name: string) =>
    [
      `It is your move: the next move is #${show.moveCount + 1}. Reply to this mail with your move`,
      'alone as the first line, or send the command',
      '',
      `  ${name} move ${show.id} ${user} PASSWORD MOVE#${show.moveCount + 1}`,
      '',
      `(your password for PASSWORD, your move for MOVE), or play on the web: ${base}/game/${show.id}`,
    ].join('\n');

  return {
    verification(user, address, code, at) {
      const link = `${base}/api/mail/verify?user=${encodeURIComponent(user)}&code=${code}`;
      const body = [
        `Someone (we hope you) asked Tessera at ${base}/ to send the mail of the account "${user}"`,
        'to this address. To confirm it, open this link:',
        '',
        link,
        '',
        `or enter the code ${code} in your account settings, or send the command`,
        '',
        `  verify ${user} PASSWORD ${code}`,
        '',
        'The code is good for 24 hours. If this was not you, ignore this mail: nothing more is sent',
        'to this address unless it is confirmed.',
      ].join('\n');
      return mail(
        user,
        address,
        'verify',
        `v${randomBytes(8).toString('hex')}`,
        `[Tessera] Confirm your address: code ${code}`,
        `${body}\n${footer(user, 'You get this mail because of the request above.')}`,
        at,
      );
    },

    async notice(notice, address) {
      const { user } = notice;
      const shown = await service.show(user, notice.gameId);
      if (!shown.ok) return null;
      const show = shown.value;
      // The notice is committed, but this process's copy of the game may not show that move yet
      // (read between the commit and the copy's update): leave it for the next round, not drop it.
      if (show.moveCount < notice.moveNo) {
        throw new Error(`game ${show.id} is not yet at move ${notice.moveNo} here`);
      }
      const game = gameOf(show);
      if (!game) return null;
      const name = pbmName(game);
      const active = show.status === 'active';
      const theirTurn = active && show.toMove === user;
      const next = `${show.id}/${show.moveCount + 1}`;
      const thread = { References: `<tessera.game-${show.id}@${domain}>` };
      const why = 'You get this mail because you chose a mail on every move.';
      // Signed, so a reply naming this mail (In-Reply-To) proves its sender received it.
      const tag = createHmac('sha256', secret)
        .update(`reply:${notice.id}.${user}`)
        .digest('hex')
        .slice(0, 16);
      const id = `n${notice.id}.${user}.${tag}`;
      const board = showText(show);
      if (notice.kind === 'end') {
        const subject = `[Tessera] ${name} ${show.id} over: ${resultText(show)}`;
        const body = `${show.title} game ${show.id} is over.\n\n${board}\n${footer(user, why)}`;
        return mail(user, address, 'end', id, subject, body, notice.at, {
          ...thread,
          'X-Tessera-Game': String(show.id),
        });
      }
      if (notice.kind === 'challenge') {
        if (!active) return null;
        const subject = `[Tessera] ${name} ${show.id}: ${show.challenger} challenges you`;
        const lead = `${show.challenger} challenges you to ${show.title}: game ${show.id}.`;
        const answer = theirTurn
          ? howToAnswer(show, user, name)
          : `You will get a mail when it is your move. To decline the game before you have moved:\n\n  ${name} decline ${show.id} ${user} PASSWORD`;
        const body = `${lead}\n\n${board}\n\n${answer}\n${footer(user, why)}`;
        return mail(user, address, 'challenge', id, subject, body, notice.at, {
          ...thread,
          'X-Tessera-Game': next,
          [POSITION_HEADER]: positionTag(show),
        });
      }
      // A move or a reminder: only while it is still this player's move at that point.
      if (!theirTurn || (notice.kind === 'move' && show.moveCount !== notice.moveNo)) return null;
      const last = show.moves.at(-1);
      const lead =
        notice.kind === 'reminder'
          ? `A reminder: it is your move in ${show.title} game ${show.id}.`
          : `${show.players[last?.seat ?? -1] ?? 'Your opponent'} played ${last?.move ?? '?'} as move ${show.moveCount} in ${show.title} game ${show.id}.`;
      const subject = `[Tessera] ${name} ${show.id} move ${show.moveCount + 1}${notice.kind === 'reminder' ? ' (reminder)' : ''}`;
      const body = `${lead}\n\n${board}\n\n${howToAnswer(show, user, name)}\n${footer(user, why)}`;
      return mail(user, address, notice.kind, id, subject, body, notice.at, {
        ...thread,
        'X-Tessera-Game': next,
        [POSITION_HEADER]: positionTag(show),
      });
    },

    async digest(due, at) {
      const { user } = due;
      const list = async (filter: 'next' | 'challenges' | 'inactive') => {
        const listed = await service.list(user, filter, null);
        return listed.ok ? listed.value : [];
      };
      const awaiting = await list('next');
      const challenges = (await list('challenges')).filter((g) => g.toMove !== user);
      const ended = (await list('inactive')).filter((g) => g.updatedAt >= due.since);
      if (awaiting.length + challenges.length + ended.length === 0) return null;
      const sections = [
        awaiting.length > 0 ? listText('Games awaiting your move', awaiting) : '',
        challenges.length > 0 ? listText('Challenges to you not yet answered', challenges) : '',
        ended.length > 0 ? listText('Games that ended since the last digest', ended) : '',
      ].filter((s) => s !== '');
      const body = [
        ...sections,
        '',
        `Show a board with "<game> show BOARD", move with "<game> move BOARD ${user} PASSWORD MOVE",`,
        `or play on the web: ${base}/`,
        footer(user, 'You get this mail because you chose a daily digest.'),
      ].join('\n\n');
      const count = awaiting.length;
      const subject = `[Tessera] ${count === 1 ? '1 game awaits' : `${count} games await`} your move`;
      return mail(user, due.address, 'digest', `d.${user}.${due.dueAt}`, subject, body, at);
    },
  };
}

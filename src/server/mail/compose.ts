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
import { type GameShow, type GameSummary, momentText, resultText } from '../../api/index.ts';
import type { AnyGame } from '../../games/index.ts';
import type { DueDigest, NewMail, Notice } from '../../store/index.ts';
import { pbmName, showText } from '../pbm.ts';
import { takebackSpan } from '../pbm-takeback.ts';
import type { Service } from '../service.ts';
import { POSITION_HEADER, positionTag } from './position.ts';
import type { MailSettings } from './settings.ts';
import { unsubscribeToken } from './tokens.ts';
import { MAIL_WIDTH, wrap } from './wrap.ts';

/** Why a mail was sent, which its footer says with how to change it. */
type Why = 'move' | 'digest' | 'request';

export interface Composer {
  verification(user: string, address: string, code: string, at: number): NewMail;
  /** The mail a notice asks for, or null when it no longer needs one (the player has moved since). */
  notice(notice: Notice, address: string): Promise<NewMail | null>;
  /** The day's digest, or null when nothing awaits the player. */
  digest(due: DueDigest, at: number): Promise<NewMail | null>;
}

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

/** How a challenged player who has not moved yet declines. */
const declineText = (show: GameShow, user: string, name: string): string =>
  `To decline the game before you have moved, send the command\n\n  ${name} decline ${show.id} ${user} PASSWORD`;

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

  /** The signature: why this mail came, the command that changes it, the one-click unsubscribe. */
  const footer = (user: string, why: Why) => {
    const [reason, other, choice] =
      why === 'move'
        ? ['you chose a mail on every move', 'For one daily digest instead', 'digest']
        : why === 'digest'
          ? ['you chose a daily digest', 'For a mail on every move instead', 'move']
          : ['of the request above', 'To choose a mail on every move or a daily digest', 'move'];
    return [
      '',
      '-- ',
      wrap(
        `You get this mail because ${reason}. ${other}, or no mail, change your account settings on ${base}/ or send the command below (ending in ${why === 'request' ? '"digest" for a daily digest, in ' : ''}"none" instead for no mail)`,
      ),
      '',
      `  notify ${user} PASSWORD ${choice}`,
      '',
      'To stop all mail to this address with one click:',
      unsubscribeUrl(user),
    ].join('\n');
  };

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
      '(your password for PASSWORD, your move for MOVE), or play on the web:',
      `${base}/game/${show.id}`,
    ].join('\n');

  /** What answers a takeback offered to `user`. */
  const howToAnswerTakeback = (show: GameShow, user: string, name: string) =>
    [
      'To accept it, or to reject it, send the command',
      '',
      `  ${name} accept ${show.id} ${user} PASSWORD`,
      `  ${name} reject ${show.id} ${user} PASSWORD`,
      '',
      `or answer it on the web: ${base}/game/${show.id}`,
    ].join('\n');

  return {
    verification(user, address, code, at) {
      const link = `${base}/api/mail/verify?user=${encodeURIComponent(user)}&code=${code}`;
      const body = [
        wrap(
          `Someone (we hope you) asked Tessera at ${base}/ to send the mail of the account "${user}" to this address. To confirm it, open this link:`,
        ),
        '',
        link,
        '',
        `or enter the code ${code} in your account settings, or send the command`,
        '',
        `  verify ${user} PASSWORD ${code}`,
        '',
        'The code is good for 24 hours. If this was not you, ignore this mail:',
        'nothing more is sent to this address unless it is confirmed.',
      ].join('\n');
      return mail(
        user,
        address,
        'verify',
        `v${randomBytes(8).toString('hex')}`,
        `[Tessera] Confirm your address: code ${code}`,
        `${body}\n${footer(user, 'request')}`,
        at,
      );
    },

    async notice(notice, address) {
      const { user } = notice;
      let shown = await service.show(user, notice.gameId);
      if (!shown.ok) return null;
      // A board wider than a mail reader's 72 columns is drawn in the game's denser form.
      if (!shown.value.compact && shown.value.board.split('\n').some((line) => line.length > MAIL_WIDTH)) {
        shown = await service.show(user, notice.gameId, { compact: true });
        if (!shown.ok) return null;
      }
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
      const why = 'move';
      // Signed, so a reply naming this mail (In-Reply-To) proves its sender received it.
      const tag = createHmac('sha256', secret)
        .update(`reply:${notice.id}.${user}`)
        .digest('hex')
        .slice(0, 16);
      const id = `n${notice.id}.${user}.${tag}`;
      const board = showText(show);
      if (notice.kind === 'end') {
        const subject = `[Tessera] ${name} ${show.id} over: ${resultText(show)}`;
        const body = `${wrap(`${show.title} game ${show.id} is over.`)}\n\n${board}\n${footer(user, why)}`;
        return mail(user, address, 'end', id, subject, body, notice.at, {
          ...thread,
          'X-Tessera-Game': String(show.id),
        });
      }
      // Whether `user` has not moved yet in a game someone else challenged them to.
      const challenged =
        show.challenger !== null &&
        show.challenger !== user &&
        !show.moves.some((m) => show.players[m.seat] === user);
      if (notice.kind === 'challenge') {
        if (!active) return null;
        // The challenger moved already and it is this player's move: the move's mail tells both.
        if (show.moveCount > 0 && theirTurn) return null;
        const subject = `[Tessera] ${name} ${show.id}: ${show.challenger} challenges you`;
        const lead = wrap(`${show.challenger} challenges you to ${show.title}: game ${show.id}.`);
        const answer = theirTurn
          ? `${howToAnswer(show, user, name)}\n\n${declineText(show, user, name)}`
          : `You will get a mail when it is your move.\n\n${declineText(show, user, name)}`;
        const body = `${lead}\n\n${board}\n\n${answer}\n${footer(user, why)}`;
        return mail(user, address, 'challenge', id, subject, body, notice.at, {
          ...thread,
          'X-Tessera-Game': next,
          [POSITION_HEADER]: positionTag(show),
        });
      }
      if (notice.kind === 'takeback-offer') {
        // Only while the offer stands: no move since, and not yet answered.
        const offer = show.takebackOffer;
        if (!active || !offer || show.moveCount !== notice.moveNo) return null;
        const subject = `[Tessera] ${name} ${show.id}: ${offer.by} asks to take back move ${offer.fromMove}`;
        const lead = wrap(
          `${offer.by} asks to take back ${takebackSpan(offer.fromMove, offer.moves)} in ${show.title} game ${show.id}. The offer lapses if a move is played first.`,
        );
        const body = `${lead}\n\n${board}\n\n${howToAnswerTakeback(show, user, name)}\n${footer(user, why)}`;
        return mail(user, address, notice.kind, onePerPosition('o'), subject, body, notice.at, {
          ...thread,
          'X-Tessera-Game': String(show.id),
        });
      }
      if (notice.kind === 'takeback-rejected' || notice.kind === 'takeback-withdrawn') {
        if (!active) return null;
        const opponent = show.players.find((p) => p !== user) ?? 'Your opponent';
        const what =
          notice.kind === 'takeback-rejected'
            ? `${opponent} rejected your takeback in ${show.title} game ${show.id}: the moves stand.`
            : `${opponent} withdrew the takeback offered to you in ${show.title} game ${show.id}: the moves stand.`;
        const subject = `[Tessera] ${name} ${show.id}: takeback ${notice.kind.slice(9)}`;
        // A withdrawal is mailed once per position too, so offering and withdrawing in a loop
        // cannot flood the opponent's mailbox.
        return turnMail(
          notice.kind,
          subject,
          what,
          notice.kind === 'takeback-withdrawn' ? onePerPosition('w') : id,
        );
      }
      if (notice.kind === 'takeback-accepted') {
        const made = show.takebacks?.at(-1);
        // Nothing to say once a move has been played since (its own mail follows).
        if (!active || !made || show.moveCount !== notice.moveNo) return null;
        const undone = takebackSpan(made.fromMove, made.moves);
        const what =
          made.proposer === user
            ? `${made.acceptedBy} accepted your takeback in ${show.title} game ${show.id}: ${undone} taken back.`
            : `${made.proposer}'s takeback in ${show.title} game ${show.id} was accepted: ${undone} taken back.`;
        const subject = theirTurn
          ? `[Tessera] ${name} ${show.id} move ${show.moveCount + 1} (takeback accepted)`
          : `[Tessera] ${name} ${show.id}: takeback accepted`;
        return turnMail(notice.kind, subject, what);
      }
      /**
       * The Message-ID of a takeback mail that goes to a player once per position of the game (the
       * outbox keeps one mail per Message-ID), signed like the others.
       */
      function onePerPosition(what: 'o' | 'w'): string {
        const at = `${what}${show.id}.${notice.moveNo}.${user}`;
        return `t${at}.${createHmac('sha256', secret).update(`takeback:${at}`).digest('hex').slice(0, 16)}`;
      }
      // A move or a reminder: only while it is still this player's move at that point.
      if (!theirTurn || (notice.kind === 'move' && show.moveCount !== notice.moveNo)) return null;
      const last = show.moves.at(-1);
      const lead =
        notice.kind === 'reminder'
          ? `A reminder: it is your move in ${show.title} game ${show.id}.`
          : last === undefined
            ? `You have the first move in ${show.title} game ${show.id}.`
            : `${show.players[last.seat] ?? 'Your opponent'} played ${last.move} as move ${show.moveCount} in ${show.title} game ${show.id}.${challenged ? ` ${show.challenger} challenged you to this game.` : ''}`;
      const subject = `[Tessera] ${name} ${show.id} move ${show.moveCount + 1}${notice.kind === 'reminder' ? ' (reminder)' : ''}`;
      const answer = `${howToAnswer(show, user, name)}${challenged ? `\n\n${declineText(show, user, name)}` : ''}`;
      const body = `${wrap(lead)}\n\n${board}\n\n${answer}\n${footer(user, why)}`;
      return mail(user, address, notice.kind, id, subject, body, notice.at, {
        ...thread,
        'X-Tessera-Game': next,
        [POSITION_HEADER]: positionTag(show),
      });

      /** A mail telling `what`, with the way to move when it is this player's move. */
      function turnMail(kind: string, subject: string, what: string, messageId = id): NewMail {
        const answer = theirTurn ? `\n\n${howToAnswer(show, user, name)}` : '';
        const body = `${wrap(what)}\n\n${board}${answer}\n${footer(user, why)}`;
        return mail(user, address, kind, messageId, subject, body, notice.at, {
          ...thread,
          'X-Tessera-Game': theirTurn ? next : String(show.id),
        });
      }
    },

    async digest(due, at) {
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
    },
  };
}

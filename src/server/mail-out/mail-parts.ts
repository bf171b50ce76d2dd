/** What every mail shares: its envelope and headers, the footer that says why it came, and how to answer a move or a takeback. */
import type { GameShow } from '../../api/index.ts';
import type { NewMail } from '../../store/index.ts';
import { wrap } from '../text/index.ts';
import type { MailSettings } from './settings.ts';
import { unsubscribeToken } from './tokens.ts';

/** Why a mail was sent, which its footer says with how to change it. */
export type Why = 'move' | 'digest' | 'request';

/** How a challenged player who has not moved yet declines. */
export const declineText = (show: GameShow, user: string, name: string): string =>
  `To decline the game before you have moved, send the command\n\n  ${name} decline ${show.id} ${user} PASSWORD`;

/** How a challenger withdraws a challenge its opponent has not answered yet. */
export const cancelText = (show: GameShow, user: string, name: string): string =>
  `To cancel your challenge before it is answered, send the command\n\n  ${name} cancel ${show.id} ${user} PASSWORD`;

export function mailParts(settings: MailSettings, secret: string) {
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

  return { domain, base, footer, mail, howToAnswer, howToAnswerTakeback };
}

export type MailParts = ReturnType<typeof mailParts>;

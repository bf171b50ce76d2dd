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
import { randomBytes } from 'node:crypto';
import type { DueDigest, NewMail, Notice } from '../../store/index.ts';
import type { Service } from '../service/index.ts';
import { wrap } from '../text/index.ts';
import { digestMail } from './digest-mail.ts';
import { mailParts } from './mail-parts.ts';
import { noticeMail } from './notice-mail.ts';
import type { MailSettings } from './settings.ts';

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
  const parts = mailParts(settings, secret);
  const { base, footer, mail } = parts;
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

    notice: (notice, address) => noticeMail(service, parts, secret, notice, address),

    digest: (due, at) => digestMail(service, parts, due, at),
  };
}

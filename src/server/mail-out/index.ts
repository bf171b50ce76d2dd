/**
 * Mail out: accounts' addresses and choices, the words of each mail, the background mailer and
 * where it sends (an SMTP relay, or .eml files). `createMail` puts them together for a server.
 */
import type { Store } from '../../store/index.ts';
import type { Service } from '../service/index.ts';
import { type AccountMail, createAccountMail } from './account-mail.ts';
import { createComposer } from './compose.ts';
import { mailParts } from './mail-parts.ts';
import { createMailer, type Mailer } from './mailer.ts';
import type { MailSettings } from './settings.ts';
import { freshSecret } from './tokens.ts';
import { tournamentMails } from './tournament-mail.ts';
import { type MailTransport, transportFor } from './transport.ts';

export type { AccountMail } from './account-mail.ts';
export { type Composer, createComposer } from './compose.ts';
export { createMailer, DAY_MS, MAX_ATTEMPTS, type Mailer, type RoundCounts, retryDelay } from './mailer.ts';
export { POSITION_HEADER, positionTag } from './position.ts';
export {
  isMailAddress,
  type MailEnv,
  type MailSettings,
  mailSettings,
  mailSettingsFromEnv,
} from './settings.ts';
export { isUnsubscribeToken, unsubscribeToken } from './tokens.ts';
export {
  fileTransport,
  type MailTransport,
  type SendOutcome,
  smtpTransport,
  transportFor,
} from './transport.ts';

export interface Mail {
  readonly account: AccountMail;
  readonly mailer: Mailer;
  readonly transport: MailTransport;
  /** A tournament's mails, for the transactions that pair its rounds and end it. */
  readonly tournaments: ReturnType<typeof tournamentMails>;
}

export async function createMail(deps: {
  readonly store: Store;
  readonly service: Service;
  readonly settings: MailSettings;
  readonly now?: () => number;
  /** Instead of the settings' relay or files (tests). */
  readonly transport?: MailTransport;
  readonly onError?: (error: unknown, what: string) => void;
  /** How soon a round follows a commit that may need mail (see createMailer). */
  readonly nudgeMs?: number | null;
}): Promise<Mail> {
  const { store, service, settings } = deps;
  const now = deps.now ?? Date.now;
  const secret = await store.mailSecret(freshSecret());
  const composer = createComposer({ service, settings, secret });
  const transport = deps.transport ?? transportFor(settings);
  const mailer = createMailer({
    store,
    composer,
    transport,
    holdMs: settings.holdMs,
    now,
    ...(deps.onError ? { onError: deps.onError } : {}),
    ...(deps.nudgeMs === undefined ? {} : { nudgeMs: deps.nudgeMs }),
  });
  const account = createAccountMail({ store, composer, secret, now, nudge: () => mailer.nudge() });
  const tournaments = tournamentMails(store, mailParts(settings, secret));
  return { account, mailer, transport, tournaments };
}

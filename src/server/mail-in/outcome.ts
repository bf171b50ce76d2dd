/** What becomes of a mail in: its outcomes and counts, the budgets it spends, and the reply that answers it. */
import { createHash, randomUUID } from 'node:crypto';
import type { AnyGame } from '../../games/index.ts';
import type { NewMail, Store } from '../../store/index.ts';
import type { Analyses } from '../analysis/index.ts';
import type { ServerConfig } from '../config/index.ts';
import type { RateLimit } from '../guards/index.ts';
import type { AccountMail } from '../mail-out/index.ts';
import type { Service } from '../service/index.ts';
import type { TournamentService } from '../tournaments/index.ts';
import type { IncomingMail } from './message.ts';

/** The largest mail read (an SMTP listener refuses larger ones before they arrive). */
export const MAX_MAIL_BYTES = 256 * 1024;
/** A sender is told why a mail was refused at most once this often, for each reason. */
export const REFUSAL_WINDOW_MS = 3_600_000;
/** An account made by mail may not be given another address for this long. */
export const MADE_BY_MAIL_HOLD_MS = 86_400_000;

export interface MailInLimits {
  /** Password checks per account and per sender address (TESSERA_RATE_PASSWORD). */
  readonly password: RateLimit;
  /** Mails per sender: its confirmed account, or the address when none confirmed it. */
  readonly perSender: RateLimit;
  /** Accounts made by mail per sender address, its domain, its account and its client address. */
  readonly signups: RateLimit;
}

/** A server's mail-in budgets: its password and sign-up limits, and its listener's per sender. */
export const mailInLimits = (config: ServerConfig): MailInLimits => ({
  password: config.rate.password,
  signups: config.signups,
  perSender: config.smtpListen?.perSender ?? config.mailsPerSender,
});

export const PASSWORD_CHECKS_REFUSAL =
  'too many password checks for this account or from your address; try again later';

/** Commands a mail from an address no account has confirmed may run. */
export const OPEN_COMMANDS = new Set(['help', 'signup', 'verify']);

/** What became of one mail: played (answered), refused (answered or not, see `answered`; `reject`
 * is the sentence to refuse it with in the SMTP session), deferred (over a budget: deliver it again
 * later), dropped. */
export type MailOutcome =
  | { readonly kind: 'played'; readonly commands: number }
  | {
      readonly kind: 'refused';
      readonly reason: string;
      readonly answered: boolean;
      readonly reject?: string;
    }
  | { readonly kind: 'deferred'; readonly reason: string }
  | { readonly kind: 'dropped'; readonly reason: string };

export interface MailInCounts {
  played: number;
  commands: number;
  refused: number;
  deferred: number;
  dropped: number;
}

/** Where a mail came from, besides its headers. */
export interface MailVia {
  /** The connecting client's address (the SMTP listener), whose budget a sign-up spends too. */
  readonly client?: string;
}

export interface MailIn {
  /** Handle one raw RFC 5322 message. Throws only when the store fails (worth a retry). */
  handle(raw: Buffer | string, via?: MailVia): Promise<MailOutcome>;
  readonly counts: Readonly<MailInCounts>;
}

export interface MailInOptions {
  readonly store: Store;
  readonly service: Service;
  readonly games: Readonly<Record<string, AnyGame>>;
  readonly botGames: ReadonlySet<string>;
  /** Our From address: mail from it is a loop. */
  readonly from: string;
  /** Accounts' mail: the commands email, verify and notify, and a sign-up's code. */
  readonly mail?: AccountMail;
  /** Post-game analyses, for the `analyse` command. */
  readonly analyses?: Analyses;
  /** Tournaments, for the `tournament` command. */
  readonly tournaments?: TournamentService;
  readonly limits: MailInLimits;
  readonly now?: () => number;
  /** A mail was written to the outbox: send it soon. */
  readonly nudge?: () => void;
  /** Each outcome, for the log. */
  readonly log?: (outcome: MailOutcome, sender: string | null) => void;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);
export const words = (line: string) => line.split(/\s+/);

/** The reply to a mail and the outcomes that count it, for one mail-in. */
export function mailAnswers(options: MailInOptions, counts: MailInCounts) {
  const { store, from } = options;
  const now = options.now ?? Date.now;
  const domain = from.split('@')[1] ?? 'localhost';

  const reply = (incoming: IncomingMail, to: string, user: string | null, body: string): NewMail => {
    // A mail without a Message-ID cannot be told from its repetition: each gets its own answer.
    const key = incoming.messageId ?? randomUUID();
    const subject = incoming.subject === '' ? '[Tessera] Your commands' : incoming.subject;
    const thread = incoming.messageId ? `<${incoming.messageId}>` : undefined;
    return {
      user,
      to,
      kind: 'reply',
      messageId: `<tessera.r${hash(`${to}|${key}`)}@${domain}>`,
      subject: /^re:/i.test(subject) ? subject : `Re: ${subject}`,
      body,
      headers: {
        'Auto-Submitted': 'auto-replied',
        'X-Auto-Response-Suppress': 'All',
        'X-Tessera-Kind': 'reply',
        ...(thread ? { 'In-Reply-To': thread, References: thread } : {}),
      },
      at: now(),
    };
  };

  const finish = <T extends MailOutcome>(outcome: T, sender: string | null): T => {
    counts[outcome.kind]++;
    options.log?.(outcome, sender);
    return outcome;
  };

  const dropped = (reason: string, sender: string | null) => finish({ kind: 'dropped', reason }, sender);

  /** Refused, and told so at most once a window per address and reason; the subject is ours, not
   * the mail's (a forged mail's words are not carried to the address it names). */
  const refused = async (incoming: IncomingMail, to: string, reason: string, why: string) => {
    const body = `${why}\n\nA mail whose only line is "help" is answered with the commands.`;
    const answer = { ...reply(incoming, to, null, body), subject: '[Tessera] Your mail was not played' };
    const answered = await store.answerOnce(`${to}|${reason}`, now(), REFUSAL_WINDOW_MS, answer);
    if (answered) options.nudge?.();
    return finish({ kind: 'refused', reason, answered }, to);
  };

  return { reply, finish, dropped, refused };
}

export type MailAnswers = ReturnType<typeof mailAnswers>;

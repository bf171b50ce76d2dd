/**
 * Mail in: a mail from an account's verified address runs its PBeM command lines in order, through
 * the same code as POST /api/pbm, and its sender gets one reply with every command's answer. A
 * reply to a move mail whose first line is no command plays that line as the move, in that game at
 * that move number, if the game is still at the position the mail showed. A mail from an address
 * no account has confirmed may only ask for help, sign up (the code goes to that address) or
 * verify; anything else from it is refused without a mail to it (the SMTP listener refuses it in
 * the session). Other refusals are answered at most once a window per address and reason; loops,
 * bounces and mails that do not parse are dropped. Everything is counted.
 *
 * Budgets shared through the store (so they hold across mails, the listener, `tessera mail-in` and
 * server processes): mails per sender account, password checks per account and per sender, and
 * accounts made by mail per sender, its domain, its account and its client.
 *
 * The reply goes through the durable outbox; its Message-ID is derived from the incoming one, so a
 * mail delivered twice is played once.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { AnyGame } from '../../games/index.ts';
import type { NewMail, Store } from '../../store/index.ts';
import type { Analyses } from '../analysis/index.ts';
import type { ServerConfig } from '../config.ts';
import type { RateLimit } from '../limits.ts';
import { type AccountMail, POSITION_HEADER, positionTag } from '../mail/index.ts';
import { afterMoves, runPbm, showText } from '../pbm.ts';
import { isCommandWord, shownCommand, withoutWordsOf } from '../pbm-secrets.ts';
import type { Service } from '../service.ts';
import { type IncomingMail, MAX_COMMAND_LINES, readMail } from './message.ts';

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

const PASSWORD_CHECKS_REFUSAL =
  'too many password checks for this account or from your address; try again later';

/** Commands a mail from an address no account has confirmed may run. */
const OPEN_COMMANDS = new Set(['help', 'signup', 'verify']);

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
  readonly limits: MailInLimits;
  readonly now?: () => number;
  /** A mail was written to the outbox: send it soon. */
  readonly nudge?: () => void;
  /** Each outcome, for the log. */
  readonly log?: (outcome: MailOutcome, sender: string | null) => void;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);
const words = (line: string) => line.split(/\s+/);

const JOIN_HELP = [
  'To join by mail: send the line "signup USERID PASSWORD" from the address you want your mail at;',
  'a code is mailed back to it. Then send "verify USERID PASSWORD CODE" with that code (or reply to',
  'the code mail with the code alone), and mail from that address is played.',
].join('\n');

export function createMailIn(options: MailInOptions): MailIn {
  const { store, service, games, botGames, from, mail } = options;
  const { limits } = options;
  const now = options.now ?? Date.now;
  const domain = from.split('@')[1] ?? 'localhost';
  const counts: MailInCounts = { played: 0, commands: 0, refused: 0, deferred: 0, dropped: 0 };

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

  /**
   * A sentence refusing a password check of `user` for this sender, or null. Every check of one
   * mail is charged at the mail's arrival (`at`), so a mail of many guesses gets no refill while
   * its lines are checked: past the burst, the rest are refused unchecked.
   */
  const passwordCheck = (sender: string, at: number) => async (user: string) => {
    const allowed = await store.takeBudgets(
      [
        { key: `password-user:${user.toLowerCase().slice(0, 40)}`, budget: limits.password },
        { key: `password-sender:${sender}`, budget: limits.password },
      ],
      at,
    );
    return allowed ? null : PASSWORD_CHECKS_REFUSAL;
  };

  /** A sign-up by mail: its address is the sender's, and it spends the budgets of the sender, its
   * domain, its account and its client. */
  const signup = async (line: string, sender: string, account: string | undefined, via: MailVia) => {
    const [head = '', userText, password, address, ...extra] = words(line);
    if (userText === undefined || password === undefined || extra.length > 0) {
      return 'Error: usage: signup userid password [address]';
    }
    if (address !== undefined && address.toLowerCase() !== sender) {
      return `Error: by mail, an account's address is the one you write from (${sender}): leave the address out or send from it`;
    }
    const budget = limits.signups;
    const keys = [
      `signup-sender:${sender}`,
      `signup-domain:${sender.split('@')[1] ?? ''}`,
      ...(account ? [`signup-account:${account}`] : []),
      ...(via.client ? [`signup-client:${via.client}`] : []),
    ];
    if (
      !(await store.takeBudgets(
        keys.map((key) => ({ key, budget })),
        now(),
      ))
    ) {
      return `Error: too many new accounts from your address, its domain or its account: at most ${+(budget.perSecond * 3600).toFixed(1)} an hour; try again later`;
    }
    const answer = await runPbm(service, [head, userText, password, sender], games, botGames, {
      from: `mail ${sender}`,
      ...(mail ? { mail } : {}),
    });
    if (answer.ok) {
      // An account made by mail confirms no further address for a while (a chain of accounts,
      // each confirming a new address, would multiply the budget above).
      const hold = { perSecond: 1000 / MADE_BY_MAIL_HOLD_MS, burst: 1 };
      await store.takeBudgets([{ key: `made-by-mail:${userText.toLowerCase()}`, budget: hold }], now());
    }
    return answer.text;
  };

  /** A reply to a mail sent to this sender (a move mail, or a code mail): what it was about. */
  const answeredMail = async (incoming: IncomingMail, sender: string) => {
    for (const id of incoming.answers.slice(0, 5)) {
      const sent = await store.mailByMessageId(`<${id}>`);
      if (!sent?.user || sent.to.toLowerCase() !== sender) continue;
      return sent;
    }
    return undefined;
  };

  /** The first line of a reply to a move mail, played as the move if the board is still the one
   * the mail showed; the rest of the mail is not read. */
  const playReply = async (incoming: IncomingMail, sender: string, accounts: readonly string[]) => {
    const line = incoming.lines[0] as string;
    const sent = await answeredMail(incoming, sender);
    const target = /^(\d{1,9})\/(\d{1,9})$/.exec(sent?.headers['X-Tessera-Game'] ?? '');
    if (!sent?.user || !target || !accounts.includes(sent.user)) return undefined;
    const [gameId, moveNo] = [Number(target[1]), Number(target[2])];
    const rest =
      incoming.lines.length > 1
        ? `\n(Only the first line of a reply to a move mail is read: the ${incoming.lines.length - 1} line(s) after it were not.)`
        : '';
    const shown = await service.show(sent.user, gameId);
    const tag = sent.headers[POSITION_HEADER];
    // The same move number on another board: a takeback and a new move since the mail. (A game
    // that moved on is refused by the move number, below.)
    const moved = shown.ok && shown.value.moveCount + 1 === moveNo && positionTag(shown.value) !== tag;
    if (shown.ok && tag !== undefined && moved) {
      const text = `Error: the board has changed since the mail you answered (a move was taken back): nothing was played. The game now:\n${showText(shown.value)}${rest}`;
      return { user: sent.user, text: `> …\n${text}` };
    }
    const taken = await service.move(sent.user, gameId, line, moveNo);
    if (!taken.ok) {
      // A refused line may be anything, a password too: neither it nor any word of it is repeated.
      return { user: sent.user, text: `> …\n${withoutWordsOf(`Error: ${taken.error}`, line)}${rest}` };
    }
    return {
      user: sent.user,
      text: `> ${line}\n${await afterMoves(service, sent.user, taken.value)}${rest}`,
    };
  };

  /** A reply to a code mail whose first line is the code alone: the code confirms the address. */
  const codeReply = async (incoming: IncomingMail, sender: string) => {
    const line = incoming.lines[0] as string;
    if (!mail || !/^[A-Za-z0-9]{4,32}$/.test(line)) return undefined;
    const sent = await answeredMail(incoming, sender);
    if (!sent?.user || sent.headers['X-Tessera-Kind'] !== 'verify') return undefined;
    const checked = await mail.verify(sent.user, line);
    return {
      user: sent.user,
      text: checked.ok
        ? `> …\nVerified: your mail goes to ${checked.value.address}.`
        : `> …\nError: ${checked.error}`,
    };
  };

  /** One command line's answer, headed by the command with its secrets left out, and whether it
   * was refused for its password (wrong, or not checked: past the budget). */
  const runLine = async (
    line: string,
    sender: string,
    account: string | undefined,
    via: MailVia,
    arrivedAt: number,
  ) => {
    const [head = '', verb = ''] = words(line).map((w) => w.toLowerCase());
    const shown = `> ${shownCommand(words(line), games)}\n`;
    if (head === 'signup' || (isCommandWord(head, games) && verb === 'signup')) {
      const said = await signup(
        head === 'signup' ? line : words(line).slice(1).join(' '),
        sender,
        account,
        via,
      );
      return { text: `${shown}${said}`, wrongPassword: false };
    }
    const answer = await runPbm(service, words(line), games, botGames, {
      from: `mail ${sender}`,
      passwordCheck: passwordCheck(sender, arrivedAt),
      ...(mail ? { mail } : {}),
      ...(options.analyses ? { analyses: options.analyses } : {}),
    });
    const help = head === 'help' ? `\n\n${JOIN_HELP}` : '';
    const wrongPassword =
      !answer.ok && (answer.code === 'unauthorized' || answer.error === PASSWORD_CHECKS_REFUSAL);
    return { text: `${shown}${answer.text}${help}`, wrongPassword };
  };

  return {
    counts,
    async handle(raw, via = {}) {
      if (raw.length > MAX_MAIL_BYTES) return dropped(`larger than ${MAX_MAIL_BYTES} bytes`, null);
      let incoming: IncomingMail;
      try {
        incoming = await readMail(raw, from);
      } catch (error) {
        return dropped(`not a mail that parses (${String((error as Error)?.message).slice(0, 80)})`, null);
      }
      if (incoming.loop) return dropped(incoming.loop, incoming.from);
      const sender = incoming.from?.toLowerCase() ?? null;
      if (!sender) return dropped('no sender address', null);
      if (incoming.messageId) {
        const earlier = await store.mailByMessageId(reply(incoming, sender, null, '').messageId);
        if (earlier) return dropped('already answered (the same mail twice)', sender);
      }
      const accounts = await store.accountsAt(sender);
      const account = accounts[0];
      const heads = incoming.lines.map((l) => words(l)[0]?.toLowerCase() ?? '');
      const open = heads.some((h) => OPEN_COMMANDS.has(h));
      const repliesToCode = account === undefined && incoming.answers.length > 0 && incoming.lines.length > 0;
      // Refused in the SMTP session (or, from a pipe, without a mail): no mail to an address
      // nobody confirmed, whoever forged it.
      const unknown = () => {
        const reject = `${sender} is not the confirmed address of any account, so Tessera does not play its mail. Send "help" to learn how to join by mail.`;
        return finish({ kind: 'refused', reason: 'unknown sender', answered: false, reject }, sender);
      };
      if (account === undefined && !open && !repliesToCode) return unknown();
      const budget = [{ key: `mail-sender:${account ?? sender}`, budget: limits.perSender }];
      if (!(await store.takeBudgets(budget, now()))) {
        return finish({ kind: 'deferred', reason: 'too many mails from this sender' }, sender);
      }
      if (incoming.lines.length === 0) {
        return incoming.plainText
          ? refused(
              incoming,
              sender,
              'no commands',
              'Tessera found no commands in your mail: write one command a line in the plain-text part (quoted text and signatures are skipped), for example\n\n  WarpAndWeft show 12',
            )
          : refused(
              incoming,
              sender,
              'no plain text',
              'Tessera found no plain-text part in your mail (only HTML): send your commands as plain text, one a line.',
            );
      }
      const first = words(incoming.lines[0] as string)[0] ?? '';
      const asReply = isCommandWord(first, games)
        ? undefined
        : ((account === undefined ? undefined : await playReply(incoming, sender, accounts)) ??
          (await codeReply(incoming, sender)));
      if (account === undefined && !asReply && !open) return unknown();
      const answers: string[] = [];
      let wrongPasswords = 0;
      if (asReply) {
        answers.push(asReply.text);
      } else {
        // From an address not yet confirmed, only help, signup and verify run, until a verify
        // line confirms it.
        let confirmedBy = account;
        const arrivedAt = now();
        for (const line of incoming.lines.slice(0, MAX_COMMAND_LINES)) {
          const head = words(line)[0]?.toLowerCase() ?? '';
          if (confirmedBy === undefined && !OPEN_COMMANDS.has(head)) {
            answers.push(
              `> ${shownCommand(words(line), games)}\nError: ${sender} is not yet the confirmed address of an account: only help, signup and verify were run.`,
            );
            continue;
          }
          const ran = await runLine(line, sender, confirmedBy, via, arrivedAt);
          answers.push(ran.text);
          if (ran.wrongPassword) wrongPasswords++;
          if (confirmedBy === undefined && head === 'verify')
            confirmedBy = (await store.accountsAt(sender))[0];
        }
        if (incoming.lines.length > MAX_COMMAND_LINES) {
          answers.push(
            `Only the first ${MAX_COMMAND_LINES} commands were run; the other ${incoming.lines.length - MAX_COMMAND_LINES} were not.`,
          );
        }
      }
      const commands = asReply ? 1 : Math.min(incoming.lines.length, MAX_COMMAND_LINES);
      const user = asReply?.user ?? account ?? null;
      const answer = reply(incoming, sender, user, `${answers.join('\n\n')}\n`);
      // An address nobody confirmed (not even by this mail's code) gets at most one answer a
      // window besides its code mails: anyone can write its address in a From line.
      // A mail whose every command was refused for its password is what a forged From sends: its
      // answer is a refusal, mailed at most once a window.
      const confirmed = account !== undefined || (await store.accountsAt(sender)).length > 0;
      const once = !confirmed ? 'unconfirmed' : wrongPasswords === answers.length ? 'wrong password' : null;
      let sent = true;
      if (once) sent = await store.answerOnce(`${sender}|${once}`, now(), REFUSAL_WINDOW_MS, answer);
      else await store.enqueueMail(answer);
      if (sent) options.nudge?.();
      counts.commands += commands;
      return finish({ kind: 'played', commands }, sender);
    },
  };
}

/**
 * Mail in: a mail from an account's verified address runs its PBeM command lines in order, through
 * the same code as POST /api/pbm, and its sender gets one reply with every command's answer. A
 * reply to a move mail whose body is one move plays it in that game at that move number. Anything
 * else is answered at most once a window with the reason (an unknown sender, no commands), or
 * dropped (a loop, a bounce, a mail that does not parse), and counted.
 *
 * The reply goes through the durable outbox; its Message-ID is derived from the incoming one, so a
 * mail delivered twice is played once.
 */
import { createHash } from 'node:crypto';
import type { AnyGame } from '../../games/index.ts';
import type { NewMail, Store } from '../../store/index.ts';
import { afterMoves, findGame, runPbm } from '../pbm.ts';
import type { Service } from '../service.ts';
import { type IncomingMail, MAX_COMMAND_LINES, readMail } from './message.ts';

/** The largest mail read (an SMTP listener refuses larger ones before they arrive). */
export const MAX_MAIL_BYTES = 256 * 1024;
/** A sender is told why a mail was refused at most once this often. */
export const REFUSAL_WINDOW_MS = 3_600_000;

/** What became of one mail: played (answered), refused (answered or not, see `answered`), dropped. */
export type MailOutcome =
  | { readonly kind: 'played'; readonly commands: number }
  | { readonly kind: 'refused'; readonly reason: string; readonly answered: boolean }
  | { readonly kind: 'dropped'; readonly reason: string };

export interface MailInCounts {
  played: number;
  commands: number;
  refused: number;
  dropped: number;
}

export interface MailIn {
  /** Handle one raw RFC 5322 message. Throws only when the store fails (worth a retry). */
  handle(raw: Buffer | string): Promise<MailOutcome>;
  readonly counts: Readonly<MailInCounts>;
}

export interface MailInOptions {
  readonly store: Store;
  readonly service: Service;
  readonly games: Readonly<Record<string, AnyGame>>;
  readonly botGames: ReadonlySet<string>;
  /** Our From address: mail from it is a loop. */
  readonly from: string;
  readonly now?: () => number;
  /** A mail was written to the outbox: send it soon. */
  readonly nudge?: () => void;
  /** Each outcome, for the log. */
  readonly log?: (outcome: MailOutcome, sender: string | null) => void;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 24);

/** The words of a command to echo in a reply: never the ones a password can be in. */
function echo(line: string, games: Readonly<Record<string, AnyGame>>): string {
  const words = line.split(/\s+/);
  const shown = findGame(games, words[0] ?? '') ? 3 : 1;
  return words.length > shown ? `${words.slice(0, shown).join(' ')} …` : line;
}

export function createMailIn(options: MailInOptions): MailIn {
  const { store, service, games, botGames, from } = options;
  const now = options.now ?? Date.now;
  const domain = from.split('@')[1] ?? 'localhost';
  const counts: MailInCounts = { played: 0, commands: 0, refused: 0, dropped: 0 };

  const reply = (incoming: IncomingMail, to: string, user: string | null, body: string): NewMail => {
    const key = incoming.messageId ?? `${to}|${incoming.subject}|${body}`;
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

  const dropped = (reason: string, sender: string | null): MailOutcome => {
    counts.dropped++;
    const outcome: MailOutcome = { kind: 'dropped', reason };
    options.log?.(outcome, sender);
    return outcome;
  };

  const refused = async (incoming: IncomingMail, to: string, reason: string, why: string) => {
    counts.refused++;
    const body = `${why}\n\nA mail whose only line is "help" is answered with the commands.`;
    const answered = await store.answerOnce(to, now(), REFUSAL_WINDOW_MS, reply(incoming, to, null, body));
    if (answered) options.nudge?.();
    const outcome: MailOutcome = { kind: 'refused', reason, answered };
    options.log?.(outcome, to);
    return outcome;
  };

  /** A reply to a move mail sent to this sender's account: that mail's user, game and move number. */
  const answeredMoveMail = async (incoming: IncomingMail, accounts: readonly string[]) => {
    for (const id of incoming.answers.slice(0, 5)) {
      const sent = await store.mailByMessageId(`<${id}>`);
      const target = /^(\d{1,9})\/(\d{1,9})$/.exec(sent?.headers['X-Tessera-Game'] ?? '');
      if (!sent?.user || !target || !accounts.includes(sent.user)) continue;
      if (sent.to.toLowerCase() !== incoming.from?.toLowerCase()) continue;
      return { user: sent.user, gameId: Number(target[1]), moveNo: Number(target[2]) };
    }
    return undefined;
  };

  /** A one-line body that is no command: a move, if this mail answers a move mail. */
  const playReply = async (incoming: IncomingMail, accounts: readonly string[]) => {
    const line = incoming.lines[0] as string;
    const head = line.split(/\s+/)[0] ?? '';
    if (
      incoming.lines.length !== 1 ||
      findGame(games, head) ||
      /^(help|signup|password|verify|notify)$/i.test(head)
    ) {
      return undefined;
    }
    const target = await answeredMoveMail(incoming, accounts);
    if (!target) return undefined;
    const taken = await service.move(target.user, target.gameId, line, target.moveNo);
    if (!taken.ok) return { user: target.user, text: `> ${line}\nError: ${taken.error}` };
    return { user: target.user, text: `> ${line}\n${await afterMoves(service, target.user, taken.value)}` };
  };

  return {
    counts,
    async handle(raw) {
      if (raw.length > MAX_MAIL_BYTES) return dropped(`larger than ${MAX_MAIL_BYTES} bytes`, null);
      let incoming: IncomingMail;
      try {
        incoming = await readMail(raw, from);
      } catch (error) {
        return dropped(`not a mail that parses (${String((error as Error)?.message).slice(0, 80)})`, null);
      }
      if (incoming.loop) return dropped(incoming.loop, incoming.from);
      const sender = incoming.from;
      if (!sender) return dropped('no sender address', null);
      if (incoming.messageId) {
        const earlier = await store.mailByMessageId(reply(incoming, sender, null, '').messageId);
        if (earlier) return dropped('already answered (the same mail twice)', sender);
      }
      const accounts = await store.accountsAt(sender);
      if (accounts.length === 0) {
        return refused(
          incoming,
          sender,
          'unknown sender',
          `Tessera did not play your mail: ${sender} is not the confirmed address of any account. Give this address in your account's settings and confirm it with the code mailed to it, then send your commands again.`,
        );
      }
      if (incoming.lines.length === 0) {
        return refused(
          incoming,
          sender,
          'no commands',
          'Tessera found no commands in your mail: write one command a line in the plain-text part (quoted text and signatures are skipped), for example\n\n  WarpAndWeft show 12',
        );
      }
      const asMove = await playReply(incoming, accounts);
      const answers: string[] = [];
      if (asMove) {
        answers.push(asMove.text);
      } else {
        for (const line of incoming.lines.slice(0, MAX_COMMAND_LINES)) {
          const answer = await runPbm(service, line.split(/\s+/), games, botGames, {
            from: `mail ${sender.toLowerCase()}`,
          });
          answers.push(`> ${echo(line, games)}\n${answer.text}`);
        }
        if (incoming.lines.length > MAX_COMMAND_LINES) {
          answers.push(
            `Only the first ${MAX_COMMAND_LINES} commands were run; the other ${incoming.lines.length - MAX_COMMAND_LINES} were not.`,
          );
        }
      }
      const commands = Math.min(incoming.lines.length, MAX_COMMAND_LINES);
      const user = asMove?.user ?? accounts[0] ?? null;
      await store.enqueueMail(reply(incoming, sender, user, `${answers.join('\n\n')}\n`));
      options.nudge?.();
      counts.played++;
      counts.commands += commands;
      const outcome: MailOutcome = { kind: 'played', commands };
      options.log?.(outcome, sender);
      return outcome;
    },
  };
}

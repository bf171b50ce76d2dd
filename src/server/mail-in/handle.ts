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
import { isCommandWord } from '../pbm/index.ts';
import { mailCommands } from './command-lines.ts';
import { type IncomingMail, MAX_COMMAND_LINES, readMail } from './message.ts';
import {
  MAX_MAIL_BYTES,
  type MailIn,
  type MailInCounts,
  type MailInOptions,
  mailAnswers,
  OPEN_COMMANDS,
  REFUSAL_WINDOW_MS,
  words,
} from './outcome.ts';
import { mailReplies } from './replies.ts';

export function createMailIn(options: MailInOptions): MailIn {
  const { store, games, from, limits } = options;
  const now = options.now ?? Date.now;
  const counts: MailInCounts = { played: 0, commands: 0, refused: 0, deferred: 0, dropped: 0 };
  const { reply, finish, dropped, refused } = mailAnswers(options, counts);
  const { runLines } = mailCommands(options);
  const { playReply, codeReply } = mailReplies(options);

  /** A mail with no command line: none in its plain text, or no plain text at all. */
  const noCommands = (incoming: IncomingMail, sender: string) =>
    incoming.plainText
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
      if (incoming.lines.length === 0) return noCommands(incoming, sender);
      const first = words(incoming.lines[0] as string)[0] ?? '';
      const asReply = isCommandWord(first, games)
        ? undefined
        : ((account === undefined ? undefined : await playReply(incoming, sender, accounts)) ??
          (await codeReply(incoming, sender)));
      if (account === undefined && !asReply && !open) return unknown();
      const { answers, wrongPasswords } = asReply
        ? { answers: [asReply.text], wrongPasswords: 0 }
        : await runLines(incoming.lines, sender, account, via);
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

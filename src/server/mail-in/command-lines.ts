/** A mail's command lines run through the PBeM commands: a sign-up by mail within its budgets, password checks charged at arrival. */
import { isCommandWord, runPbm, shownCommand } from '../pbm/index.ts';
import { MAX_COMMAND_LINES } from './message.ts';
import {
  MADE_BY_MAIL_HOLD_MS,
  type MailInOptions,
  type MailVia,
  OPEN_COMMANDS,
  PASSWORD_CHECKS_REFUSAL,
  words,
} from './outcome.ts';

const JOIN_HELP = [
  'To join by mail: send the line "signup USERID PASSWORD" from the address you want your mail at;',
  'a code is mailed back to it. Then send "verify USERID PASSWORD CODE" with that code (or reply to',
  'the code mail with the code alone), and mail from that address is played.',
].join('\n');

export function mailCommands(options: MailInOptions) {
  const { store, service, games, botGames, mail, limits } = options;
  const now = options.now ?? Date.now;

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
      ...(options.tournaments ? { tournaments: options.tournaments } : {}),
    });
    const help = head === 'help' ? `\n\n${JOIN_HELP}` : '';
    const wrongPassword =
      !answer.ok && (answer.code === 'unauthorized' || answer.error === PASSWORD_CHECKS_REFUSAL);
    return { text: `${shown}${answer.text}${help}`, wrongPassword };
  };

  /** Each line of a mail run in order (at most MAX_COMMAND_LINES): from an address not yet
   * confirmed, only help, signup and verify run, until a verify line confirms it. */
  const runLines = async (
    lines: readonly string[],
    sender: string,
    account: string | undefined,
    via: MailVia,
  ) => {
    const answers: string[] = [];
    let wrongPasswords = 0;
    let confirmedBy = account;
    const arrivedAt = now();
    for (const line of lines.slice(0, MAX_COMMAND_LINES)) {
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
      if (confirmedBy === undefined && head === 'verify') confirmedBy = (await store.accountsAt(sender))[0];
    }
    if (lines.length > MAX_COMMAND_LINES) {
      answers.push(
        `Only the first ${MAX_COMMAND_LINES} commands were run; the other ${lines.length - MAX_COMMAND_LINES} were not.`,
      );
    }
    return { answers, wrongPasswords };
  };

  return { runLines };
}

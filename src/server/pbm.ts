/**
 * The PBeM server's command language, answered in the text a PBeM player expects (the board
 * drawn after each move, a clear error otherwise). `./tessera pbm …` sends the words here.
 * The commands: docs/api.md ("PBeM commands").
 */

import {
  clockLines,
  controlText,
  type GameShow,
  type GameSummary,
  momentText,
  moveLines,
  resultText,
} from '../api/index.ts';
import { type MoveTaken, type Refusal, refuse } from '../engine/index.ts';
import type { AnyGame } from '../games/index.ts';
import { LIST_FILTERS, type ListFilter } from '../store/index.ts';
import { ANALYSE_HELP, type Analyses, analyseCommand } from './analysis/index.ts';
import { type AccountMail, wrap } from './mail/index.ts';
import { askAddress, MAIL_COMMANDS, MAIL_HELP, runMailCommand } from './pbm-mail.ts';
import { refused as error, failed, type PbmReply, said } from './pbm-reply.ts';
import { withoutSecrets } from './pbm-secrets.ts';
import {
  isTakebackWord,
  previewCommand,
  rematchCommand,
  TAKEBACK_HELP,
  takebackCommand,
  takebackLines,
} from './pbm-takeback.ts';
import type { Service } from './service.ts';

export type { PbmReply } from './pbm-reply.ts';

export const MAX_PBM_WORDS = 64;
export const MAX_PBM_LENGTH = 2000;

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

export function findGame(games: Readonly<Record<string, AnyGame>>, name: string): AnyGame | undefined {
  const wanted = squash(name);
  return Object.values(games).find((g) => squash(g.id) === wanted || squash(g.title) === wanted);
}

export const pbmName = (game: AnyGame) =>
  game.title.replace(/\b\w/g, (c) => c.toUpperCase()).replace(/[^A-Za-z0-9]/g, '');

function generalHelp(games: Readonly<Record<string, AnyGame>>, mail: boolean): string {
  return [
    'Tessera PBeM commands:',
    ...(mail ? MAIL_HELP : ['  signup userid password']),
    '  password userid oldpassword newpassword',
    '  vacation userid password [days]   stop your clocks for that many days (without: days left)',
    '  <game> help',
    `Games: ${Object.values(games).map(pbmName).join(', ')}`,
  ].join('\n');
}

function gameHelp(game: AnyGame, hasBot: boolean): string {
  const name = pbmName(game);
  return [
    `${game.title} commands (game name ${name}, any case):`,
    `  ${name} challenge [-options] [-time=3d] userid1 userid2 password   userid1 moves first; your password`,
    `  ${name} move board userid password move[#moveno]`,
    `  ${name} swap board userid password`,
    `  ${name} queue board userid password move [move ...]   or: queue ... clear`,
    `  ${name} resign board userid password`,
    `  ${name} decline board userid password                  before you have moved: void the game`,
    `  ${name} reject userid password [on|off]                 refuse all ${name} challenges`,
    ...TAKEBACK_HELP(name),
    ...(game.ai?.evaluate ? ANALYSE_HELP(name) : []),
    `  ${name} chat board userid password message ...`,
    `  ${name} show board[#moveno] [-compact] [-from=move]   moves listed from that one`,
    `  ${name} games userid [all|active|inactive|next|challenges]`,
    `  ${name} standings | ratings | history`,
    `Options: -name=value sets a rule option (defaults: ${JSON.stringify(game.parseOptions(undefined).ok ? (game.parseOptions(undefined) as { value: unknown }).value : {})}),`,
    '  -word picks that value of a named option (e.g. -patch), -compact draws the small board.',
    '  -time=Nd gives each move N days (1, 2, 3, 5, 7 or 14); -time=Nd+Md adds a time bank of up to M days.',
    hasBot ? '  Challenge the user "computer" to play the computer.' : '',
  ]
    .filter((l) => l !== '')
    .join('\n');
}

/** Rule options from PBeM flags, with no game-specific code: see gameHelp. */
function parseFlags(game: AnyGame, flags: readonly string[]): { options: Record<string, unknown> } | string {
  const defaults = game.parseOptions(undefined);
  const base =
    defaults.ok && typeof defaults.value === 'object' ? (defaults.value as Record<string, unknown>) : {};
  const options: Record<string, unknown> = {};
  for (const flag of flags) {
    const m = /^-([A-Za-z][A-Za-z0-9]*)(?:=(.{1,40}))?$/.exec(flag);
    if (!m) return `"${flag.slice(0, 40)}" is not an option: write -name=value or -word`;
    const name = (m[1] as string).toLowerCase();
    const value = m[2];
    if (name === 'compact' && value === undefined) {
      options.compact = true;
    } else if (value !== undefined) {
      options[name] = /^-?\d{1,9}$/.test(value) ? Number(value) : value.toLowerCase();
    } else {
      const key = Object.keys(base).find(
        (k) => typeof base[k] === 'string' && game.parseOptions({ ...base, [k]: name }).ok,
      );
      if (!key) return `unknown option -${name}`;
      options[key] = name;
    }
  }
  return { options };
}

const boardAndMove = (text: string): { board: number; moveNo?: number } | string => {
  const m = /^(\d{1,9})(?:#(\d{1,9}))?$/.exec(text);
  if (!m) return `"${text.slice(0, 20)}" is not a board number (write 12 or 12#5)`;
  return { board: Number(m[1]), ...(m[2] === undefined ? {} : { moveNo: Number(m[2]) }) };
};

function statusLine(show: GameSummary & { seats?: GameShow['seats'] }): string {
  const side = (user: string | null) => {
    const seat = show.seats?.find((s) => s.user === user);
    return seat ? `${user} (${seat.side})` : `${user}`;
  };
  if (show.status === 'void') return `${resultText(show)}.`;
  if (show.status === 'finished') {
    // Past the day's rated games between the pair, a game is played unrated: say so.
    const unrated = show.rated || show.players.length !== 2 ? '' : ' Not rated.';
    return `Game over: ${resultText(show, side)}.${unrated}`;
  }
  return `${side(show.toMove)} to move; next move is #${show.moveCount + 1}.`;
}

/** What the listed moves are: all of them, or one page of a long game and how to see the rest. */
function movesHeading(show: GameShow): string {
  const count = show.moves.length;
  if (count === show.moveCount) return count === 0 ? 'No moves yet.' : 'Moves (* = played from the queue):';
  if (count === 0) return `No moves from move ${show.movesFrom} on (the game has ${show.moveCount}).`;
  const last = show.movesFrom + count - 1;
  return `Moves ${show.movesFrom} to ${last} of ${show.moveCount} (* = played from the queue; show board -from=move lists others):`;
}

export function showText(show: GameShow): string {
  const players = show.seats.map((s) => `${s.user} (${s.side})`).join(' vs ');
  const moves = moveLines(show.moves);
  return [
    wrap(`${show.title} game ${show.id}: ${players}`),
    show.asOf === show.moveCount
      ? `After move ${show.moveCount}:`
      : `As of move ${show.asOf} of ${show.moveCount}:`,
    show.board.replace(/\n+$/, ''),
    movesHeading(show) + (moves.length > 0 ? `\n${moves.join('\n')}` : ''),
    ...takebackLines(show).map((line) => wrap(line)),
    // Once the game is over its clock has nothing left to count: only its control is said.
    ...(show.clock && show.status === 'active'
      ? clockLines(
          show.clock,
          show.seats.map((s) => `${s.user} (${s.side})`),
        )
      : show.clock
        ? [`Clock: ${controlText(show.clock)}.`]
        : []),
    wrap(statusLine(show)),
  ].join('\n');
}

/** A timed game's control and, while it is played, when the mover's time runs out. */
const timeLimitText = (g: GameSummary): string =>
  g.timeLimit
    ? ` [${g.timeLimit.control}${g.timeLimit.deadline === null ? '' : `, time runs out ${momentText(g.timeLimit.deadline)}`}]`
    : '';

export function listText(title: string, games: readonly GameSummary[]): string {
  if (games.length === 0) return `${title}: none.`;
  const rows = games.map(
    (g) =>
      `${String(g.id).padStart(6)}  ${g.title.padEnd(14)}${g.players.join(' vs ').padEnd(32)}${String(g.moveCount).padStart(5)}  ${statusLine(g)}${timeLimitText(g)}`,
  );
  return [`${title}:`, ` Board  Game          Players                         Moves  Status`, ...rows].join(
    '\n',
  );
}

/** Checks a password (service.verify), once the check is allowed by the sender's budget. */
export type PasswordCheck = (user: string, password: string) => ReturnType<Service['verify']>;

/** `vacation userid password [days]`: start a vacation, or say how many days are left. */
async function vacation(service: Service, verify: PasswordCheck, args: readonly string[]): Promise<PbmReply> {
  const [userText, password, daysText] = args;
  if (userText === undefined || password === undefined || args.length > 3)
    return error('usage: vacation userid password [days]');
  const user = await verify(userText, password);
  if (!user.ok) return failed(user);
  if (daysText !== undefined && !/^\d{1,3}$/.test(daysText))
    return error(`"${daysText.slice(0, 20)}" is not a number of days`);
  const state =
    daysText === undefined
      ? await service.vacation(user.value)
      : await service.takeVacation(user.value, Number(daysText));
  if (!state.ok) return failed(state);
  const { until, daysLeft, daysPerYear } = state.value;
  const away =
    until === null
      ? 'You are not on vacation.'
      : `You are on vacation until ${momentText(until)}: your clocks are stopped.`;
  return said(`${away} ${daysLeft} of ${daysPerYear} vacation days left this year.`);
}

export interface PbmContext {
  /** Who sent the command (a client address, or a mail sender), whose budget a sign-up spends. */
  readonly from: string;
  /** Accounts' mail, where the server sends mail. */
  readonly mail?: AccountMail;
  /** Whether a password of `user` may be checked now: null, or the sentence refusing the check
   * (a check refused is answered as refused, never made). */
  readonly passwordCheck?: (user: string) => Promise<string | null>;
  /** Post-game analyses, where the server runs them. */
  readonly analyses?: Analyses;
}

/** Runs one PBeM command; its answer never repeats a word of it that may hold a password. */
export async function runPbm(
  service: Service,
  words: readonly string[],
  games: Readonly<Record<string, AnyGame>>,
  botGames: ReadonlySet<string>,
  context: PbmContext,
): Promise<PbmReply> {
  const reply = await answerPbm(service, words, games, botGames, context);
  // A wrong password's refusal is one fixed sentence, whatever the words (and one may be "wrong").
  if (!reply.ok && reply.code === 'unauthorized') return reply;
  const text = withoutSecrets(reply.text, words, games);
  return reply.ok ? { ...reply, text } : { ...reply, text, error: withoutSecrets(reply.error, words, games) };
}

async function answerPbm(
  service: Service,
  words: readonly string[],
  games: Readonly<Record<string, AnyGame>>,
  botGames: ReadonlySet<string>,
  { from, mail, passwordCheck, analyses }: PbmContext,
): Promise<PbmReply> {
  const verify: PasswordCheck = async (user, password) => {
    const refusal = await passwordCheck?.(user);
    return refusal ? refuse('rate-limited', refusal) : service.verify(user, password);
  };
  if (words.length === 0) return error('no command; try "help"');
  if (words.length > MAX_PBM_WORDS || words.join(' ').length > MAX_PBM_LENGTH) {
    return error(`a command is at most ${MAX_PBM_WORDS} words and ${MAX_PBM_LENGTH} characters`);
  }
  const [head = '', ...rest] = words;
  const lowerHead = head.toLowerCase();
  if (lowerHead === 'help') return said(generalHelp(games, mail !== undefined));
  if (lowerHead === 'signup' || lowerHead === 'password')
    return account(service, lowerHead, rest, from, mail, passwordCheck);
  if (lowerHead === 'vacation') return vacation(service, verify, rest);
  const mailCommand = MAIL_COMMANDS.find((c) => c === lowerHead);
  if (mailCommand) {
    return mail
      ? runMailCommand(verify, mail, mailCommand, rest)
      : error('this server sends no mail', 'not-found');
  }
  const game = findGame(games, head);
  if (!game) return error(`unknown game or command "${head.slice(0, 30)}"; try "help"`);
  const [verb = 'help', ...args] = rest;
  const command = verb.toLowerCase();
  const need = (n: number, usage: string): string | null =>
    args.length < n ? `usage: ${pbmName(game)} ${command} ${usage}` : null;
  const ofGame = async (board: number): Promise<Refusal | null> => {
    const record = await service.store.loadGame(board);
    if (!record) return refuse('not-found', `there is no game ${board}`);
    if (record.gameType !== game.id) {
      return refuse('bad-request', `game ${board} is ${service.summary(record).title}, not ${game.title}`);
    }
    return null;
  };
  /** Board, verified user and the rest, for commands that take `board userid password …`. */
  const boardUser = async (n: number, usage: string) => {
    const missing = need(n, usage);
    if (missing) return error(missing);
    const target = boardAndMove(args[0] as string);
    if (typeof target === 'string') return error(target);
    const wrongGame = await ofGame(target.board);
    if (wrongGame) return failed(wrongGame);
    const user = await verify(args[1] as string, args[2] as string);
    if (!user.ok) return failed(user);
    return { ok: true as const, ...target, user: user.value, more: args.slice(3) };
  };

  switch (command) {
    case 'help':
      return said(gameHelp(game, botGames.has(game.id)));
    case 'signup':
      return account(service, 'signup', args, from, mail, passwordCheck);

    case 'challenge': {
      const timeFlag = args.find((a) => /^-time=/i.test(a));
      const flags = args.filter((a) => a.startsWith('-') && a !== timeFlag);
      const plain = args.filter((a) => !a.startsWith('-'));
      if (plain.length !== 3)
        return error(`usage: ${pbmName(game)} challenge [-options] userid1 userid2 password`);
      const parsed = parseFlags(game, flags);
      if (typeof parsed === 'string') return error(parsed);
      const [u1, u2, password] = plain as [string, string, string];
      // The password is the challenger's: whichever of the two players it belongs to.
      let by = await verify(u1, password);
      if (!by.ok && by.code !== 'rate-limited' && u2.toLowerCase() !== 'computer')
        by = await verify(u2, password);
      if (!by.ok) return error(`${by.error} (give the challenger's password)`, by.code);
      const made = await service.challenge(
        by.value,
        game.id,
        [u1, u2],
        parsed.options,
        timeFlag?.slice('-time='.length),
      );
      if (!made.ok) return failed(made);
      const shown = await service.show(by.value, made.value.id);
      if (!shown.ok) return failed(shown);
      return said(
        `Challenge accepted: ${game.title} game ${made.value.id} created.\n${showText(shown.value)}`,
      );
    }

    case 'move':
    case 'swap': {
      const usage = command === 'swap' ? 'board userid password' : 'board userid password move[#moveno]';
      const target = await boardUser(command === 'swap' ? 3 : 4, usage);
      if (!target.ok) return target;
      // As on the PBeM server, a takeback may be spoken as a move: move board userid password accept.
      if (command === 'move' && isTakebackWord(target.more[0]))
        return takebackCommand(
          service,
          target.user,
          target.board,
          target.more[0],
          target.more.slice(1),
          pbmName(game),
        );
      let text = command === 'swap' ? 'swap' : target.more.join(' ');
      let moveNo = target.moveNo;
      const hash = /^(.*?)\s*#\s*(\d{1,9})$/.exec(text);
      if (hash) {
        text = hash[1] as string;
        moveNo = Number(hash[2]);
      }
      const taken = await service.move(target.user, target.board, text, moveNo);
      if (!taken.ok) return failed(taken);
      return said(await afterMoves(service, target.user, taken.value));
    }

    case 'queue': {
      const target = await boardUser(4, 'board userid password move [move ...] | clear');
      if (!target.ok) return target;
      if (target.more.length === 1 && target.more[0]?.toLowerCase() === 'clear') {
        const cleared = await service.clearQueue(target.user, target.board);
        return cleared.ok ? said(`Your queue for game ${target.board} is empty.`) : failed(cleared);
      }
      const queued = await service.queue(target.user, target.board, target.more);
      if (!queued.ok) return failed(queued);
      const shown = await service.show(target.user, target.board);
      const left = shown.ok ? (shown.value.private?.queue ?? []) : [];
      const head = `Queued for game ${target.board}: ${left.length > 0 ? left.join(' ') : '(nothing left)'}.`;
      return said(
        queued.value.moves.length > 0 || queued.value.dropped.length > 0
          ? `${head}\n${await afterMoves(service, target.user, queued.value)}`
          : head,
      );
    }

    case 'resign':
    case 'decline': {
      const target = await boardUser(3, 'board userid password');
      if (!target.ok) return target;
      const ended =
        command === 'resign'
          ? await service.resign(target.user, target.board)
          : await service.decline(target.user, target.board);
      if (!ended.ok) return failed(ended);
      const shown = await service.show(target.user, target.board);
      return said(shown.ok ? showText(shown.value) : statusLine(service.summary(ended.value)));
    }

    case 'propose':
    case 'accept':
    case 'reject': {
      // reject board userid password answers a takeback; reject userid password refuses challenges.
      if (command !== 'reject' || /^\d/.test(args[0] ?? '')) {
        const target = await boardUser(3, `board userid password${command === 'propose' ? ' undo' : ''}`);
        if (!target.ok) return target;
        return takebackCommand(service, target.user, target.board, command, target.more, pbmName(game));
      }
      const missing = need(2, 'userid password [on|off]');
      if (missing) return error(missing);
      const onOff = (args[2] ?? 'on').toLowerCase();
      if (onOff !== 'on' && onOff !== 'off') return error('write on or off');
      const user = await verify(args[0] as string, args[1] as string);
      if (!user.ok) return failed(user);
      await service.setRejects(user.value, game.id, onOff === 'on');
      return said(
        onOff === 'on'
          ? `${user.value} now rejects all ${game.title} challenges.`
          : `${user.value} accepts ${game.title} challenges again.`,
      );
    }

    case 'preview': {
      const missing = need(2, 'board move [move ...]');
      if (missing) return error(missing);
      const target = boardAndMove(args[0] as string);
      if (typeof target === 'string') return error(target);
      const wrongGame = await ofGame(target.board);
      if (wrongGame) return failed(wrongGame);
      return previewCommand(service, target.board, args.slice(1), pbmName(game));
    }

    case 'analyse':
    case 'analyze': {
      const target = await boardUser(3, 'board userid password');
      return target.ok ? analyseCommand(analyses, service, game, target.user, target.board) : target;
    }

    case 'rematch': {
      const target = await boardUser(3, 'board userid password');
      if (!target.ok) return target;
      return rematchCommand(service, target.user, target.board);
    }

    case 'chat': {
      const target = await boardUser(4, 'board userid password message ...');
      if (!target.ok) return target;
      const line = await service.chat(target.user, target.board, target.more.join(' '));
      if (!line.ok) return failed(line);
      const lines = await service.readChat(target.user, target.board);
      return said(
        `Chat on game ${target.board}:\n${(lines.ok ? lines.value : []).map((c) => `${c.user}: ${c.text}`).join('\n')}`,
      );
    }

    case 'show': {
      const missing = need(1, 'board[#moveno] [-compact] [-from=move]');
      if (missing) return error(missing);
      const target = boardAndMove(args[0] as string);
      if (typeof target === 'string') return error(target);
      const wrongGame = await ofGame(target.board);
      if (wrongGame) return failed(wrongGame);
      const compact = args.slice(1).some((a) => a.toLowerCase() === '-compact');
      const from = args
        .slice(1)
        .map((a) => /^-from=(\d{1,9})$/i.exec(a)?.[1])
        .find((n) => n !== undefined);
      const shown = await service.show(null, target.board, {
        ...(target.moveNo === undefined ? {} : { at: target.moveNo }),
        ...(compact ? { compact } : {}),
        ...(from === undefined ? {} : { from: Number(from) }),
      });
      if (!shown.ok) return failed(shown);
      return said(showText(shown.value));
    }

    case 'games': {
      const missing = need(1, 'userid [all|active|inactive|next|challenges]');
      if (missing) return error(missing);
      const filter = (args[1] ?? 'all').toLowerCase() as ListFilter;
      if (!LIST_FILTERS.includes(filter)) return error(`the list is one of ${LIST_FILTERS.join(', ')}`);
      const listed = await service.list(args[0] as string, filter, game.id);
      if (!listed.ok) return failed(listed);
      return said(
        listText(`${game.title} games of ${(args[0] as string).toLowerCase()} (${filter})`, listed.value),
      );
    }

    case 'history': {
      const listed = await service.history(game.id);
      if (!listed.ok) return failed(listed);
      return said(listText(`${game.title}: finished games, latest first`, listed.value));
    }

    case 'standings':
    case 'ratings': {
      const table = await service.standings(game.id);
      if (!table.ok) return failed(table);
      if (table.value.length === 0) return said(`${game.title}: no rated games yet.`);
      const mark = (r: { provisional: boolean; rating: number }) =>
        `${Math.round(r.rating)}${r.provisional ? 'P' : ' '}`;
      if (command === 'ratings') {
        return said(
          [
            `${game.title} ratings (P = provisional, under 20 games):`,
            ...table.value.map((r) => `  ${r.user.padEnd(20)} ${mark(r)}`),
          ].join('\n'),
        );
      }
      return said(
        [
          `${game.title} standings (P = provisional, under 20 games):`,
          'Rank  Player                Rating  Games   Won  Lost  Drawn',
          ...table.value.map(
            (r, i) =>
              `${String(i + 1).padStart(4)}  ${r.user.padEnd(20)}  ${mark(r).padStart(5)}  ${String(r.games).padStart(5)} ${String(r.wins).padStart(5)} ${String(r.losses).padStart(5)} ${String(r.draws).padStart(6)}`,
          ),
        ].join('\n'),
      );
    }

    default:
      return error(
        `unknown command "${verb.slice(0, 30)}" for ${pbmName(game)}; try "${pbmName(game)} help"`,
      );
  }
}

async function account(
  service: Service,
  command: string,
  args: readonly string[],
  from: string,
  mail: AccountMail | undefined,
  passwordCheck: PbmContext['passwordCheck'],
): Promise<PbmReply> {
  if (command === 'signup') {
    const most = mail ? 3 : 2;
    if (args.length < 2 || args.length > most)
      return error(`usage: signup userid password${mail ? ' [address]' : ''}`);
    const address = args[2];
    if (address !== undefined && mail) {
      const checked = mail.checkAddress(address);
      if (!checked.ok) return failed(checked);
    }
    const made = await service.signup(args[0] as string, args[1] as string, from);
    if (!made.ok) return failed(made);
    const welcome = `Welcome, ${made.value.user}: your account is ready.`;
    if (address === undefined || !mail) return said(welcome);
    const asked = await askAddress(mail, made.value.user, address);
    return typeof asked === 'string' ? said(`${welcome}\n${asked}`) : asked;
  }
  if (args.length !== 3) return error('usage: password userid oldpassword newpassword');
  const refusal = await passwordCheck?.(args[0] as string);
  if (refusal) return error(refusal, 'rate-limited');
  const changed = await service.changePassword(args[0] as string, args[1] as string, args[2] as string);
  return changed.ok ? said('Password changed; other sessions are logged out.') : failed(changed);
}

export async function afterMoves(service: Service, viewer: string, taken: MoveTaken): Promise<string> {
  const game = taken.game;
  const shown = await service.show(viewer, game.id);
  const lines = taken.moves.map(
    (m) =>
      `${game.players[m.seat]} played ${m.text}${m.auto ? ' (from the queue)' : ''} as move ${m.moveNo}.`,
  );
  for (const d of taken.dropped) {
    lines.push(
      `${game.players[d.seat]}'s queued move ${d.move} was dropped (${d.error}); that queue is now empty.`,
    );
  }
  if (shown.ok) lines.push(showText(shown.value));
  return lines.join('\n');
}

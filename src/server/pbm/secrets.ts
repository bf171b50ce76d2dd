/**
 * Which words of a PBeM command may hold a password, by position, for every command in one table:
 * an answer (by mail, over HTTP, to the command line) never repeats them, and a mailed reply heads
 * each answer with the command with those words left out. A line that is no command (an unknown
 * game or command, a mistyped verb) may be anything, a password too: all of it is left out but
 * the name of the command it seems to be.
 */
import type { AnyGame } from '../../games/index.ts';

/** A password is at least this long (../service/auth.ts): a shorter word cannot be one. */
const SHORTEST_SECRET = 4;
const HIDDEN = '…';
/** Answers quote a word cut to 20 characters or more: a start of a secret that long is hidden too. */
const SHORTEST_CUT = 20;

/** Positions of secrets after the command word, by command. */
const ACCOUNT_SECRETS: Readonly<Record<string, readonly number[]>> = {
  help: [],
  signup: [1], // signup userid password [address]
  password: [1, 2], // password userid old new
  vacation: [1], // vacation userid password [days]
  email: [1], // email userid password [address|off]
  verify: [1, 2], // verify userid password code (the code too: it confirms an address)
  notify: [1], // notify userid password choice
  block: [1], // block userid password other
  unblock: [1],
  blocks: [1], // blocks userid password
  daily: [], // daily [date] | week [date] | player userid
  seeks: [], // seeks [userid]
  take: [2], // take id userid password
  unseek: [2], // unseek id userid password
};

/** Positions after the verb, for the commands of a game. */
const GAME_SECRETS: Readonly<Record<string, readonly number[]>> = {
  help: [],
  show: [],
  games: [],
  history: [],
  standings: [],
  ratings: [],
  seeks: [],
  preview: [],
  signup: [1],
  // board userid password …
  move: [2],
  swap: [2],
  queue: [2],
  resign: [2],
  decline: [2],
  cancel: [2],
  propose: [2],
  accept: [2],
  rematch: [2],
  analyse: [2],
  analyze: [2],
  chat: [2],
};

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const isGame = (games: Readonly<Record<string, AnyGame>>, name: string) =>
  Object.values(games).some((g) => squash(g.id) === squash(name) || squash(g.title) === squash(name));

/** The positions in `words` that may hold a password (or a code): every one when unsure. */
export function secretPositions(
  words: readonly string[],
  games: Readonly<Record<string, AnyGame>>,
): number[] {
  const all = words.map((_, i) => i);
  const head = words[0] ?? '';
  const account = Object.hasOwn(ACCOUNT_SECRETS, head.toLowerCase())
    ? ACCOUNT_SECRETS[head.toLowerCase()]
    : undefined;
  if (account) return account.map((i) => i + 1);
  if (head.toLowerCase() === 'tournament') {
    // tournament create userid password …; tournament join|leave id userid password
    const verb = (words[1] ?? '').toLowerCase();
    if (verb === 'list' || verb === 'show') return [];
    return verb === 'create' ? [3] : verb === 'join' || verb === 'leave' ? [4] : all.slice(1);
  }
  // An unknown command: its first word is taken for a command's name when others follow it (a
  // word alone on its line may be anything).
  if (!isGame(games, head)) return words.length > 1 ? all.slice(1) : all;
  const verb = (words[1] ?? 'help').toLowerCase();
  const args = words.slice(2);
  if (verb === 'challenge' || verb === 'seek' || verb === 'play') {
    // challenge [-options] userid1 userid2 password, seek|play [-options] userid password: the
    // password is the last word not an option.
    const plain = args.map((a, i) => ({ a, i: i + 2 })).filter(({ a }) => !a.startsWith('-'));
    const count = verb === 'challenge' ? 3 : 2;
    return plain.length === count ? [(plain[count - 1] as { i: number }).i] : all.slice(2);
  }
  // reject board userid password answers a takeback; reject userid password refuses challenges.
  if (verb === 'reject') return [/^\d/.test(args[0] ?? '') ? 4 : 3];
  const game = Object.hasOwn(GAME_SECRETS, verb) ? GAME_SECRETS[verb] : undefined;
  return game ? game.map((i) => i + 2) : all.slice(1);
}

/** The command as it may be shown: the words that may hold a password left out. */
export function shownCommand(words: readonly string[], games: Readonly<Record<string, AnyGame>>): string {
  const hidden = new Set(secretPositions(words, games));
  if (words.length > 0 && hidden.size === words.length) return '(a line that is no command: not shown)';
  return words.map((w, i) => (hidden.has(i) ? HIDDEN : w)).join(' ');
}

const WORD_CHAR = /[A-Za-z0-9]/;

/** `text` with every copy of `secret` left out (inside a longer word too), and every start of it
 * cut short at a quote or a space (an answer quotes a word only up to so many characters). */
function hide(text: string, secret: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    let n = 0;
    while (n < secret.length && text[i + n] === secret[n]) n++;
    const before = i === 0 ? '' : (text[i - 1] as string);
    const after = text[i + n] ?? '';
    const whole = n === secret.length;
    const cut = n >= SHORTEST_CUT && !WORD_CHAR.test(after);
    const cutAlone = cut && !(WORD_CHAR.test(before) && WORD_CHAR.test(secret[0] as string));
    if (n > 0 && (whole || cutAlone)) {
      out += HIDDEN;
      i += n;
    } else {
      out += text[i];
      i++;
    }
  }
  return out;
}

/** An answer to `words` with none of its secret words in it. */
export function withoutSecrets(
  text: string,
  words: readonly string[],
  games: Readonly<Record<string, AnyGame>>,
): string {
  let out = text;
  for (const i of secretPositions(words, games)) {
    const secret = words[i] ?? '';
    if (secret.length >= SHORTEST_SECRET) out = hide(out, secret);
  }
  return out;
}

/** Whether `word` starts a PBeM command (an account command or a game's name). */
export const isCommandWord = (word: string, games: Readonly<Record<string, AnyGame>>): boolean =>
  Object.hasOwn(ACCOUNT_SECRETS, word.toLowerCase()) ||
  word.toLowerCase() === 'tournament' ||
  isGame(games, word);

/** `text` with no word of `line` in it: for a line that is no command, which may be anything. */
export const withoutWordsOf = (text: string, line: string): string =>
  withoutSecrets(text, ['', ...line.split(/\s+/)], {});

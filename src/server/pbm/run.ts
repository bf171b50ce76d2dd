/**
 * The PBeM server's command language, answered in the text a PBeM player expects (the board
 * drawn after each move, a clear error otherwise). `./tessera pbm …` sends the words here.
 * The commands: docs/api.md ("PBeM commands").
 */

import { refuse } from '../../engine/index.ts';
import type { AnyGame } from '../../games/index.ts';
import type { Service } from '../service/index.ts';
import { passwordCommand, signupCommand, vacationCommand } from './account.ts';
import { BLOCK_COMMANDS, blockCommand } from './blocks.ts';
import { runGameCommand } from './commands.ts';
import type { PasswordCheck, PbmContext } from './context.ts';
import { dailyCommand } from './daily.ts';
import { gameCommand } from './game-command.ts';
import { generalHelp } from './help.ts';
import { MAIL_COMMANDS, runMailCommand } from './mail.ts';
import { refused as error, type PbmReply, said } from './reply.ts';
import { withoutSecrets } from './secrets.ts';
import { serverSeekCommand } from './seeks.ts';
import { tournamentCommand } from './tournament.ts';

export type { PbmContext } from './context.ts';
export type { PbmReply } from './reply.ts';

export const MAX_PBM_WORDS = 64;
export const MAX_PBM_LENGTH = 2000;

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

export function findGame(games: Readonly<Record<string, AnyGame>>, name: string): AnyGame | undefined {
  const wanted = squash(name);
  return Object.values(games).find((g) => squash(g.id) === wanted || squash(g.title) === wanted);
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
  context: PbmContext,
): Promise<PbmReply> {
  const { mail, passwordCheck } = context;
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
    return (lowerHead === 'signup' ? signupCommand : passwordCommand)(service, rest, context);
  if (lowerHead === 'vacation') return vacationCommand(service, verify, rest);
  const blockWord = BLOCK_COMMANDS.find((c) => c === lowerHead);
  if (blockWord) return blockCommand(service, verify, blockWord, rest);
  if (lowerHead === 'daily') return dailyCommand(service.store, rest, context.now ?? Date.now);
  if (lowerHead === 'seeks' || lowerHead === 'take' || lowerHead === 'unseek')
    return serverSeekCommand(service, verify, lowerHead, rest);
  if (lowerHead === 'tournament')
    return tournamentCommand(context.tournaments, (name) => findGame(games, name), verify, rest);
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
  return runGameCommand(gameCommand(service, game, command, args, botGames, context, verify), verb);
}

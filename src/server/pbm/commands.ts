/** The table of a game's PBeM commands: each command word and the function that answers it. */
import { pbmName } from '../text/index.ts';
import { signupCommand } from './account.ts';
import { analyseGameCommand } from './analyse.ts';
import { answerCommand, previewGameCommand, rematchGameCommand } from './answers.ts';
import type { GameCommand, GameCommandRun } from './game-command.ts';
import { gameHelp } from './help.ts';
import { challengeCommand, chatCommand, endCommand, moveCommand, queueCommand } from './play.ts';
import { gamesCommand, historyCommand, showCommand, standingsCommand } from './read.ts';
import { refused as error, type PbmReply, said } from './reply.ts';
import { gameSeeksCommand, playCommand, seekCommand } from './seeks.ts';

const GAME_COMMANDS: Readonly<Record<string, GameCommandRun>> = {
  help: async ({ game, botGames }) => said(gameHelp(game, botGames.has(game.id))),
  signup: ({ service, args, context }) => signupCommand(service, args, context),
  challenge: challengeCommand,
  move: moveCommand,
  swap: moveCommand,
  queue: queueCommand,
  resign: endCommand,
  decline: endCommand,
  cancel: endCommand,
  propose: answerCommand,
  accept: answerCommand,
  reject: answerCommand,
  preview: previewGameCommand,
  rematch: rematchGameCommand,
  analyse: analyseGameCommand,
  analyze: analyseGameCommand,
  chat: chatCommand,
  show: showCommand,
  games: gamesCommand,
  history: historyCommand,
  standings: standingsCommand,
  ratings: standingsCommand,
  seek: seekCommand,
  seeks: gameSeeksCommand,
  play: playCommand,
};

/** Answers `<Game> <verb> …`; `verb` as written, `c.command` in lower case. */
export function runGameCommand(c: GameCommand, verb: string): Promise<PbmReply> {
  // An own property only: `constructor` or `__proto__` is no command.
  const run = Object.hasOwn(GAME_COMMANDS, c.command) ? GAME_COMMANDS[c.command] : undefined;
  if (run) return run(c);
  const name = pbmName(c.game);
  return Promise.resolve(error(`unknown command "${verb.slice(0, 30)}" for ${name}; try "${name} help"`));
}

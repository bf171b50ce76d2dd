/** What a game's PBeM command is given: the game, its words, the service and the checks the commands share. */
import { type Refusal, refuse } from '../../engine/index.ts';
import type { AnyGame } from '../../games/index.ts';
import type { Service } from '../service/index.ts';
import { pbmName } from '../text/index.ts';
import type { PasswordCheck, PbmContext } from './context.ts';
import { refused as error, failed, type PbmReply } from './reply.ts';

/** A board number, with the move after `#` if given: `12` or `12#5`. */
export const boardAndMove = (text: string): { board: number; moveNo?: number } | string => {
  const m = /^(\d{1,9})(?:#(\d{1,9}))?$/.exec(text);
  if (!m) return `"${text.slice(0, 20)}" is not a board number (write 12 or 12#5)`;
  return { board: Number(m[1]), ...(m[2] === undefined ? {} : { moveNo: Number(m[2]) }) };
};

export function gameCommand(
  service: Service,
  game: AnyGame,
  command: string,
  args: readonly string[],
  botGames: ReadonlySet<string>,
  context: PbmContext,
  verify: PasswordCheck,
) {
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
  return { service, game, command, args, botGames, context, verify, need, ofGame, boardUser };
}

/** A game's command with its words, the checks above, and who sent it. */
export type GameCommand = ReturnType<typeof gameCommand>;

/** One PBeM command of a game: `<Game> <command> …`. */
export type GameCommandRun = (c: GameCommand) => Promise<PbmReply>;

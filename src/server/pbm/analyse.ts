/** The PBeM `analyse` command: a finished game's marked moves, in one reply (mailable too). */
import { type AnyGame, type GameAnalysis, markCounts, markedMoveLines } from '../../games/index.ts';
import type { Analyses } from '../analysis/index.ts';
import type { Service } from '../service/index.ts';
import type { GameCommand } from './game-command.ts';
import { failed, type PbmReply, refused, said } from './reply.ts';

/** How long a PBeM command waits for an analysis it started before answering "under way". */
export const PBM_ANALYSIS_WAIT_MS = 60_000;

export const ANALYSE_HELP = (name: string): string[] => [
  `  ${name} analyse board userid password            a finished game's mistakes and blunders`,
];

/** `<Game> analyse board userid password`. */
export async function analyseGameCommand({
  service,
  game,
  context,
  boardUser,
}: GameCommand): Promise<PbmReply> {
  const target = await boardUser(3, 'board userid password');
  return target.ok ? analyseCommand(context.analyses, service, game, target.user, target.board) : target;
}

export async function analyseCommand(
  analyses: Analyses | undefined,
  service: Service,
  game: AnyGame,
  user: string,
  board: number,
  waitMs = PBM_ANALYSIS_WAIT_MS,
): Promise<PbmReply> {
  if (!analyses) return refused('this server does not analyse games', 'not-found');
  const started = await analyses.request(user, board);
  if (!started.ok) return failed(started);
  if (started.value.state !== 'ready') await analyses.settle(board, waitMs);
  const answer = await analyses.read(board);
  if (!answer.ok) return failed(answer);
  if (answer.value.state !== 'ready')
    return said(`The analysis of game ${board} is under way; send the same command again in a few minutes.`);
  const shown = await service.show(null, board, { limit: 1 });
  const names = shown.ok ? shown.value.players : [];
  return said(analysisText(game, board, answer.value.analysis, names));
}

/** The marked moves of an analysed game, with each player's count first. */
export function analysisText(
  game: AnyGame,
  board: number,
  analysis: GameAnalysis,
  names: readonly string[],
): string {
  const counts = markCounts(analysis, names.length || 2)
    .map(
      (c, seat) =>
        `${names[seat] ?? `seat ${seat + 1}`}: ${plural(c.mistakes, 'mistake')}, ${plural(c.blunders, 'blunder')}`,
    )
    .join('; ');
  const lines = markedMoveLines(analysis, names);
  return [
    `Analysis of ${game.title} game ${board} (each move's loss is the share of its player's chance of winning it gave away):`,
    counts,
    ...(lines.length > 0 ? lines : ['No move was marked.']),
  ].join('\n');
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

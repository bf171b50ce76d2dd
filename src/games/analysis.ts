/**
 * Post-game analysis: every position of a finished game judged by the game's computer at a fixed
 * strength (`ai.evaluate`), and every move by how much of its player's chance it threw away
 * against the computer's choice. Pure and deterministic, so the server's worker threads and the
 * browser's worker give the same answer for the same game.
 */
import { type AnyGame, fail, ok, playText, type Result, type Seat } from './game.ts';

/**
 * A move that costs its player this much of their chance of winning (0 to 1) is a mistake…
 * (Whatever the numbers, a move that lets a win the computer saw for certain slip, or hands the
 * opponent a forced win the computer sees, is a blunder.)
 */
export const MISTAKE_LOSS = 0.1;
/** …and this much, a blunder. */
export const BLUNDER_LOSS = 0.2;

export type Mark = 'mistake' | 'blunder';

export interface MoveVerdict {
  /** 1-based: the move that turned position moveNo − 1 into position moveNo. */
  readonly moveNo: number;
  readonly seat: Seat;
  /** The move as played, in the game's notation. */
  readonly move: string;
  /** How much of the mover's chance the move gave away, 0 to 1 (0 for the computer's own choice). */
  readonly loss: number;
  readonly mark: Mark | null;
  /** The computer's move in its place, on a marked move. */
  readonly better: string | null;
}

export interface GameAnalysis {
  /** chances[k]: seat 0's chance of winning after k moves, 0 to 1, rounded to a thousandth. */
  readonly chances: readonly number[];
  readonly moves: readonly MoveVerdict[];
}

/** Whether a game's computer can analyse its games. */
export const canAnalyse = (game: AnyGame): boolean => typeof game.ai?.evaluate === 'function';

export const markOf = (loss: number): Mark | null =>
  loss >= BLUNDER_LOSS ? 'blunder' : loss >= MISTAKE_LOSS ? 'mistake' : null;

const round3 = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * Analyse the moves played from `start`. `progress` is told after each position (a worker may
 * report it). Fails if the game has no evaluation or a move does not replay.
 */
export function analyseMoves(
  game: AnyGame,
  start: unknown,
  moves: readonly string[],
  progress?: (done: number, total: number) => void,
): Result<GameAnalysis> {
  const evaluate = game.ai?.evaluate;
  if (!evaluate) return fail(`${game.title} games cannot be analysed`);
  let state = start;
  let judged = evaluate(state);
  const chances = [round3(judged.chance)];
  const verdicts: MoveVerdict[] = [];
  for (const [i, text] of moves.entries()) {
    const seat = game.toMove(state);
    const parsed = game.parseMove(text, state);
    const next = playText(game, state, text);
    if (!parsed.ok || !next.ok || seat === undefined)
      return fail(`move ${i + 1} (${text}) does not replay: ${next.ok ? 'the game was over' : next.error}`);
    const played = game.formatMove(parsed.value, state);
    const best = judged.best === null ? null : game.formatMove(judged.best, state);
    const after = evaluate(next.value);
    const own = (chance: number) => (seat === 0 ? chance : 1 - chance);
    // The computer's own choice, or the only legal move, loses nothing by definition.
    const forced = best === null || best === played || game.legalMoves(state).length <= 1;
    const loss = forced ? 0 : round3(Math.max(0, own(judged.chance) - own(after.chance)));
    const threwAway =
      (judged.certain === true && own(judged.chance) === 1 && !(after.certain && own(after.chance) === 1)) ||
      (after.certain === true && own(after.chance) === 0 && !(judged.certain && own(judged.chance) === 0));
    const mark = forced ? null : threwAway ? 'blunder' : markOf(loss);
    verdicts.push({ moveNo: i + 1, seat, move: played, loss, mark, better: mark ? best : null });
    chances.push(round3(after.chance));
    state = next.value;
    judged = after;
    progress?.(i + 1, moves.length);
  }
  return ok({ chances, moves: verdicts });
}

/** The marked moves in a line each, for text clients, mail and the export:
 * "12. Player 2 (blacks) 3,4: blunder, lost 34 % (better 5,6)". */
export function markedMoveLines(analysis: GameAnalysis, seatNames: readonly string[]): string[] {
  return analysis.moves
    .filter((m) => m.mark !== null)
    .map(
      (m) =>
        `${m.moveNo}. ${seatNames[m.seat] ?? `seat ${m.seat + 1}`} ${m.move}: ${m.mark}, lost ${Math.round(m.loss * 100)} %` +
        (m.better ? ` (better ${m.better})` : ''),
    );
}

/** Each seat's mistakes and blunders. */
export function markCounts(analysis: GameAnalysis, seats: number): { mistakes: number; blunders: number }[] {
  const counts = Array.from({ length: seats }, () => ({ mistakes: 0, blunders: 0 }));
  for (const m of analysis.moves) {
    const c = counts[m.seat];
    if (!c) continue;
    if (m.mark === 'mistake') c.mistakes++;
    if (m.mark === 'blunder') c.blunders++;
  }
  return counts;
}

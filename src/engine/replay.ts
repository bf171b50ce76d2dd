/**
 * Replaying a server game move by move, for the web's replay viewer and the terminal's: the game is
 * read once from its start (`GET /api/games/:id?at=0` and its move log a page at a time), and every
 * position is then rebuilt by the game's own rules, so stepping back and forth asks the server
 * nothing more. Should a move not replay here (a view that hides part of the state), the positions
 * stop there and the client asks the server for each later one (`?at=K`). Pure but for the
 * injected `get`.
 */
import { type GameShow, MAX_MOVE_PAGE } from '../api/index.ts';
import { type AnyGame, playText } from '../games/game.ts';

export interface Replay {
  /** The game as shown at its start (players, seats, outcome, dates), with no moves. */
  readonly show: GameShow;
  /** Every move of the game, in its notation: moves[k - 1] is move k. */
  readonly moves: readonly string[];
  /** views[k] is the position after k moves, as far as the rules here could rebuild them. */
  readonly views: readonly unknown[];
}

/** The positions after 0, 1, … moves, from `start`, until a move does not replay. */
export function replayViews(game: AnyGame, start: unknown, moves: readonly string[]): unknown[] {
  const views = [start];
  for (const move of moves) {
    const next = playText(game, views[views.length - 1], move);
    if (!next.ok) break;
    views.push(next.value);
  }
  return views;
}

/** Read a game for replay: its start and every move, a page at a time; `get` answers a path. */
export async function loadReplay(
  game: AnyGame,
  id: number,
  get: (path: string) => Promise<GameShow>,
): Promise<Replay> {
  const start = await get(`/api/games/${id}?at=0&from=1&limit=${MAX_MOVE_PAGE}`);
  const moves = start.moves.map((m) => m.move);
  while (moves.length < start.moveCount) {
    const page = await get(`/api/games/${id}?at=0&from=${moves.length + 1}&limit=${MAX_MOVE_PAGE}`);
    if (page.moves.length === 0) break;
    moves.push(...page.moves.map((m) => m.move));
  }
  return { show: { ...start, moves: [] }, moves, views: replayViews(game, start.view, moves) };
}

/** The move number a link asks for (`?move=K`), within 0 … moveCount; null when it asks none. */
export function moveParam(search: string, moveCount: number): number | null {
  const text = new URLSearchParams(search).get('move');
  if (text === null || !/^\d{1,9}$/.test(text)) return null;
  return Math.min(Number(text), moveCount);
}

/** Where a replay's step goes, kept within 0 … moveCount. */
export type ReplayStep = 'first' | 'back' | 'forward' | 'last';
export function stepTo(at: number, step: ReplayStep, moveCount: number): number {
  if (step === 'first') return 0;
  if (step === 'last') return moveCount;
  return Math.max(0, Math.min(moveCount, at + (step === 'back' ? -1 : 1)));
}

/** "Move 12 of 40: L11", or "Start: no move yet" for the position before the first move. */
export function replayCaption(at: number, moves: readonly string[]): string {
  if (at === 0) return `Start of the game (${moves.length} move${moves.length === 1 ? '' : 's'})`;
  return `Move ${at} of ${moves.length}: ${moves[at - 1] ?? '?'}`;
}

/** What a profile page says and draws, worked out without the browser (tested beside). */
import type { GameSummary, RatingPoint, VersusRecord } from '../../../api/index.ts';

/** A result in a word, from the player's side: 1 won, ½ drew, 0 lost. */
export const resultWord = (score: number): string => (score === 1 ? 'won' : score === 0 ? 'lost' : 'drew');

/** "3 won, 1 lost, 0 drawn". */
export const recordText = (r: Pick<VersusRecord, 'wins' | 'losses' | 'draws'>): string =>
  `${r.wins} won, ${r.losses} lost, ${r.draws} drawn`;

/** Where a game stands for one of its players: "won", "lost", "drawn", "playing", "void". */
export function gameResult(game: GameSummary, user: string): string {
  if (game.status === 'active') return 'playing';
  const outcome = game.outcome;
  if (game.status !== 'finished' || !outcome) return 'void';
  if (outcome.kind === 'draw') return 'drawn';
  if (outcome.kind === 'loss') return 'lost';
  return game.players[outcome.winner] === user ? 'won' : 'lost';
}

/** The other players of a game, for "vs bob". */
export const opponentsOf = (game: GameSummary, user: string): string[] =>
  game.players.filter((p) => p !== user);

/**
 * The chart's data: time in seconds (as uPlot's time axis counts) and the rating after each
 * result, starting from the rating before the first one, an instant before it.
 */
export function chartData(points: readonly RatingPoint[]): [number[], number[]] {
  const first = points[0];
  if (!first) return [[], []];
  const xs = [first.at / 1000 - 1];
  const ys = [Math.round(first.before)];
  for (const p of points) {
    // Results at the same second are kept apart, in order.
    xs.push(Math.max(p.at / 1000, (xs.at(-1) ?? 0) + 1e-3));
    ys.push(Math.round(p.after));
  }
  return [xs, ys];
}

/** The history grouped by game type, each oldest first. */
export function byGameType(points: readonly RatingPoint[]): Map<string, RatingPoint[]> {
  const groups = new Map<string, RatingPoint[]>();
  for (const p of points) {
    const group = groups.get(p.gameType) ?? [];
    group.push(p);
    groups.set(p.gameType, group);
  }
  return groups;
}

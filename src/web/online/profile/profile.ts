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
 * The chart's data: the rated games counted along (0 the start) and the rating after each, from
 * the rating before the first. Counted rather than dated, so that a few games, or many on one day,
 * are still drawn apart; the legend and the table give the dates.
 */
export function chartData(points: readonly RatingPoint[]): [number[], number[]] {
  const first = points[0];
  if (!first) return [[], []];
  return [
    points.map((_, i) => i).concat(points.length),
    [Math.round(first.before), ...points.map((p) => Math.round(p.after))],
  ];
}

/** The legend's words for a point of the chart: "start", or "3 (24 Nov 2026)". */
export function pointLabel(points: readonly RatingPoint[], x: number | null | undefined): string {
  if (x === null || x === undefined) return '--';
  if (x === 0) return 'start';
  const point = points[x - 1];
  return point
    ? `${x} (${new Date(point.at).toLocaleDateString([], { day: 'numeric', month: 'short', year: 'numeric' })})`
    : '--';
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

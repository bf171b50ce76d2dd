/**
 * Who plays whom: a round robin's every round at once (Berger tables) and a Swiss's next round
 * (by score, no rematch, a bye to the lowest who has had none, seats alternated), both from the
 * `tournament-pairings` library.
 */
import { RoundRobin, Swiss } from 'tournament-pairings';
import type { TournamentFormat, TournamentGame } from '../../store/index.ts';
import { standings } from './standings.ts';

export interface Board {
  readonly round: number;
  /** Who moves first, and who second (null: a bye). */
  readonly first: string;
  readonly second: string | null;
}

/** A round robin's rounds: one fewer than its players, or as many when odd (each sits out once). */
export const roundRobinRounds = (players: number): number => (players % 2 === 0 ? players - 1 : players);

/** Every board of a round robin, round by round, in the order entered. */
export function roundRobin(entrants: readonly string[]): Board[] {
  const boards: Board[] = [];
  for (const match of RoundRobin([...entrants], 1, true)) {
    const [a, b] = [match.player1, match.player2];
    if (a === null || b === null) continue;
    boards.push({ round: match.round, first: String(a), second: String(b) });
  }
  return boards.sort((x, y) => x.round - y.round);
}

/** The boards of a Swiss's round `round`, from the boards of the rounds before (all finished). */
export function swissRound(
  entrants: readonly string[],
  before: readonly TournamentGame[],
  round: number,
  format: TournamentFormat = 'swiss',
): Board[] {
  const points = new Map(standings(entrants, before, format).map((s) => [s.player, s.points]));
  const players = entrants.map((id) => {
    const mine = before.filter((b) => b.first === id || b.second === id);
    return {
      id,
      score: points.get(id) ?? 0,
      receivedBye: mine.some((b) => b.second === null),
      avoid: mine
        .filter((b) => b.second !== null)
        .map((b) => (b.first === id ? b.second : b.first) as string),
      seating: mine.filter((b) => b.second !== null).map((b) => (b.first === id ? 1 : -1) as 1 | -1),
    };
  });
  const boards: Board[] = [];
  const byes: Board[] = [];
  for (const match of Swiss(players, round, false, true)) {
    const [a, b] = [match.player1, match.player2];
    if (a === null && b === null) continue;
    if (a === null || b === null) byes.push({ round, first: String(a ?? b), second: null });
    else boards.push({ round, first: String(a), second: String(b) });
  }
  return [...boards, ...byes];
}

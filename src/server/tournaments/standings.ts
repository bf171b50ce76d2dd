/**
 * Standings and the crosstable of a tournament, from its boards as they stand: a win scores 1, a
 * draw ½, a Swiss bye 1, a void game 0 for both (given up before both players moved, in a
 * tournament paired before its games were binding). Ties are broken as chess arbiters do: in a round robin by
 * Sonneborn–Berger first (the points of the players one beat, and half of those one drew), in a
 * Swiss by Buchholz first (the points of all one's opponents); then by the other, then by name.
 */
import type { TournamentFormat, TournamentGame } from '../../store/index.ts';

export interface Standing {
  readonly rank: number;
  readonly player: string;
  readonly points: number;
  readonly played: number;
  readonly buchholz: number;
  readonly sonnebornBerger: number;
}

/** One cell of the crosstable: the results of `player`'s games against `opponent`. */
export interface CrossResult {
  readonly gameId: number;
  readonly round: number;
  /** `player`'s score, or null while the game goes on. */
  readonly score: number | null;
}

export interface Crosstable {
  /** The players in standings order. */
  readonly players: readonly string[];
  /** `cells[i][j]`: player i's games against player j. */
  readonly cells: readonly (readonly (readonly CrossResult[])[])[];
}

interface Tally {
  points: number;
  played: number;
  /** Each finished game against an opponent: their name and this player's score. */
  results: { opponent: string; score: number }[];
}

/** Both players' scores, or nulls while it goes on; a game voided by giving up early scores nothing for either. */
const scores = (b: TournamentGame): [number | null, number | null] =>
  b.voided ? [0, 0] : b.firstScore === null ? [null, null] : [b.firstScore, 1 - b.firstScore];

function tally(entrants: readonly string[], boards: readonly TournamentGame[], format: TournamentFormat) {
  const by = new Map<string, Tally>(entrants.map((p) => [p, { points: 0, played: 0, results: [] }]));
  for (const b of boards) {
    const first = by.get(b.first);
    if (b.second === null) {
      // A bye scores a point in a Swiss; a round robin's odd player simply sits the round out.
      if (first && format === 'swiss') first.points += 1;
      continue;
    }
    const second = by.get(b.second);
    const [a, z] = scores(b);
    if (a === null || z === null || !first || !second) continue;
    first.points += a;
    second.points += z;
    first.played += 1;
    second.played += 1;
    first.results.push({ opponent: b.second, score: a });
    second.results.push({ opponent: b.first, score: z });
  }
  return by;
}

export function standings(
  entrants: readonly string[],
  boards: readonly TournamentGame[],
  format: TournamentFormat,
): Standing[] {
  const by = tally(entrants, boards, format);
  const pointsOf = (p: string) => by.get(p)?.points ?? 0;
  const rows = entrants.map((player) => {
    const t = by.get(player) as Tally;
    let buchholz = 0;
    let sonnebornBerger = 0;
    for (const r of t.results) {
      buchholz += pointsOf(r.opponent);
      sonnebornBerger += r.score * pointsOf(r.opponent);
    }
    return { player, points: t.points, played: t.played, buchholz, sonnebornBerger };
  });
  const first = format === 'swiss' ? 'buchholz' : 'sonnebornBerger';
  const second = format === 'swiss' ? 'sonnebornBerger' : 'buchholz';
  rows.sort(
    (a, b) =>
      b.points - a.points ||
      b[first] - a[first] ||
      b[second] - a[second] ||
      (a.player < b.player ? -1 : a.player > b.player ? 1 : 0),
  );
  // Players equal on points and both tie-breaks share a rank.
  return rows.map((row, i) => {
    let rank = i + 1;
    for (let j = i - 1; j >= 0; j--) {
      const above = rows[j] as (typeof rows)[number];
      if (above.points !== row.points || above[first] !== row[first] || above[second] !== row[second]) break;
      rank = j + 1;
    }
    return { rank, ...row };
  });
}

export function crosstable(order: readonly string[], boards: readonly TournamentGame[]): Crosstable {
  const index = new Map(order.map((p, i) => [p, i]));
  const cells: CrossResult[][][] = order.map(() => order.map(() => []));
  for (const b of boards) {
    if (b.second === null || b.gameId === null) continue;
    const i = index.get(b.first);
    const j = index.get(b.second);
    if (i === undefined || j === undefined) continue;
    const [a, z] = scores(b);
    cells[i]?.[j]?.push({ gameId: b.gameId, round: b.round, score: a });
    cells[j]?.[i]?.push({ gameId: b.gameId, round: b.round, score: z });
  }
  return { players: order, cells };
}

/** The terminal tournament screen's words, as pure functions: a tournament's line, its standings and its rounds. */
import { formatPoints as half, type TournamentLine, type TournamentView } from '../../api/index.ts';

export function tournamentLine(t: TournamentLine): string {
  const format = t.format === 'swiss' ? `Swiss ${t.rounds} rounds` : 'round robin';
  const when =
    t.state === 'open'
      ? t.startsAt === null
        ? 'starts when full'
        : `starts ${new Date(t.startsAt).toISOString().slice(0, 10)}`
      : t.state === 'running'
        ? `round ${t.roundsPaired} of ${t.rounds}`
        : t.state;
  return `#${t.id} ${t.name}  ${t.title}, ${format}, ${t.players}/${t.maxPlayers} players, ${t.timeControl}${t.rated ? ', rated' : ''}, ${when}`;
}

/** The standings table: rank, player, points, games played, Sonneborn–Berger, Buchholz. */
export function standingLines(t: TournamentView): string[] {
  return [
    ' #  player               pts  played  SB    Buchholz',
    ...t.standings.map(
      (s) =>
        `${String(s.rank).padStart(2)}  ${s.player.padEnd(20)} ${half(s.points).padStart(3)}  ${String(s.played).padStart(6)}  ${half(s.sonnebornBerger).padEnd(5)} ${half(s.buchholz)}`,
    ),
  ];
}

/** A board's line: who plays whom and how it stands. */
export function boardLine(b: TournamentView['boards'][number]): string {
  if (b.second === null) return `round ${b.round}: ${b.first} has a bye`;
  const result = b.voided
    ? 'void'
    : b.firstScore === null
      ? 'playing'
      : `${half(b.firstScore)}-${half(1 - b.firstScore)}`;
  return `round ${b.round}: #${b.gameId} ${b.first} - ${b.second}  ${result}`;
}

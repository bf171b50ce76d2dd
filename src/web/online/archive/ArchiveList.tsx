/**
 * A player's finished games as rows (game, opponent, result, date), each opening its replay: the
 * archive page's table and the lobby's "Recently finished" use the same rows.
 */
import { dayText, resultText, resultWord } from '../../../api/index.ts';
import { onLinkClick } from '../../router.ts';
import type { GameSummary } from '../api.ts';
import { PlayerLink } from '../PlayerLink.tsx';

export function ArchiveRows({ user, games }: { user: string; games: readonly GameSummary[] }) {
  return (
    <table className="archive-table">
      <thead>
        <tr>
          <th scope="col">Game</th>
          <th scope="col">Opponent</th>
          <th scope="col">Result</th>
          <th scope="col">Ended</th>
        </tr>
      </thead>
      <tbody>
        {games.map((g) => {
          const word = resultWord(g, user);
          const opponents = g.players.filter((p) => p !== user);
          return (
            <tr key={g.id}>
              <td>
                <a href={`/game/${g.id}`} onClick={onLinkClick} aria-label={`Replay ${g.title} #${g.id}`}>
                  {g.title} #{g.id}
                </a>
              </td>
              <td className="opponent">
                {opponents.length === 0
                  ? '(solo)'
                  : opponents.map((p, i) => (
                      <span key={p}>
                        {i > 0 && ', '}
                        <PlayerLink user={p} />
                      </span>
                    ))}
              </td>
              <td>
                <span className={`result result-${word.toLowerCase()}`}>{word}</span>{' '}
                <span className="meta result-why">{resultText(g)}</span>
              </td>
              <td className="ended">
                <time dateTime={new Date(g.updatedAt).toISOString()}>{dayText(g.updatedAt)}</time>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

import { termsText } from '../../api/index.ts';
import { navigate, onLinkClick } from '../router.ts';
import type { GameSummary } from './api.ts';
import { TimeLimitNote } from './Clock.tsx';
import { PlayerLink } from './PlayerLink.tsx';

/** Ending a challenge before it is played: the challenged declines, the challenger cancels. */
export type Withdraw = (id: number, how: 'decline' | 'cancel') => void;

/**
 * A challenge in the lobby: one `received` (Accept or Decline) or one of the user's own waiting for
 * an answer (Cancel), with its opponents, whose move it is, its time limit and its terms.
 */
export function ChallengeItem({
  game: g,
  user,
  received,
  withdraw,
}: {
  game: GameSummary;
  user: string;
  received: boolean;
  withdraw: Withdraw;
}) {
  const opponents = g.players.filter((p) => p !== user);
  const named = `${g.title} #${g.id} ${received ? 'from' : 'to'} ${opponents.join(', ')}`;
  const yourMove = g.toMove === user;
  return (
    <li>
      <span>
        {received ? (
          <>
            {g.title} #{g.id}
          </>
        ) : (
          <a href={`/game/${g.id}`} onClick={onLinkClick}>
            {g.title} #{g.id}
          </a>
        )}{' '}
        {received ? 'from' : 'to'}{' '}
        {opponents.map((p) => (
          <strong key={p}>
            <PlayerLink user={p} />{' '}
          </strong>
        ))}
        {(yourMove || !received) && (
          <span className={yourMove ? 'badge' : 'meta'}>
            {yourMove ? 'your move' : `waiting for ${g.toMove}`}
          </span>
        )}
        <TimeLimitNote game={g} />
        <span className="terms">{termsText(g, user)}</span>
      </span>
      <span className="buttons">
        {received ? (
          <>
            <button
              type="button"
              className="small"
              aria-label={`Accept ${named}`}
              onClick={() => navigate(`/game/${g.id}`)}
            >
              Accept
            </button>
            <button
              type="button"
              className="small secondary"
              aria-label={`Decline ${named}`}
              onClick={() => withdraw(g.id, 'decline')}
            >
              Decline
            </button>
          </>
        ) : (
          <button
            type="button"
            className="small secondary"
            aria-label={`Cancel ${named}`}
            onClick={() => withdraw(g.id, 'cancel')}
          >
            Cancel
          </button>
        )}
      </span>
    </li>
  );
}

import type { TakebackOffer } from '../../api/index.ts';
import type { OnlineGame } from '../../engine/index.ts';
import { navigate } from '../router.ts';
import { api, type GameShow, type Session } from './api.ts';

/** What a takeback on offer undoes, in words. */
export function offerText(offer: TakebackOffer, me: string | undefined): string {
  const last = offer.fromMove + offer.moves.length - 1;
  const which = last === offer.fromMove ? `move ${offer.fromMove}` : `moves ${offer.fromMove} to ${last}`;
  const who = offer.by === me ? 'You propose' : `${offer.by} proposes`;
  return `${who} to take back ${which} (${offer.moves.join(' ')}).`;
}

/**
 * A player's takeback buttons while the game is played (propose; accept or reject the opponent's
 * offer; withdraw one's own) and, once it is over, Rematch. Each answer is the game as it now stands.
 */
export function TakebackButtons({
  id,
  session,
  show,
  live,
  moved,
  onShow,
  say,
}: {
  id: number;
  session: Session;
  show: GameShow;
  live: Pick<OnlineGame, 'status' | 'moveCount'>;
  /** Whether this player has a move in the game to take back. */
  moved: boolean;
  onShow: (show: GameShow) => void;
  say: (message: string) => void;
}) {
  const takeback = (action: 'propose' | 'accept' | 'reject') => {
    say('');
    api<GameShow>('POST', `/api/games/${id}/takeback`, { action }, session)
      .then(onShow)
      .catch((e: Error) => say(e.message));
  };
  const rematch = () => {
    say('');
    api<GameShow>('POST', `/api/games/${id}/rematch`, undefined, session)
      .then((made) => navigate(`/game/${made.id}`))
      .catch((e: Error) => say(e.message));
  };
  if (live.status !== 'active') {
    return (
      <div className="buttons">
        <button type="button" onClick={rematch}>
          Rematch
        </button>
      </div>
    );
  }
  const offer = show.takebackOffer;
  // An offer lapses once another move is played.
  if (offer && live.moveCount === offer.fromMove + offer.moves.length - 1) {
    const mine = offer.by === session.user;
    return (
      <div className="buttons takeback">
        <span>{offerText(offer, session.user)}</span>
        {!mine && (
          <button type="button" onClick={() => takeback('accept')}>
            Accept takeback
          </button>
        )}
        <button type="button" className="secondary" onClick={() => takeback('reject')}>
          {mine ? 'Withdraw takeback' : 'Reject takeback'}
        </button>
      </div>
    );
  }
  if (!moved) return null;
  return (
    <div className="buttons">
      <button type="button" className="secondary" onClick={() => takeback('propose')}>
        Propose takeback
      </button>
    </div>
  );
}

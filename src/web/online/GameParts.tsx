/** The online game page's parts that every game shares: the typed move, resign and decline, the
 * move list. */
import { useState } from 'react';
import type { OnlineGame } from '../../engine/index.ts';
import { typedMoves } from './game-page.ts';

/**
 * A move typed in the game's notation, and the game's own move buttons beside it. Preview shows the
 * board after the typed move(s) without playing them; watchers get the box with Preview alone.
 */
export function MoveForm({
  myTurn,
  playing,
  notation,
  onMove,
  onPreview,
  children,
}: {
  myTurn: boolean;
  /** Whether this viewer plays in the game (a watcher can only preview). */
  playing: boolean;
  /** How to write a move, as the box's tooltip. */
  notation: string | undefined;
  onMove: (move: string) => void;
  onPreview: (moves: string[]) => void;
  children?: React.ReactNode;
}) {
  const [typed, setTyped] = useState('');
  return (
    <form
      className="buttons"
      onSubmit={(e) => {
        e.preventDefault();
        onMove(typed);
        setTyped('');
      }}
    >
      <input
        aria-label="Move"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        placeholder="type a move"
        {...(notation ? { title: `To move, ${notation}` } : {})}
      />
      {playing && (
        <button type="submit" disabled={!myTurn}>
          Move
        </button>
      )}
      <button type="button" className="secondary" onClick={() => onPreview(typedMoves(typed))}>
        Preview
      </button>
      {playing && children}
    </form>
  );
}

/** The marker over a previewed board, and the way back to the live position. */
export function PreviewBar({ moves, onBack }: { moves: readonly string[]; onBack: () => void }) {
  return (
    <div className="buttons preview">
      <strong>Preview after {moves.join(' ')} — not played</strong>
      <button type="button" onClick={onBack}>
        Back to the live position
      </button>
    </div>
  );
}

type Ending = 'resign' | 'decline' | 'cancel';
const ASK: Record<Ending, string> = {
  resign: 'Resign this game?',
  decline: 'Decline this game? It becomes void.',
  cancel: 'Cancel your challenge? The game becomes void.',
};

/**
 * Resign, and before your first move Decline, or on your own challenge nobody has answered yet
 * Cancel; each asked twice so a slip of the finger is harmless.
 */
export function EndButtons({
  withdraw,
  onEnd,
}: {
  withdraw: 'decline' | 'cancel' | null;
  onEnd: (how: Ending) => void;
}) {
  const [asking, setAsking] = useState<Ending | null>(null);
  if (asking) {
    return (
      <div className="buttons confirm">
        <span>{ASK[asking]}</span>
        <button type="button" onClick={() => onEnd(asking)}>
          Yes, {asking}
        </button>
        <button type="button" className="secondary" onClick={() => setAsking(null)}>
          No
        </button>
      </div>
    );
  }
  return (
    <div className="buttons">
      {withdraw && (
        <button type="button" className="secondary" onClick={() => setAsking(withdraw)}>
          {withdraw === 'cancel' ? 'Cancel challenge' : 'Decline'}
        </button>
      )}
      <button type="button" className="secondary" onClick={() => setAsking('resign')}>
        Resign
      </button>
    </div>
  );
}

/** The moves held, numbered as in the game, with a button for the earlier ones. */
export function MoveList({ live, onEarlier }: { live: OnlineGame; onEarlier: (before: number) => void }) {
  return (
    <>
      {live.movesFrom > 1 && (
        <button type="button" className="secondary" onClick={() => onEarlier(live.movesFrom)}>
          Earlier moves (1 to {live.movesFrom - 1})
        </button>
      )}
      <ol className="moves" aria-label="Moves" start={live.movesFrom}>
        {live.moves.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the key is the move's number in the game.
          <li key={live.movesFrom + i}>{m}</li>
        ))}
      </ol>
    </>
  );
}

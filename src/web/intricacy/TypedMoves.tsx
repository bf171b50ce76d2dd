import { useState } from 'react';
import { formatMoveList, type Picking } from '../../games/intricacy/index.ts';

/** Moves typed in the notation, played from the turn shown; and the moves so far, to copy. */
export function TypedMoves({ picking, onPlay }: { picking: Picking; onPlay: (text: string) => void }) {
  const [typed, setTyped] = useState('');
  return (
    <details className="typed-moves">
      <summary>Type moves</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onPlay(typed);
        }}
      >
        <input
          aria-label="Moves to play"
          value={typed}
          placeholder="hE hE hNE h+ wSW ."
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit">Play</button>
      </form>
      <p className="meta">
        This lock so far: <code>{formatMoveList(picking.moves.slice(0, picking.at)) || '(no moves)'}</code>
      </p>
    </details>
  );
}

import type { Picking } from '../../games/intricacy/index.ts';
import { moveListEntries } from './picker-text.ts';

const CLASS = { current: 'current', future: 'future', past: undefined } as const;

/** The moves of the history; a move's button goes to the turn it made. */
export function MoveList({ picking, onJump }: { picking: Picking; onJump: (turn: number) => void }) {
  if (picking.moves.length === 0) return null;
  return (
    <ol className="move-list" aria-label="Moves">
      {moveListEntries(picking).map(({ turn, text, when }) => (
        <li key={turn}>
          <button
            type="button"
            className={CLASS[when]}
            onClick={() => onJump(turn)}
            aria-label={`Turn ${turn}: ${text}`}
          >
            {text}
          </button>
        </li>
      ))}
    </ol>
  );
}

/**
 * A board for people who cannot see it: the position in words (what the drawing shows, which the
 * board names as its description, and anyone may open), and a live line a screen reader speaks
 * after every move: the move in the game's notation and what follows from it.
 */

/** The id of the position in words; the board's drawing names it with aria-describedby. */
export const BOARD_TEXT_ID = 'board-text';

export function BoardText({
  position,
  announcement,
  monospace = false,
}: {
  /** The position in words; none for a game shown as its text board, which is words already. */
  position: string;
  /** Said after every move; none where something else says it (a replay's caption). */
  announcement?: string;
  /** The position is a text board, whose columns line up only in a fixed-width font. */
  monospace?: boolean;
}) {
  return (
    <>
      {position && (
        <details className="board-text">
          <summary>Board in words</summary>
          <p id={BOARD_TEXT_ID} className={`board-position${monospace ? ' text-board' : ''}`}>
            {position}
          </p>
        </details>
      )}
      {announcement !== undefined && (
        <p className="sr-only announce" aria-live="polite" aria-atomic="true">
          {announcement}
        </p>
      )}
    </>
  );
}

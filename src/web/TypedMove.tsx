/**
 * A move typed in the game's notation, for every board: for people who do not use a pointer, and
 * for anyone quicker at the keyboard. The page plays it through the game's rules; a refusal comes
 * back as a sentence, shown under the box and spoken at once.
 */
import { useState } from 'react';

export function TypedMove({
  notation,
  example,
  onMove,
}: {
  /** How to write a move, as the box's description. */
  notation: string;
  /** A move to show in the empty box. */
  example: string;
  /** Play the move; a refusal is its sentence, nothing when the move was played. */
  onMove: (text: string) => Promise<string | undefined> | string | undefined;
}) {
  const [typed, setTyped] = useState('');
  const [refusal, setRefusal] = useState('');
  return (
    <form
      className="typed-move"
      onSubmit={(e) => {
        e.preventDefault();
        void Promise.resolve(onMove(typed)).then((why) => {
          setRefusal(why === undefined ? '' : why.charAt(0).toUpperCase() + why.slice(1));
          if (why === undefined) setTyped('');
        });
      }}
    >
      <label>
        Type a move{' '}
        <input
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setRefusal('');
          }}
          placeholder={example}
          title={`To move, ${notation}`}
          autoComplete="off"
          spellCheck={false}
        />
      </label>
      <button type="submit">Play</button>
      {refusal && (
        <p className="error" role="alert">
          {refusal}
        </p>
      )}
    </form>
  );
}

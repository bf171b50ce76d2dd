import { BOARD_TEXT_ID } from '../BoardText.tsx';
import type { BoardKeys, OnlineProps } from '../web-game.ts';
import { boardLabel, letterMove } from './game-page.ts';

/**
 * A board of the online game page that is played from the keyboard: Tab reaches it, its letter
 * keys play their moves, and every other key goes to `onKey` (the game's cursor), which says
 * whether it used the key.
 */
export function PlayableBoard({
  keys,
  myTurn,
  play,
  say,
  onKey,
  children,
}: Pick<OnlineProps, 'myTurn' | 'play' | 'say'> & {
  keys: BoardKeys;
  onKey: (key: string) => boolean;
  children: React.ReactNode;
}) {
  const onKeyDown = (event: React.KeyboardEvent) => {
    const letter = letterMove(keys, event.key);
    if (letter) {
      event.preventDefault();
      if (myTurn) play(letter);
      else say('It is not your move.');
      return;
    }
    if (onKey(event.key)) event.preventDefault();
  };
  return (
    <div
      className="board-wrap"
      role="application"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the board is played from the keyboard, so Tab must reach it.
      tabIndex={0}
      aria-label={boardLabel(keys)}
      aria-describedby={BOARD_TEXT_ID}
      onKeyDown={onKeyDown}
    >
      {children}
    </div>
  );
}

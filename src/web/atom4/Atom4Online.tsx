/** Atom-4 on the online game page: the triangular board, the score and colour wheel, next round. */
import { useState } from 'react';
import { type Atom4State, placementError } from '../../games/atom4/index.ts';
import { PlayableBoard } from '../online/PlayableBoard.tsx';
import type { BoardKeys, OnlinePlay, OnlineProps } from '../web-game.ts';
import { Atom4BoardSvg } from './Atom4BoardSvg.tsx';
import { atom4CursorKey } from './atom4Cursor.ts';
import { ColourWheel } from './ColourWheel.tsx';
import { describeAtom4 } from './describe.ts';

/** The local page's (and the terminal's) letter key: n next round. */
const KEYS: BoardKeys = { enter: 'plays', letters: { n: 'next' }, lettersHelp: 'n next round' };

function Atom4Board({ view: state, myTurn, play, say }: OnlineProps<Atom4State>) {
  const [hover, setHover] = useState<number | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const playPoint = (x: number, y: number) => {
    const why = myTurn ? placementError(state, x, y) : 'it is not your move';
    if (why) say(`You can't put a marble here: ${why}`);
    else play(`${x},${y}`);
  };
  const onKey = (key: string) => {
    const action = atom4CursorKey(key, cursor);
    if (!action) return false;
    // The keyboard takes over the preview from a mouse resting on the board.
    setHover(null);
    if ('cursor' in action) setCursor(action.cursor);
    else playPoint(action.play.x, action.play.y);
    return true;
  };
  return (
    <PlayableBoard keys={KEYS} myTurn={myTurn} play={play} say={say} onKey={onKey}>
      <Atom4BoardSvg
        state={state}
        hover={hover}
        cursor={cursor}
        canPlay={myTurn}
        onHover={setHover}
        onCell={playPoint}
      />
    </PlayableBoard>
  );
}

function Atom4Score({ view: state }: OnlineProps<Atom4State>) {
  return (
    <>
      <p className="meta">
        Round {state.round} of {state.options.rounds} · score {state.scores[0]} : {state.scores[1]}
      </p>
      <ColourWheel current={state.colourIndex} />
    </>
  );
}

function NextRound({ view: state, myTurn, play }: OnlineProps<Atom4State>) {
  if (state.roundResult === null) return null;
  return (
    <button type="button" disabled={!myTurn} onClick={() => play('next')}>
      Next round
    </button>
  );
}

export const Atom4Online: OnlinePlay<Atom4State> = {
  describe: describeAtom4,
  Board: Atom4Board,
  keys: KEYS,
  Status: Atom4Score,
  Buttons: NextRound,
};

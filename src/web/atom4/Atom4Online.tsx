/** Atom-4 on the online game page: the triangular board, the score and colour wheel, next round. */
import { useRef, useState } from 'react';
import {
  type Atom4Options,
  type Atom4State,
  cellIndex,
  heldRound,
  parseMove,
  placementError,
  roundStarter,
} from '../../games/atom4/index.ts';
import { PlayableBoard } from '../online/PlayableBoard.tsx';
import type { BoardKeys, OnlinePlay, OnlineProps } from '../web-game.ts';
import { Atom4BoardSvg } from './Atom4BoardSvg.tsx';
import { atom4CursorKey } from './atom4Cursor.ts';
import { ColourWheel } from './ColourWheel.tsx';
import { describeAtom4 } from './describe.ts';

/** The cell a suggested move places on, if it is a placement. */
const hintCell = (hint: string | null): number | null => {
  const move = hint === null ? null : parseMove(hint);
  return move?.ok && move.value.kind === 'place' ? cellIndex(move.value.x, move.value.y) : null;
};

/** The local page's (and the terminal's) letter key: n next round. */
const KEYS: BoardKeys = { enter: 'plays', letters: { n: 'next' }, lettersHelp: 'n next round' };

/** The rounds a challenge may ask for (the local page offers the same). */
export const ROUND_CHOICES = [1, 3, 5, 7] as const;

/** A player by name (player 1 is seat 0), or by number where the names are not known. */
const playerName = (player: number, players: readonly string[] | undefined): string =>
  players?.[player - 1] ?? `Player ${player}`;

/** How a round ended, in the original's words, naming its winner. */
export const roundEnd = (state: Atom4State, players: readonly string[] | undefined): string =>
  state.roundResult === 'stalemate'
    ? `Round ${state.round}: STALEMATE, no more moves left`
    : `Round ${state.round}: ${playerName(state.roundResult ?? 0, players)} WINS!!`;

function Atom4Board({ view: live, myTurn, seat, players, hint, play, say }: OnlineProps<Atom4State>) {
  const [hover, setHover] = useState<number | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  // The round whose start this viewer has seen (after looking at the round before it).
  const [seen, setSeen] = useState(0);
  // A round this viewer was to open (they saw the last one end on their turn): nothing to hold.
  const opens = useRef(0);
  if (live.roundResult !== null && myTurn) opens.current = live.round + 1;
  const held = heldRound(live, seat, Math.max(seen, opens.current));
  const state = held ?? live;
  const canPlay = myTurn && held === null;
  const sayHeld = () => say(`That was round ${held?.round}: press "Go to round ${live.round}" to play on.`);
  const playPoint = (x: number, y: number) => {
    if (held) return sayHeld();
    const why = myTurn ? placementError(state, x, y) : 'it is not your move';
    if (why) say(`You can't put a marble here: ${why}`);
    else play(`${x},${y}`);
  };
  const onKey = (key: string) => {
    if (held && (key === 'Enter' || key === ' ')) {
      sayHeld();
      return true;
    }
    const action = atom4CursorKey(key, cursor);
    if (!action) return false;
    // The keyboard takes over the preview from a mouse resting on the board.
    setHover(null);
    if ('cursor' in action) setCursor(action.cursor);
    else playPoint(action.play.x, action.play.y);
    return true;
  };
  return (
    <PlayableBoard keys={KEYS} myTurn={canPlay} play={play} say={say} onKey={onKey}>
      {held && (
        <div className="buttons round-held">
          <strong>{roundEnd(held, players)}</strong>
          <span>Round {live.round} has begun.</span>
          <button type="button" onClick={() => setSeen(live.round)}>
            Go to round {live.round}
          </button>
        </div>
      )}
      <Atom4BoardSvg
        state={state}
        hover={hover}
        cursor={cursor}
        canPlay={canPlay}
        onHover={setHover}
        onCell={playPoint}
        hint={hintCell(hint ?? null)}
      />
    </PlayableBoard>
  );
}

function Atom4Score({ view: state, players }: OnlineProps<Atom4State>) {
  return (
    <>
      <p className="meta">
        Round {state.round} of {state.options.rounds} · score {state.scores[0]} : {state.scores[1]}
      </p>
      {state.roundResult !== null && state.round < state.options.rounds && (
        <p className="meta">
          {roundEnd(state, players)} {playerName(roundStarter(state.round + 1), players)} opens the next
          round.
        </p>
      )}
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

/** The challenge form's field: how many rounds the match lasts. */
function RoundsField({ value, onChange }: { value: unknown; onChange: (value: unknown) => void }) {
  const { rounds } = value as Pick<Atom4Options, 'rounds'>;
  return (
    <label>
      Rounds
      <select
        aria-label="Rounds"
        value={rounds}
        onChange={(e) => onChange({ rounds: Number(e.target.value) })}
      >
        {ROUND_CHOICES.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}

export const Atom4Online: OnlinePlay<Atom4State> = {
  describe: describeAtom4,
  Board: Atom4Board,
  keys: KEYS,
  Status: Atom4Score,
  Buttons: NextRound,
  options: { initial: { rounds: 1 }, Fields: RoundsField },
};

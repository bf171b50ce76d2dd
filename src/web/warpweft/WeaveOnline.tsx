/** Warp and Weft on the online game page: the woven board, each side's mode, switch and swap. */
import { useMemo, useState } from 'react';
import {
  legalMoves,
  parseMove,
  SIDE_NAMES,
  switchError,
  type WarpWeftOptions,
  type WarpWeftState,
  warpweft,
} from '../../games/warpweft/index.ts';
import { PlayableBoard } from '../online/PlayableBoard.tsx';
import type { BoardKeys, OnlinePlay, OnlineProps } from '../web-game.ts';
import { clickRefusal } from './clickRefusal.ts';
import { describeWarpWeft } from './describe.ts';
import { WarpWeftFields } from './WarpWeftFields.tsx';
import { type Cursor, WeaveBoardSvg } from './WeaveBoardSvg.tsx';
import { weaveCursorKey } from './weaveCursor.ts';

/** The piece a suggested move claims, if it claims one. */
const hintPiece = (state: WarpWeftState, hint: string | null): number | null => {
  const move = hint === null ? null : parseMove(hint, state.options);
  return move?.ok && move.value.kind === 'place' ? move.value.piece : null;
};

/** The local page's (and the terminal's) letter keys: t/p switch, s swap. */
const KEYS: BoardKeys = {
  enter: 'claims',
  letters: { t: 'threads', p: 'patches', s: 'swap' },
  lettersHelp: 't or p switch, s swap',
};

function WeaveBoard({ view: state, myTurn, hint, play, say }: OnlineProps<WarpWeftState>) {
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const claimable = useMemo(() => {
    const set = new Set<number>();
    if (!myTurn) return set;
    for (const m of legalMoves(state)) if (m.kind === 'place') set.add(m.piece);
    return set;
  }, [myTurn, state]);
  const claimPiece = (piece: number) => {
    const move = warpweft.formatMove({ kind: 'place', piece }, state);
    const why = myTurn ? clickRefusal(state, piece) : `${move}: it is not your move`;
    if (why) say(why);
    else play(move);
  };
  const onKey = (key: string) => {
    const action = weaveCursorKey(key, cursor, state.options.size);
    if (!action) return false;
    if ('cursor' in action) setCursor(action.cursor);
    else claimPiece(action.claim);
    return true;
  };
  return (
    <PlayableBoard keys={KEYS} myTurn={myTurn} play={play} say={say} onKey={onKey}>
      <WeaveBoardSvg
        state={state}
        claimable={claimable}
        cursor={cursor}
        onPiece={claimPiece}
        hint={hintPiece(state, hint ?? null)}
      />
    </PlayableBoard>
  );
}

/** Each side's state (Threading or Patching), in its colour. */
function WeaveModes({ view: state, active }: OnlineProps<WarpWeftState>) {
  return (
    <div className="modes">
      {(['warp', 'weft'] as const).map((s) => (
        <span key={s} className={`mode ${s}${s === state.turn && active ? ' active' : ''}`}>
          {SIDE_NAMES[s]}: {state.modes[s] === 'threads' ? 'Threading' : 'Patching'}
        </span>
      ))}
    </div>
  );
}

/** Switch between Threading and Patching (disabled, with the reason as its tooltip, when not
 * allowed); the second player may swap instead of their first move. */
function WeaveButtons({ view: state, myTurn, moveCount, play }: OnlineProps<WarpWeftState>) {
  const to = state.modes[state.turn] === 'threads' ? 'patches' : 'threads';
  const why = switchError(state, to);
  return (
    <>
      <button
        type="button"
        disabled={!myTurn || why !== null}
        title={why ?? `Switch to ${to}`}
        onClick={() => play(to)}
      >
        Switch to {to}
      </button>
      {moveCount === 1 && (
        <button type="button" disabled={!myTurn} onClick={() => play('swap')}>
          Swap
        </button>
      )}
    </>
  );
}

export const WeaveOnline: OnlinePlay<WarpWeftState> = {
  describe: describeWarpWeft,
  Board: WeaveBoard,
  keys: KEYS,
  Status: WeaveModes,
  Buttons: WeaveButtons,
  options: {
    initial: { size: 4, variant: 'thread' } satisfies WarpWeftOptions,
    Fields: ({ value, onChange }) => {
      const { size, variant } = value as WarpWeftOptions;
      return (
        <WarpWeftFields
          size={size}
          variant={variant}
          onChange={(newSize, newVariant) => onChange({ size: newSize, variant: newVariant })}
        />
      );
    },
  },
};

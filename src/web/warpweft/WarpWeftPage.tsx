import { useEffect, useMemo, useState } from 'react';
import { createLocalSession, type LocalSession } from '../../engine/index.ts';
import {
  legalMoves,
  SIDE_NAMES,
  switchError,
  type WarpWeftMove,
  type WarpWeftState,
  warpweft,
} from '../../games/warpweft/index.ts';
import { BOARD_TEXT_ID, BoardText } from '../BoardText.tsx';
import { LocalAnalysis } from '../LocalAnalysis.tsx';
import { LearnLink } from '../lessons/index.ts';
import { answerFrom, playTyped, readSavedGame, useLocalView, useSavedGame } from '../localSession.ts';
import { Status } from '../Status.tsx';
import { useStoredState, writeStored } from '../storage.ts';
import { TypedMove } from '../TypedMove.tsx';
import type { BotRequest } from './bot.worker.ts';
import { clickRefusal } from './clickRefusal.ts';
import { describeWarpWeft } from './describe.ts';
import { WarpWeftFields } from './WarpWeftFields.tsx';
import { type Cursor, WeaveBoardSvg } from './WeaveBoardSvg.tsx';
import { weaveCursorKey } from './weaveCursor.ts';

interface Setup {
  readonly size: number;
  readonly variant: 'thread' | 'patch';
  readonly opponent: 'bot' | 'human';
  /** Against the bot: whether the person takes the first seat (Warp). */
  readonly youFirst: boolean;
  readonly thinkMs: number;
}

const DEFAULT_SETUP: Setup = { size: 4, variant: 'thread', opponent: 'bot', youFirst: true, thinkMs: 1000 };

const isSetup = (v: unknown): v is Setup => {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    warpweft.parseOptions({ size: s.size, variant: s.variant }).ok &&
    (s.opponent === 'bot' || s.opponent === 'human') &&
    typeof s.youFirst === 'boolean' &&
    typeof s.thinkMs === 'number'
  );
};

/** The game in progress, kept across reloads. */
const GAME_KEY = 'tessera.warpweft.game';

/** A local game with this setup, from these moves; the computer thinks in a web worker. */
function start(setup: Setup, moves: readonly string[] = []): LocalSession {
  const botSeat = botSeatOf(setup);
  const made = createLocalSession({
    game: warpweft,
    options: { size: setup.size, variant: setup.variant },
    seats: [0, 1].map((seat) => (seat === botSeat ? 'computer' : 'person')),
    computer: ({ state, signal }) => {
      const position = state as WarpWeftState;
      const request: BotRequest = { state: position, seed: position.ply + 1, thinkMs: setup.thinkMs };
      const worker = new Worker(new URL('./bot.worker.ts', import.meta.url), { type: 'module' });
      return answerFrom<WarpWeftMove>(worker, request, signal);
    },
    paused: true,
    moves,
  });
  if (!made.ok) throw new Error(made.error);
  return made.value;
}

const botSeatOf = (setup: Setup) => (setup.opponent === 'bot' ? (setup.youFirst ? 1 : 0) : null);

export function WarpWeftPage() {
  const [lastSetup, setLastSetup] = useStoredState<Setup>('tessera.warpweft.setup', DEFAULT_SETUP, isSetup);
  // The game saved before a reload, else a new one with the last setup.
  const [{ setup, session }, setGame] = useState(() => {
    const saved = readSavedGame(GAME_KEY, isSetup) ?? { setup: lastSetup, moves: [] };
    return { setup: saved.setup, session: start(saved.setup, saved.moves) };
  });
  useSavedGame(GAME_KEY, session, setup);
  const view = useLocalView(session);
  const [message, setMessage] = useState<string>('');
  const [cursor, setCursor] = useState<Cursor | null>(null);
  const state = view.state as WarpWeftState;
  const history = view.moves.map((m) => m.text);
  const lastMove = view.moves.at(-1);
  const { thinking } = view;
  const botSeat = botSeatOf(setup);
  const seat = view.toMove;
  const humanTurn = seat !== undefined && seat !== botSeat && !thinking;
  const outcome = view.outcome ?? undefined;

  useEffect(
    () =>
      session.subscribe((event) => {
        if (event.kind === 'move' || event.kind === 'undo') setMessage('');
        else if (event.kind === 'computer-failed') setMessage(`The computer failed: ${event.error}`);
      }),
    [session],
  );

  const apply = (move: WarpWeftMove) =>
    void session.playMove(move).then((played) => {
      if (!played.ok) setMessage(played.error);
    });

  const newGame = (next: Setup) => {
    setLastSetup(next);
    writeStored(GAME_KEY, { setup: next, moves: [] });
    setGame({ setup: next, session: start(next) });
    setMessage('');
    setCursor(null);
  };

  const claimable = useMemo(() => {
    const set = new Set<number>();
    if (!humanTurn) return set;
    for (const m of legalMoves(state)) if (m.kind === 'place') set.add(m.piece);
    return set;
  }, [state, humanTurn]);

  const claim = (piece: number) => {
    if (!humanTurn) return;
    const why = clickRefusal(state, piece);
    if (why) setMessage(why);
    else apply({ kind: 'place', piece });
  };

  // Back to the person's previous turn (past the bot's reply), never before the bot's opening.
  const undo = () => void session.undo();

  const side = state.turn;
  const otherMode = state.modes[side] === 'threads' ? 'patches' : 'threads';
  const switchWhy = switchError(state, otherMode);
  const canSwap = legalMoves(state).some((m) => m.kind === 'swap');

  const onKey = (event: React.KeyboardEvent) => {
    const action = weaveCursorKey(event.key, cursor, state.options.size);
    if (action) {
      event.preventDefault();
      if ('cursor' in action) setCursor(action.cursor);
      else claim(action.claim);
      return;
    }
    switch (event.key) {
      case 't':
      case 'p':
        if (humanTurn) apply({ kind: 'switch', to: event.key === 't' ? 'threads' : 'patches' });
        return;
      case 's':
        if (humanTurn) apply({ kind: 'swap' });
        return;
      case 'u':
        return undo();
    }
  };

  const who = (s: number) =>
    `${warpweft.seatName(state, s)}${botSeat === null ? '' : s === botSeat ? ' (computer)' : ' (you)'}`;
  const status = outcome
    ? outcome.kind === 'win'
      ? `${who(outcome.winner)} wins: ${outcome.reason}.`
      : outcome.reason
    : `${who(seat as number)} to move, ${state.modes[side] === 'threads' ? 'Threading' : 'Patching'}${
        thinking ? ' (thinking…)' : ''
      }.`;

  return (
    <section className="game warpweft">
      <h1>Warp and Weft</h1>
      <div
        className="board-wrap"
        role="application"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the board is a keyboard-driven widget.
        tabIndex={0}
        onKeyDown={onKey}
        aria-label="Board: arrows move the cursor, Enter claims"
        aria-describedby={BOARD_TEXT_ID}
      >
        <WeaveBoardSvg state={state} claimable={claimable} cursor={cursor} onPiece={claim} />
      </div>
      <aside className="side">
        <LearnLink gameId="warpweft" />
        <Status text={status} over={outcome !== undefined} message={message} live={false} />
        <BoardText
          position={describeWarpWeft(state)}
          announcement={lastMove ? `${who(lastMove.seat)} played ${lastMove.text}. ${status}` : status}
        />
        <div className="modes">
          {(['warp', 'weft'] as const).map((s) => (
            <span key={s} className={`mode ${s}${s === side && !outcome ? ' active' : ''}`}>
              {SIDE_NAMES[s]}: {state.modes[s] === 'threads' ? 'Threading' : 'Patching'}
            </span>
          ))}
        </div>
        <div className="buttons">
          <button
            type="button"
            disabled={!humanTurn || switchWhy !== null}
            title={switchWhy ?? `Switch to ${otherMode} (key ${otherMode[0]})`}
            onClick={() => apply({ kind: 'switch', to: otherMode })}
          >
            Switch to {otherMode}
          </button>
          {canSwap && (
            <button type="button" disabled={!humanTurn} onClick={() => apply({ kind: 'swap' })} title="key s">
              Swap
            </button>
          )}
          <button type="button" onClick={undo} disabled={!view.canUndo} title="key u">
            Undo
          </button>
          <button type="button" onClick={() => newGame(setup)}>
            New game
          </button>
        </div>
        <TypedMove notation={warpweft.notation ?? ''} example="A7" onMove={playTyped(session, humanTurn)} />
        <SetupForm setup={setup} onStart={newGame} />
        <details className="rules">
          <summary>How to play</summary>
          <p>
            Warp owns the vertical threads and joins top to bottom; Weft owns the horizontal ones and joins
            left to right. On your turn claim a piece or switch state. Threading, claim any free thread of
            your direction; Patching, claim a free patch touching one of your threads
            {setup.variant === 'patch'
              ? ' (patch-primary: patches anywhere, threads must touch your patch)'
              : ''}
            . You may not switch twice running, nor into a state with nothing to claim. A player with no valid
            play loses. The second player may swap on the second move.
          </p>
          <p>Keys: arrows move the cursor, Enter claims, t/p switch, s swap, u undo.</p>
        </details>
        {outcome && (
          <LocalAnalysis
            start={warpweft.setup(state.options, 0)}
            moves={history}
            players={[0, 1].map((seat) => warpweft.seatName(state, seat))}
            worker={() => new Worker(new URL('./bot.worker.ts', import.meta.url), { type: 'module' })}
          />
        )}
        <ol className="moves" aria-label="Moves">
          {history.map((m, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the move list only grows and shrinks at the end.
            <li key={i}>{m}</li>
          ))}
        </ol>
      </aside>
    </section>
  );
}

function SetupForm({ setup, onStart }: { setup: Setup; onStart: (s: Setup) => void }) {
  const [draft, setDraft] = useState(setup);
  return (
    <form
      className="setup"
      onSubmit={(e) => {
        e.preventDefault();
        onStart(draft);
      }}
    >
      <WarpWeftFields
        size={draft.size}
        variant={draft.variant}
        onChange={(size, variant) => setDraft({ ...draft, size, variant })}
      />
      <label>
        Opponent
        <select
          aria-label="Opponent"
          value={draft.opponent}
          onChange={(e) => setDraft({ ...draft, opponent: e.target.value === 'human' ? 'human' : 'bot' })}
        >
          <option value="bot">computer</option>
          <option value="human">a person here</option>
        </select>
      </label>
      {draft.opponent === 'bot' && (
        <>
          <label>
            You play
            <select
              aria-label="You play"
              value={draft.youFirst ? 'first' : 'second'}
              onChange={(e) => setDraft({ ...draft, youFirst: e.target.value === 'first' })}
            >
              <option value="first">first (Warp)</option>
              <option value="second">second (Weft)</option>
            </select>
          </label>
          <label>
            Computer thinks
            <select
              aria-label="Computer thinks"
              value={draft.thinkMs}
              onChange={(e) => setDraft({ ...draft, thinkMs: Number(e.target.value) })}
            >
              <option value={200}>0.2 s</option>
              <option value={1000}>1 s</option>
              <option value={3000}>3 s</option>
            </select>
          </label>
        </>
      )}
      <button type="submit">Start</button>
    </form>
  );
}

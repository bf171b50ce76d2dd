import { useEffect, useState } from 'react';
import { createLocalSession, type LocalSession } from '../../engine/index.ts';
import {
  type Atom4Move,
  type Atom4State,
  atom4,
  COLOUR_NAMES,
  pieceToPlay,
  placementError,
} from '../../games/atom4/index.ts';
import { BOARD_TEXT_ID, BoardText } from '../BoardText.tsx';
import { LocalAnalysis } from '../LocalAnalysis.tsx';
import { LearnLink } from '../lessons/index.ts';
import { answerFrom, playTyped, readSavedGame, useLocalView, useSavedGame } from '../localSession.ts';
import { count } from '../plural.ts';
import { Status } from '../Status.tsx';
import { useStoredState, writeStored } from '../storage.ts';
import { TypedMove } from '../TypedMove.tsx';
import { Atom4BoardSvg } from './Atom4BoardSvg.tsx';
import type { AiRequest } from './ai.worker.ts';
import { atom4CursorKey } from './atom4Cursor.ts';
import { ColourWheel } from './ColourWheel.tsx';
import { describeAtom4 } from './describe.ts';

interface Setup {
  readonly opponent: 'computer' | 'person';
  /** Against the computer: the player the person takes. */
  readonly you: 1 | 2;
  readonly level: number;
  readonly rounds: number;
}
const DEFAULTS: Setup = { opponent: 'computer', you: 1, level: 2, rounds: 3 };
const isSetup = (v: unknown): v is Setup => {
  const s = v as Setup;
  return (
    typeof v === 'object' &&
    v !== null &&
    (s.opponent === 'computer' || s.opponent === 'person') &&
    (s.you === 1 || s.you === 2) &&
    Number.isInteger(s.level) &&
    s.level >= 0 &&
    s.level <= 9 &&
    Number.isInteger(s.rounds) &&
    s.rounds >= 1 &&
    s.rounds <= 99
  );
};

/** The game in progress, kept across reloads. */
const GAME_KEY = 'tessera.atom4.game';

/**
 * A local game with this setup, from these moves; the computer thinks in a web worker. A finished
 * round stays on the board until a person asks for the next one, even when the computer opens it.
 */
function start(setup: Setup, moves: readonly string[] = []): LocalSession {
  const made = createLocalSession({
    game: atom4,
    options: { rounds: setup.rounds },
    seats: [0, 1].map((seat) => (computerSeatOf(setup) === seat ? 'computer' : 'person')),
    computer: ({ state, signal }) => {
      const position = state as Atom4State;
      const request: AiRequest = {
        state: position,
        level: setup.level,
        seed: position.ply + position.round * 1000,
      };
      const worker = new Worker(new URL('./ai.worker.ts', import.meta.url), { type: 'module' });
      return answerFrom<Atom4Move>(worker, request, signal);
    },
    paused: true,
    holdAt: (state) => (state as Atom4State).roundResult !== null,
    moves,
  });
  if (!made.ok) throw new Error(made.error);
  return made.value;
}

const NEXT_ROUND_HINT = 'Press Next round (or n) to play on.';

const computerSeatOf = (setup: Setup) => (setup.opponent === 'computer' ? (setup.you === 1 ? 1 : 0) : null);

export function Atom4Page() {
  const [lastSetup, setLastSetup] = useStoredState<Setup>('tessera.atom4.setup', DEFAULTS, isSetup);
  // The game saved before a reload, else a new one with the last setup.
  const [{ setup, session }, setGame] = useState(() => {
    const saved = readSavedGame(GAME_KEY, isSetup) ?? { setup: lastSetup, moves: [] };
    return { setup: saved.setup, session: start(saved.setup, saved.moves) };
  });
  useSavedGame(GAME_KEY, session, setup);
  const view = useLocalView(session);
  const [hover, setHover] = useState<number | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  const state = view.state as Atom4State;
  const { thinking } = view;
  const seat = view.toMove;
  const computerSeat = computerSeatOf(setup);
  const yourTurn = seat !== undefined && seat !== computerSeat && !thinking;
  const outcome = view.outcome ?? undefined;

  useEffect(
    () =>
      session.subscribe((event) => {
        if (event.kind === 'move' || event.kind === 'undo') setMessage('');
        else if (event.kind === 'computer-failed') setMessage(`The computer failed: ${event.error}`);
      }),
    [session],
  );

  const apply = (move: Atom4Move) =>
    void session.playMove(move).then((played) => {
      if (!played.ok) setMessage(`You can't put a marble here: ${played.error}`);
    });

  const onCell = (x: number, y: number) => {
    if (seat === undefined) return;
    if (state.roundResult !== null) return setMessage('The round is over: start the next round.');
    if (!yourTurn) return setMessage("It's not your turn to move");
    const why = placementError(state, x, y);
    if (why) return setMessage(`You can't put a marble here: ${why}`);
    apply({ kind: 'place', x, y });
  };

  const newGame = (next: Setup) => {
    setLastSetup(next);
    writeStored(GAME_KEY, { setup: next, moves: [] });
    setGame({ setup: next, session: start(next) });
    setMessage('');
  };
  // Back to the person's previous turn, past the computer's reply.
  const undo = () => void session.undo();
  // The original's `n`: whoever opens the next round, a person asks for it.
  const canGoOn = state.roundResult !== null && !outcome && (yourTurn || view.held);
  const nextRound = () => {
    if (!canGoOn) return;
    if (view.held) session.proceed();
    else apply({ kind: 'next' });
  };
  // The last move on the board (a taken-back move is no longer the last).
  const lastMove = view.moves.at(-1);
  const note =
    lastMove && lastMove.text !== 'next' ? `Player ${lastMove.seat + 1} moves (${lastMove.text})` : '';

  const piece = pieceToPlay(state);
  // The last move and what it changed, then the status line: spoken after every move.
  const announce = (last: (typeof view.moves)[number] | undefined, then: string) =>
    last
      ? `${who(last.seat)} played ${last.text}${
          state.changed.length > 0 ? `, changing ${count(state.changed.length, 'piece')}` : ''
        }. ${then}`
      : then;
  const roundOver = state.roundResult !== null;
  const who = (s: number) =>
    `Player ${s + 1}${computerSeat === null ? '' : s === computerSeat ? ' (computer)' : ' (you)'}`;
  const status = outcome
    ? outcome.reason
    : roundOver
      ? state.roundResult === 'stalemate'
        ? `STALEMATE: no more moves left. ${NEXT_ROUND_HINT}`
        : `Player ${state.roundResult} WINS!! ${NEXT_ROUND_HINT}`
      : `${who(seat as number)} to play ${COLOUR_NAMES[piece]}${thinking ? ' (thinking…)' : ''}.`;

  return (
    <section className="game atom4-page">
      <h1>Atom-4</h1>
      <div
        className="board-wrap"
        role="application"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the board is a keyboard-driven widget.
        tabIndex={0}
        aria-label="Board: arrows move the cursor, Enter plays"
        aria-describedby={BOARD_TEXT_ID}
        onKeyDown={(event) => {
          if (event.key === 'n' && roundOver) {
            event.preventDefault();
            return nextRound();
          }
          const action = atom4CursorKey(event.key, cursor);
          if (!action) return;
          event.preventDefault();
          // The keyboard takes over the preview from a mouse resting on the board.
          setHover(null);
          if ('cursor' in action) setCursor(action.cursor);
          else onCell(action.play.x, action.play.y);
        }}
      >
        <Atom4BoardSvg
          state={state}
          hover={hover}
          cursor={cursor}
          canPlay={yourTurn && !roundOver}
          onHover={setHover}
          onCell={onCell}
        />
      </div>
      <aside className="side">
        <LearnLink gameId="atom4" />
        <Status
          text={status}
          over={outcome !== undefined || roundOver}
          message={message}
          note={note}
          live={false}
        />
        <BoardText position={describeAtom4(state)} announcement={announce(view.moves.at(-1), status)} />
        <p className="meta">
          Round {state.round} of {state.options.rounds} · score {state.scores[0]} : {state.scores[1]}
        </p>
        <ColourWheel current={state.colourIndex} />
        <div className="buttons">
          {roundOver && !outcome && (
            <button type="button" disabled={!canGoOn} onClick={nextRound} title="key n">
              Next round
            </button>
          )}
          <button type="button" onClick={undo} disabled={!view.canUndo || thinking}>
            Undo
          </button>
          <button type="button" onClick={() => newGame(setup)}>
            New game
          </button>
        </div>
        <TypedMove
          notation={atom4.notation ?? ''}
          example="8,6"
          onMove={(text) => {
            // "next" after a round the computer opens is the person's to ask for, as the button is.
            const move = atom4.parseMove(text, state);
            if (move.ok && move.value.kind === 'next' && view.held) return void nextRound();
            return playTyped(session, yourTurn)(text);
          }}
        />
        <form
          className="setup"
          onSubmit={(e) => {
            e.preventDefault();
            const data = new FormData(e.currentTarget);
            newGame({
              opponent: data.get('opponent') === 'person' ? 'person' : 'computer',
              you: data.get('you') === '2' ? 2 : 1,
              level: Number(data.get('level')),
              rounds: Number(data.get('rounds')),
            });
          }}
        >
          <label>
            Opponent
            <select name="opponent" aria-label="Opponent" defaultValue={setup.opponent}>
              <option value="computer">computer</option>
              <option value="person">a person here</option>
            </select>
          </label>
          <label>
            You play
            <select name="you" aria-label="You play" defaultValue={String(setup.you)}>
              <option value="1">player 1 (whites)</option>
              <option value="2">player 2 (blacks)</option>
            </select>
          </label>
          <label>
            Level
            <select name="level" aria-label="Level" defaultValue={String(setup.level)}>
              {[0, 1, 2, 3, 4, 5].map((n) => (
                <option key={n} value={n}>
                  {n}
                  {n === 2 ? ' (the original’s default)' : ''}
                </option>
              ))}
            </select>
          </label>
          <label>
            Rounds
            <select name="rounds" aria-label="Rounds" defaultValue={String(setup.rounds)}>
              {[1, 3, 5, 7].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          <button type="submit">Start</button>
        </form>
        <details className="rules">
          <summary>How to play</summary>
          <p>
            Place a piece on an empty point that touches two neighbouring pieces. Your piece mixes into its
            neighbours (player 1 adds red, green and blue light; player 2 takes it away with yellow, cyan and
            purple), passing through your own goal colour. Make a line of four of your goal colour: white for
            player 1, black for player 2. Hover over a point to see what your piece would do.
          </p>
          <p>
            Keys: on the board, arrows move the cursor (its move is previewed), Enter or Space plays, and n
            starts the next round once a round is won (its winning line stays ringed until then).
          </p>
        </details>
        {outcome && (
          <LocalAnalysis
            start={atom4.setup(state.options, 0)}
            moves={view.moves.map((m) => m.text)}
            players={[0, 1].map((seat) => atom4.seatName(state, seat))}
            worker={() => new Worker(new URL('./ai.worker.ts', import.meta.url), { type: 'module' })}
          />
        )}
        <ol className="moves" aria-label="Moves">
          {view.moves.map((m) => (
            <li key={m.moveNo}>{m.text}</li>
          ))}
        </ol>
      </aside>
    </section>
  );
}

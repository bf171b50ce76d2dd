import { useEffect, useMemo, useRef, useState } from 'react';
import {
  canUndo,
  cellName,
  cellsOf,
  GOLD,
  isFree,
  type SigmarMove,
  type Suggestion,
  sigmar,
  TEMPLATE_NAMES,
} from '../../games/sigmar/index.ts';
import { BoardText } from '../BoardText.tsx';
import { usePageKeys } from '../keys.ts';
import { LearnLink } from '../lessons/index.ts';
import { log } from '../log.ts';
import { count } from '../plural.ts';
import { Status } from '../Status.tsx';
import { sentence } from '../sentence.ts';
import { readStored, useStoredState, writeStored } from '../storage.ts';
import { TypedMove } from '../TypedMove.tsx';
import {
  boardQuery,
  dailyBoard,
  type NamedBoard,
  randomBoard,
  readAddress,
  todayUtc,
} from './boardAddress.ts';
import { DailyRacePanel, useDailyRace } from './DailyRace.tsx';
import { describeSigmar } from './describe.ts';
import type { HintRequest } from './hint.worker.ts';
import { MARBLES } from './marbles.ts';
import {
  dealGame,
  openingGame,
  type PageGame,
  playOn,
  restoreGame,
  SAVED_GAME_KEY,
  savedForm,
} from './pageGame.ts';
import { SigmarBoardSvg } from './SigmarBoardSvg.tsx';

interface Settings {
  /** Glow and shine; off by default, as in the original web version, for slow devices. */
  readonly svgEffects: boolean;
  /** Dim the marbles that cannot be played. */
  readonly dimBlocked: boolean;
  /** Deal without the harder-board rules. */
  readonly sloppy: boolean;
  readonly difficulty: 'any' | 'easy' | 'normal' | 'hard';
}

const DEFAULTS: Settings = { svgEffects: false, dimBlocked: true, sloppy: false, difficulty: 'any' };
const HINT_BUDGET_MS = 2000;

const isSettings = (v: unknown): v is Settings => {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Record<string, unknown>;
  return (
    typeof s.svgEffects === 'boolean' &&
    typeof s.dimBlocked === 'boolean' &&
    typeof s.sloppy === 'boolean' &&
    ['any', 'easy', 'normal', 'hard'].includes(s.difficulty as string)
  );
};

const randomSeed = (): number => crypto.getRandomValues(new Uint32Array(1))[0] as number;
/** The stored settings as deal options for the next random board. */
const preferences = (settings: Settings) => ({
  difficulty: settings.difficulty === 'any' ? null : settings.difficulty,
  sloppy: settings.sloppy,
});

export function SigmarPage() {
  const [settings, setSettings] = useStoredState<Settings>('tessera.sigmar.settings', DEFAULTS, isSettings);
  const [request] = useState(() => readAddress(window.location.search));
  const [played, setPlayed] = useState<PageGame>(() =>
    openingGame(request, () => restoreGame(readStored(SAVED_GAME_KEY)), preferences(settings), randomSeed),
  );
  const game = played.state;
  const [selected, setSelected] = useState<number | null>(null);
  const [hinted, setHinted] = useState<readonly number[]>([]);
  const [message, setMessage] = useState<string>(request.errors.join(' '));
  // Information that is not a refusal, such as the link to share.
  const [note, setNote] = useState('');
  const [thinking, setThinking] = useState(false);
  const [showHelp, setShowHelp] = useState(false);
  // The last move in words, spoken with the status line after it (BoardText).
  const [lastMove, setLastMove] = useState('');
  const hintWorker = useRef<Worker | null>(null);
  const { race, racing, beforeHint } = useDailyRace(played);
  const cells = useMemo(() => cellsOf(game), [game]);
  const outcome = sigmar.outcome(game);
  const left = cells.slice(0, 91).filter((k) => k !== 0).length;

  // The address always names the board on screen (unless rnd=1), so copying it shares the board.
  useEffect(() => {
    if (request.rnd) return;
    const { pathname, search } = window.location;
    window.history.replaceState(null, '', `${pathname}${boardQuery(search, played.board)}`);
  }, [played.board, request.rnd]);
  const { seed, template, mirrored } = game;
  useEffect(() => {
    log.debug(`seed ${seed}, template ${template}${mirrored ? ' (mirrored)' : ''}`);
  }, [seed, template, mirrored]);
  // A reload resumes the game: the board and every move since.
  useEffect(() => {
    writeStored(SAVED_GAME_KEY, savedForm(played));
  }, [played]);

  // Dev tools API, as the original offers: game.setCfg({ dimBlocked: false, ... }).
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  useEffect(() => {
    (window as unknown as { game: unknown }).game = {
      setCfg: (partial: Partial<Settings>) => {
        const next = { ...settingsRef.current, ...partial };
        if (!isSettings(next)) throw new Error('setCfg: unknown value; see the Settings type');
        setSettings(next);
      },
      get state() {
        return game;
      },
    };
  }, [game, setSettings]);

  const apply = (move: SigmarMove): boolean => {
    const next = playOn(played, move);
    if (!next.ok) {
      setMessage(sentence(next.error));
      return false;
    }
    hintWorker.current?.terminate();
    setThinking(false);
    setPlayed(next.value);
    setSelected(null);
    setHinted([]);
    setMessage('');
    setNote('');
    // Undo at the start takes back a Try Again, not a removal.
    setLastMove(
      move.kind === 'undo' && game.removed.length === 0 ? 'Took back Try Again.' : moveInWords(move, cells),
    );
    return true;
  };

  const newBoard = (board: NamedBoard) => {
    hintWorker.current?.terminate();
    setThinking(false);
    setPlayed(dealGame(board));
    setSelected(null);
    setHinted([]);
    setMessage('');
    setNote('');
    setLastMove('A new board.');
  };

  const newRandomBoard = () => newBoard(randomBoard(request.template, preferences(settings), randomSeed()));

  const share = async () => {
    const link = `${window.location.origin}${window.location.pathname}${boardQuery('', played.board)}`;
    try {
      await navigator.clipboard.writeText(link);
      setNote(`Link copied: ${link}`);
    } catch {
      setNote(`Copy this link to share the board: ${link}`);
    }
  };

  const onCell = (cell: number) => {
    if (outcome) return;
    if (!isFree(cells, cell)) {
      setMessage('That marble is blocked: a marble is free when three sides in a row are open.');
      return;
    }
    // Gold pairs with nothing: it goes alone, or the rules say why not yet.
    if (cells[cell] === GOLD) {
      apply({ kind: 'remove', cells: [cell] });
      return;
    }
    if (selected === null) {
      setSelected(cell);
      setMessage('');
    } else if (selected === cell) {
      setSelected(null);
    } else if (!apply({ kind: 'remove', cells: [selected, cell] })) {
      setSelected(cell);
    }
  };

  const hint = async () => {
    hintWorker.current?.terminate();
    // On today's raced board the server counts the hint before it is shown.
    if (racing) {
      setThinking(true);
      const refusal = await beforeHint();
      if (refusal) {
        setThinking(false);
        setMessage(refusal);
        return;
      }
    }
    const worker = new Worker(new URL('./hint.worker.ts', import.meta.url), { type: 'module' });
    hintWorker.current = worker;
    setThinking(true);
    worker.onmessage = (event: MessageEvent<Suggestion>) => {
      worker.terminate();
      setThinking(false);
      const s = event.data;
      // A hint is information, not a refusal: it is a note, not in the error's red.
      setMessage('');
      if (s.kind === 'move') {
        setHinted(s.cells);
        setNote('Try the highlighted marbles.');
      } else if (s.kind === 'lost') setNote('The board cannot be cleared from here: undo, or try again.');
      else if (s.kind === 'unknown') setNote(`No answer within ${HINT_BUDGET_MS / 1000} s.`);
    };
    const request: HintRequest = { cells, budgetMs: HINT_BUDGET_MS };
    worker.postMessage(request);
  };

  usePageKeys((event) => {
    const key = event.key;
    if (key === 'u' && canUndo(game)) apply({ kind: 'undo' });
    else if (key === 'r' && game.removed.length > 0) apply({ kind: 'retry' });
    else if (key === 'n') newRandomBoard();
    else if (key === 'h') void hint();
    else if (key === 'Escape') setSelected(null);
    else return false;
    return true;
  });

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else
      void document.documentElement
        .requestFullscreen?.()
        .catch(() => setMessage('Fullscreen is not allowed here.'));
  };

  const status = outcome
    ? outcome.kind === 'win'
      ? 'The garden is clear. Well done!'
      : 'No moves left: undo, or try again.'
    : `${count(left, 'marble')} left.`;

  return (
    <section className="game sigmar">
      <h1>Sigmar's Garden</h1>
      <div className="board-wrap">
        <div className="toolbar">
          <button type="button" onClick={newRandomBoard} title="A new random board (key n)">
            Randomize
          </button>
          <button
            type="button"
            onClick={() => apply({ kind: 'retry' })}
            disabled={game.removed.length === 0}
            title="Back to this board's start (key r)"
          >
            Try Again
          </button>
          <button
            type="button"
            onClick={() => apply({ kind: 'undo' })}
            disabled={!canUndo(game)}
            title="Take back one reaction (key u)"
          >
            Undo
          </button>
          <button
            type="button"
            onClick={() => void hint()}
            disabled={thinking || outcome !== undefined}
            title={racing ? 'Counted on the daily leaderboard (key h)' : 'key h'}
          >
            {thinking ? 'Thinking…' : 'Hint'}
          </button>
        </div>
        <SigmarBoardSvg
          cells={cells}
          selected={selected}
          hinted={hinted}
          dimBlocked={settings.dimBlocked}
          effects={settings.svgEffects}
          onCell={onCell}
        />
        <div className="toolbar minor">
          <button type="button" onClick={() => setShowHelp(!showHelp)} aria-expanded={showHelp}>
            Help
          </button>
          <button type="button" onClick={toggleFullscreen}>
            Fullscreen
          </button>
          <Toggle
            label="Effects"
            on={settings.svgEffects}
            set={(v) => setSettings({ ...settings, svgEffects: v })}
          />
          <Toggle
            label="Dim Blocked"
            on={settings.dimBlocked}
            set={(v) => setSettings({ ...settings, dimBlocked: v })}
          />
          <Toggle
            label="Sloppy Gen"
            on={settings.sloppy}
            set={(v) => setSettings({ ...settings, sloppy: v })}
          />
        </div>
      </div>
      <aside className="side">
        <LearnLink gameId="sigmar" />
        <Status text={status} over={outcome !== undefined} message={message} note={note} live={false} />
        <DailyRacePanel race={race} daily={played.board.daily} />
        <BoardText position={describeSigmar(game)} announcement={`${lastMove} ${status}`.trim()} />
        <TypedMove
          notation="name two free marbles' cells, such as C4 E7 (gold alone: one cell), or undo, or retry"
          example="C4 E7"
          onMove={(text) => {
            const move = sigmar.parseMove(text, game);
            if (!move.ok) return sentence(move.error);
            // The rules say why a move is refused; the page's own answer to a click is for clicks.
            const next = sigmar.play(game, move.value);
            if (!next.ok) return sentence(next.error);
            apply(move.value);
            return undefined;
          }}
        />
        <p className="meta">
          Board {game.seed} · {game.template}
          {game.mirrored ? ' (mirrored)' : ''}
          {boardOptions(played.board)}
        </p>
        <div className="buttons">
          <button type="button" onClick={share} title="Copy a link that opens this board for anyone">
            Share this board
          </button>
          <button
            type="button"
            onClick={() => newBoard(dailyBoard(todayUtc()))}
            title={`The board of ${todayUtc()} (UTC), the same for everyone`}
          >
            Daily board
          </button>
          <label className="inline">
            Difficulty of new boards{' '}
            <select
              aria-label="Difficulty of new boards"
              value={settings.difficulty}
              onChange={(e) =>
                setSettings({ ...settings, difficulty: e.target.value as Settings['difficulty'] })
              }
            >
              <option value="any">any</option>
              <option value="easy">easy</option>
              <option value="normal">normal</option>
              <option value="hard">hard</option>
            </select>
          </label>
        </div>
        {showHelp && <Help />}
      </aside>
    </section>
  );
}

/** What, besides the seed, decides the board: " · hard · sloppy", " · daily board of 2026-11-24". */
function boardOptions({ options, daily }: NamedBoard): string {
  if (daily !== null) return ` · daily board of ${daily}`;
  return `${options.difficulty ? ` · ${options.difficulty}` : ''}${options.sloppy ? ' · sloppy' : ''}`;
}

function Toggle({ label, on, set }: { label: string; on: boolean; set: (v: boolean) => void }) {
  return (
    <button type="button" className={`toggle${on ? ' on' : ''}`} aria-pressed={on} onClick={() => set(!on)}>
      {label}
    </button>
  );
}

function Help() {
  return (
    <div className="help">
      <h2>How to play</h2>
      <p>
        Clear the board. Click two free marbles that react to remove them; a marble is free when three sides
        in a row are open. Vitae reacts with mors; an element with the same element or with salt; salt with
        salt; mercury with the lowest metal left (lead, tin, iron, copper, silver); gold goes alone, last.
      </p>
      <p>
        Every board can be cleared. Undo is unlimited and takes back Try Again too; Try Again goes back to the
        start; Hint asks the solver. A reload keeps your game. The address names this board for anyone who
        opens it (Share this board copies it); the daily board is the same for everyone on a day (UTC), and
        logged in you race it: the server times you from your first move, counts your hints and checks your
        moves when you clear it (Today's leaderboard shows the places). Keys: u undo, r try again, n new
        board, h hint, Esc deselect.
      </p>
      <p>
        Address options: <code>seed=N</code> a board, with <code>difficulty=easy|normal|hard</code> and{' '}
        <code>sloppy=1</code> when it was dealt so; <code>daily=YYYY-MM-DD</code> that day's board;{' '}
        <code>rnd=1</code> a new board on every refresh; <code>template=NAME</code> one of{' '}
        {TEMPLATE_NAMES.join(', ')}; <code>debug=1</code>, <code>trace=1</code>, <code>log=LEVEL</code>{' '}
        console logging.
      </p>
    </div>
  );
}

/** A move as the live line says it: "Removed salt C4 and fire E7." */
function moveInWords(move: SigmarMove, cells: ArrayLike<number>): string {
  if (move.kind === 'undo') return 'Took back the last removal.';
  if (move.kind === 'retry') return "Back to the board's start.";
  const named = move.cells.map((cell) => `${MARBLES[cells[cell] as number]?.name} ${cellName(cell)}`);
  return `Removed ${named.join(' and ')}.`;
}

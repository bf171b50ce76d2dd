import { useEffect, useMemo, useRef, useState } from 'react';
import {
  cellName,
  cellsOf,
  dailySeed,
  GOLD,
  isFree,
  type SigmarMove,
  type SigmarState,
  type Suggestion,
  sigmar,
  TEMPLATE_NAMES,
} from '../../games/sigmar/index.ts';
import { BoardText } from '../BoardText.tsx';
import { usePageKeys } from '../keys.ts';
import { log } from '../log.ts';
import { count } from '../plural.ts';
import { Status } from '../Status.tsx';
import { useStoredState } from '../storage.ts';
import { TypedMove } from '../TypedMove.tsx';
import { describeSigmar } from './describe.ts';
import type { HintRequest } from './hint.worker.ts';
import { MARBLES } from './marbles.ts';
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
const today = (): string => new Date().toISOString().slice(0, 10);

interface UrlRequest {
  seed: number | null;
  template: string | null;
  /** rnd=1: keep the seed out of the address, so Refresh deals a new board. */
  rnd: boolean;
  error: string | null;
}

function readUrl(): UrlRequest {
  const params = new URLSearchParams(window.location.search);
  const request: UrlRequest = { seed: null, template: null, rnd: params.get('rnd') === '1', error: null };
  const seed = params.get('seed');
  if (seed !== null) {
    if (/^\d{1,10}$/.test(seed) && Number(seed) < 2 ** 32) request.seed = Number(seed);
    else
      request.error = `seed must be a whole number from 0 to 4294967295, got "${seed}"; dealt a random board`;
  }
  const template = params.get('template');
  if (template !== null) {
    const checked = sigmar.parseOptions({ template });
    if (checked.ok) request.template = checked.value.template;
    else request.error = `${checked.error}; using a random template`;
  }
  return request;
}

function deal(seed: number, template: string | null, settings: Settings): SigmarState {
  const options = sigmar.parseOptions({
    template,
    sloppy: settings.sloppy,
    difficulty: settings.difficulty === 'any' ? null : settings.difficulty,
  });
  if (!options.ok) throw new Error(options.error);
  const state = sigmar.setup(options.value, seed);
  log.debug(`seed ${seed}, template ${state.template}${state.mirrored ? ' (mirrored)' : ''}`);
  return state;
}

function writeUrl(seed: number, template: string | null, rnd: boolean): void {
  const params = new URLSearchParams(window.location.search);
  params.delete('seed');
  if (!rnd) params.set('seed', String(seed));
  if (template) params.set('template', template);
  else params.delete('template');
  const query = params.toString();
  window.history.replaceState(null, '', `${window.location.pathname}${query ? `?${query}` : ''}`);
}

export function SigmarPage() {
  const [settings, setSettings] = useStoredState<Settings>('tessera.sigmar.settings', DEFAULTS, isSettings);
  const [request] = useState(readUrl);
  const [game, setGame] = useState<SigmarState>(() =>
    deal(request.seed ?? randomSeed(), request.template, settings),
  );
  const [selected, setSelected] = useState<number | null>(null);
  const [hinted, setHinted] = useState<readonly number[]>([]);
  const [message, setMessage] = useState<string>(request.error ?? '');
  const [thinking, setThinking] = useState(false);
  const [showHelp, setShowHelp] = useState(false);
  // The last move in words, spoken with the status line after it (BoardText).
  const [lastMove, setLastMove] = useState('');
  const hintWorker = useRef<Worker | null>(null);
  const cells = useMemo(() => cellsOf(game), [game]);
  const outcome = sigmar.outcome(game);
  const left = cells.slice(0, 91).filter((k) => k !== 0).length;

  // The address always names the board on screen (unless rnd=1), so copying it shares the board.
  useEffect(() => writeUrl(game.seed, request.template, request.rnd), [game.seed, request]);

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
    const next = sigmar.play(game, move);
    if (!next.ok) {
      setMessage(capitalise(next.error));
      return false;
    }
    hintWorker.current?.terminate();
    setThinking(false);
    setGame(next.value);
    setSelected(null);
    setHinted([]);
    setMessage('');
    setLastMove(moveInWords(move, cells));
    return true;
  };

  const newBoard = (seed: number) => {
    hintWorker.current?.terminate();
    setThinking(false);
    setGame(deal(seed, request.template, settings));
    setSelected(null);
    setHinted([]);
    setMessage('');
    setLastMove('A new board.');
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

  const hint = () => {
    hintWorker.current?.terminate();
    const worker = new Worker(new URL('./hint.worker.ts', import.meta.url), { type: 'module' });
    hintWorker.current = worker;
    setThinking(true);
    worker.onmessage = (event: MessageEvent<Suggestion>) => {
      worker.terminate();
      setThinking(false);
      const s = event.data;
      if (s.kind === 'move') {
        setHinted(s.cells);
        setMessage('Try the highlighted marbles.');
      } else if (s.kind === 'lost') setMessage('The board cannot be cleared from here: undo, or try again.');
      else if (s.kind === 'unknown') setMessage(`No answer within ${HINT_BUDGET_MS / 1000} s.`);
    };
    const request: HintRequest = { cells, budgetMs: HINT_BUDGET_MS };
    worker.postMessage(request);
  };

  usePageKeys((event) => {
    const key = event.key;
    if (key === 'u' && game.removed.length > 0) apply({ kind: 'undo' });
    else if (key === 'r' && game.removed.length > 0) apply({ kind: 'retry' });
    else if (key === 'n') newBoard(randomSeed());
    else if (key === 'h') hint();
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
          <button type="button" onClick={() => newBoard(randomSeed())} title="A new random board (key n)">
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
            disabled={game.removed.length === 0}
            title="Take back one reaction (key u)"
          >
            Undo
          </button>
          <button type="button" onClick={hint} disabled={thinking || outcome !== undefined} title="key h">
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
        <Status text={status} over={outcome !== undefined} message={message} live={false} />
        <BoardText position={describeSigmar(game)} announcement={`${lastMove} ${status}`.trim()} />
        <TypedMove
          notation="name two free marbles' cells, such as C4 E7 (gold alone: one cell), or undo, or retry"
          example="C4 E7"
          onMove={(text) => {
            const move = sigmar.parseMove(text, game);
            if (!move.ok) return capitalise(move.error);
            // The rules say why a move is refused; the page's own answer to a click is for clicks.
            const next = sigmar.play(game, move.value);
            if (!next.ok) return capitalise(next.error);
            apply(move.value);
            return undefined;
          }}
        />
        <p className="meta">
          Board {game.seed} · {game.template}
          {game.mirrored ? ' (mirrored)' : ''}
        </p>
        <div className="buttons">
          <button
            type="button"
            onClick={() => newBoard(dailySeed(today()))}
            title={`The board of ${today()}`}
          >
            Daily board
          </button>
          <label className="inline">
            Difficulty{' '}
            <select
              aria-label="Difficulty"
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
        Every board can be cleared. Undo is unlimited; Try Again goes back to the start; Hint asks the solver.
        Copy the address to share this board. Keys: u undo, r try again, n new board, h hint, Esc deselect.
      </p>
      <p>
        Address options: <code>seed=N</code> a board, <code>rnd=1</code> a new board on every refresh,{' '}
        <code>template=NAME</code> one of {TEMPLATE_NAMES.join(', ')}; <code>debug=1</code>,{' '}
        <code>trace=1</code>, <code>log=LEVEL</code> console logging.
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

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

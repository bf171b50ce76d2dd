import { useEffect, useMemo, useRef, useState } from 'react';
import {
  colourByNature,
  current,
  describeBlockage,
  formatMarks,
  formatMoveList,
  formatToolMove,
  goTo,
  isMarkName,
  type Lock,
  markList,
  moveOf,
  nextFreeMark,
  type Picking,
  parseMoveList,
  playMove,
  playMoves,
  setMark as setNamedMark,
  solution,
  startPicking,
  type ToolMove,
  toMark as toNamedMark,
} from '../../games/intricacy/index.ts';
import {
  HEX_DIRECTION_NAMES,
  HEX_DIRECTIONS,
  type Hex,
  hexAdd,
  hexDirectionOf,
  hexEquals,
  hexSub,
} from '../../grid/hex.ts';
import { usePageKeys } from '../keys.ts';
import { count } from '../plural.ts';
import { Status } from '../Status.tsx';
import { useStoredState } from '../storage.ts';
import { KeySettings } from './KeySettings.tsx';
import { type Action, actionOfKey, type KeyMap, keyHint, readKeyMap } from './keymap.ts';
import { LockSvg } from './LockSvg.tsx';
import { afterPhaseOne, samePlaces } from './phases.ts';
import { ZoomableLock } from './ZoomableLock.tsx';

interface Settings {
  readonly colouring: 'nature' | 'adjacent';
  readonly blockages: boolean;
  /** Show the two phases of a turn one after the other (off: the end of the turn at once). */
  readonly animate?: boolean;
}
const DEFAULTS: Settings = { colouring: 'adjacent', blockages: true, animate: true };
const isSettings = (v: unknown): v is Settings =>
  typeof v === 'object' &&
  v !== null &&
  ['nature', 'adjacent'].includes((v as Settings).colouring) &&
  typeof (v as Settings).blockages === 'boolean' &&
  ['boolean', 'undefined'].includes(typeof (v as Settings).animate);

const KEYS_KEY = 'tessera.intricacy.keys';
const PHASE_MS = 380;
const REPLAY_MS = 450;

// Screen directions for the on-screen pad, in the order the hex grid numbers them.
const PAD: readonly { dir: number; label: string }[] = [
  { dir: 2, label: '↖' },
  { dir: 1, label: '↗' },
  { dir: 3, label: '←' },
  { dir: 0, label: '→' },
  { dir: 4, label: '↙' },
  { dir: 5, label: '↘' },
];

export interface PickerProps {
  readonly lock: Lock;
  readonly title?: React.ReactNode;
  /** Teaching text shown above the board. */
  readonly intro?: React.ReactNode;
  /** Moves loaded ready to replay (a note's solution, a recorded solution). */
  readonly moves?: readonly ToolMove[];
  /** Called once each time a new solution opens the lock. */
  readonly onOpened?: (solution: readonly ToolMove[]) => void;
  /** More controls at the top of the side panel (the lock chooser, "next lock"). */
  readonly children?: React.ReactNode;
  /** More below the picking controls (a list of locks). */
  readonly footer?: React.ReactNode;
}

/**
 * Picking one lock: the board (taps move the selected tool), the pads, undo/redo, reset, named marks,
 * replay of the move list, the colouring and blockage toggles, the two phases of each turn shown
 * one after the other, and rebindable keys. Give it a `key` per lock: it keeps its own history.
 */
export function Picker({ lock, title = 'Intricacy', intro, moves, onOpened, children, footer }: PickerProps) {
  const [settings, setSettings] = useStoredState<Settings>(
    'tessera.intricacy.settings',
    DEFAULTS,
    isSettings,
  );
  const [keys, setKeysState] = useState<KeyMap>(() => readKeyMap(loadJson(KEYS_KEY)));
  const setKeys = (next: KeyMap) => {
    setKeysState(next);
    saveJson(KEYS_KEY, next);
  };
  const [picking, setPicking] = useState<Picking>(() => preload(lock, moves));
  const [message, setMessage] = useState(() =>
    moves?.length ? `${count(moves.length, 'move')} loaded: press Replay.` : '',
  );
  const [tool, setTool] = useState<'hook' | 'wrench'>('hook');
  const [replaying, setReplaying] = useState(false);
  const [anim, setAnim] = useState<{ lock: Lock; phase: 1 | 2 } | null>(null);
  // After the mark or to-mark key (or the Back to mark button): waiting for a mark's name.
  const [naming, setNaming] = useState<'mark' | 'toMark' | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const state = current(picking);

  const colours = useMemo(
    () =>
      settings.colouring === 'nature'
        ? colourByNature(state.lock)
        : (picking.colourings[picking.at] as readonly number[]),
    [state, picking, settings.colouring],
  );

  // Report each new solution once.
  const reported = useRef('');
  const solved = solution(picking);
  useEffect(() => {
    if (!solved) return;
    const text = formatMoveList(solved);
    if (text === reported.current) return;
    reported.current = text;
    onOpened?.(solved);
  }, [solved, onOpened]);

  // Replay: one turn forward every REPLAY_MS until the end of the history.
  useEffect(() => {
    if (!replaying) return;
    if (picking.at + 1 >= picking.states.length) {
      setReplaying(false);
      return;
    }
    const t = setTimeout(() => setPicking((p) => goTo(p, p.at + 1)), REPLAY_MS);
    return () => clearTimeout(t);
  }, [replaying, picking]);

  useEffect(
    () => () => {
      for (const t of timers.current) clearTimeout(t);
    },
    [],
  );
  function stopAnimation() {
    for (const t of timers.current) clearTimeout(t);
    timers.current = [];
    setAnim(null);
  }

  const move = (m: ToolMove) => {
    setReplaying(false);
    const next = playMove(picking, m);
    if (!next.ok) {
      setMessage(next.error);
      return;
    }
    setMessage('');
    stopAnimation();
    const after = current(next.value).lock;
    if (settings.animate !== false && !prefersReducedMotion()) {
      const between = afterPhaseOne(state.lock, m);
      if (between && !samePlaces(between, after)) {
        setAnim({ lock: between, phase: 1 });
        timers.current = [
          setTimeout(() => setAnim({ lock: after, phase: 2 }), PHASE_MS),
          setTimeout(() => setAnim(null), 2 * PHASE_MS),
        ];
      }
    }
    setPicking(next.value);
  };
  const jump = (at: number) => {
    setReplaying(false);
    stopAnimation();
    setMessage('');
    setPicking(goTo(picking, at));
  };
  const setMark = (name: string) => {
    setNaming(null);
    setPicking(setNamedMark(picking, name));
    setMessage(`Mark ${name} set at turn ${picking.at}.`);
  };
  const toMark = (name: string) => {
    setNaming(null);
    const back = toNamedMark(picking, name);
    if (!back.ok) return setMessage(back.error);
    jump(back.value.at);
    setMessage(`Back at mark ${name} (turn ${back.value.at}).`);
  };
  const askName = (what: 'mark' | 'toMark') => {
    if (what === 'toMark' && markList(picking.marks).length === 0) return setMessage('No marks set yet.');
    setNaming(what);
    setMessage(
      what === 'mark'
        ? 'Mark: press a letter or digit to name it (Esc cancels).'
        : 'Back to which mark? Press its letter or digit (Esc cancels).',
    );
  };
  // The key after the mark or to-mark key names the mark; it is not a rebindable action.
  const nameKey = (key: string): boolean => {
    if (['Shift', 'Control', 'Alt', 'Meta', 'CapsLock'].includes(key)) return false;
    const what = naming;
    setNaming(null);
    if (key === 'Escape') setMessage('');
    else if (!isMarkName(key)) setMessage('A mark is named by a letter or digit.');
    else if (what === 'mark') setMark(key);
    else toMark(key);
    return true;
  };
  const replay = () => {
    stopAnimation();
    if (replaying) {
      setReplaying(false);
      return;
    }
    if (picking.states.length < 2) {
      setMessage('Nothing to replay yet.');
      return;
    }
    if (picking.at + 1 >= picking.states.length) setPicking(goTo(picking, 0));
    setMessage('');
    setReplaying(true);
  };

  const run = (action: Action) => {
    const m = moveOf(action);
    if (m) return move(m);
    if (action === 'undo') jump(picking.at - 1);
    else if (action === 'redo') jump(picking.at + 1);
    else if (action === 'reset') jump(0);
    else if (action === 'mark') askName('mark');
    else if (action === 'toMark') askName('toMark');
    else if (action === 'replay') replay();
  };

  usePageKeys((event) => {
    if (naming) return nameKey(event.key);
    const action = actionOfKey(keys, event.key);
    if (!action) return false;
    run(action);
    return true;
  });

  // Touch and mouse on the board: tap a tool to choose it, tap a cell next to it to move it there.
  const tapCell = (h: Hex) => {
    const hook = state.lock.pieces[2];
    const wrench = state.lock.pieces[3];
    if (hook?.kind !== 'hook' || wrench?.kind !== 'wrench') return;
    const armEnd = hexAdd(hook.centre, HEX_DIRECTIONS[hook.arm] as Hex);
    if (hexEquals(h, hook.centre) || hexEquals(h, armEnd)) return setTool('hook');
    if (hexEquals(h, wrench.at)) return setTool('wrench');
    const from = tool === 'hook' ? hook.centre : wrench.at;
    const dir = hexDirectionOf(hexSub(h, from));
    if (dir < 0) {
      setMessage(`Tap a cell next to the ${tool} to move it, or tap the other tool to choose it.`);
      return;
    }
    move(tool === 'hook' ? { tool: 'hook', dir } : { tool: 'wrench', dir });
  };

  const [typed, setTyped] = useState('');
  const playTyped = () => {
    const list = parseMoveList(typed);
    if (!list.ok) return setMessage(list.error);
    const done = playMoves(picking, list.value);
    setPicking(done.picking);
    setMessage(done.error ?? '');
  };

  const shown = anim?.lock ?? state.lock;
  const shownBlockages = anim?.phase === 1 ? state.blockages.filter((b) => b.phase === 1) : state.blockages;
  const last = picking.moves[picking.at - 1];
  const hint = (a: Action) => keyHint(keys, a);
  const marks = markList(picking.marks);
  return (
    <section className="game intricacy">
      <h1>{title}</h1>
      <div className="board-wrap">
        {intro && <div className="intro">{intro}</div>}
        <p className="phase" aria-hidden="true">
          {anim ? (anim.phase === 1 ? 'Phase 1: the tools push' : 'Phase 2: the springs act') : ' '}
        </p>
        <ZoomableLock size={shown.size}>
          <LockSvg
            lock={shown}
            colours={colours}
            blockages={shownBlockages}
            showBlockages={settings.blockages}
            open={state.opened && !anim}
            onCell={tapCell}
            selected={tool}
          />
        </ZoomableLock>
      </div>
      <aside className="side">
        {children}
        <Status
          text={
            state.opened
              ? `Open! ${count(state.turns, 'turn')}.`
              : `Turn ${picking.at}${last ? `, last ${formatToolMove(last)}` : ''}.`
          }
          over={state.opened}
          message={message}
        />
        {marks.length > 0 && <p className="marks meta">Marks: {formatMarks(picking.marks)}</p>}
        {naming === 'toMark' && (
          <fieldset className="buttons mark-chooser" style={{ border: 0, padding: 0, margin: 0 }}>
            <legend>Back to which mark?</legend>
            {marks.map(({ name, turn }) => (
              <button
                key={name}
                type="button"
                onClick={() => toMark(name)}
                aria-label={`Back to mark ${name} (turn ${turn})`}
              >
                {name}@{turn}
              </button>
            ))}
            <button type="button" onClick={() => setNaming(null)}>
              Cancel
            </button>
          </fieldset>
        )}
        <div className="pads">
          <Pad title="Hook" active={tool === 'hook'} onDir={(dir) => move({ tool: 'hook', dir })} />
          <div className="pad-extra">
            <button
              type="button"
              onClick={() => run('hookCCW')}
              title={hint('hookCCW')}
              aria-label="Hook turn anticlockwise"
            >
              ⟲ turn
            </button>
            <button
              type="button"
              onClick={() => run('hookCW')}
              title={hint('hookCW')}
              aria-label="Hook turn clockwise"
            >
              ⟳ turn
            </button>
            <button type="button" onClick={() => run('wait')} title={hint('wait')}>
              Wait
            </button>
          </div>
          <Pad title="Wrench" active={tool === 'wrench'} onDir={(dir) => move({ tool: 'wrench', dir })} />
        </div>
        <div className="buttons">
          <button type="button" onClick={() => run('undo')} disabled={picking.at === 0} title={hint('undo')}>
            Undo
          </button>
          <button
            type="button"
            onClick={() => run('redo')}
            disabled={picking.at + 1 >= picking.states.length}
            title={hint('redo')}
          >
            Redo
          </button>
          <button
            type="button"
            onClick={() => run('reset')}
            disabled={picking.at === 0}
            title={hint('reset')}
          >
            Reset
          </button>
          <button
            type="button"
            onClick={() => setMark(nextFreeMark(picking.marks))}
            title={`Set the next free mark (${hint('mark')}, then a letter or digit to name it)`}
          >
            Mark
          </button>
          <button
            type="button"
            onClick={() => (naming === 'toMark' ? setNaming(null) : askName('toMark'))}
            disabled={marks.length === 0}
            aria-expanded={naming === 'toMark'}
            title={hint('toMark')}
          >
            Back to mark
          </button>
          <button type="button" onClick={replay} title={hint('replay')} aria-pressed={replaying}>
            {replaying ? 'Stop replay' : 'Replay'}
          </button>
        </div>
        <div className="buttons">
          <button
            type="button"
            className={`toggle${settings.colouring === 'adjacent' ? ' on' : ''}`}
            aria-pressed={settings.colouring === 'adjacent'}
            onClick={() =>
              setSettings({
                ...settings,
                colouring: settings.colouring === 'adjacent' ? 'nature' : 'adjacent',
              })
            }
          >
            Colours: {settings.colouring === 'adjacent' ? 'adjacent differ' : 'by nature'}
          </button>
          <button
            type="button"
            className={`toggle${settings.blockages ? ' on' : ''}`}
            aria-pressed={settings.blockages}
            onClick={() => setSettings({ ...settings, blockages: !settings.blockages })}
          >
            Blockages
          </button>
          <button
            type="button"
            className={`toggle${settings.animate !== false ? ' on' : ''}`}
            aria-pressed={settings.animate !== false}
            onClick={() => setSettings({ ...settings, animate: settings.animate === false })}
            title="Show each turn's two phases one after the other (off when the system asks for reduced motion)"
          >
            Phases
          </button>
        </div>
        {picking.moves.length > 0 && (
          <ol className="move-list" aria-label="Moves">
            {picking.moves
              .map((m, i) => ({ m, turn: i + 1 }))
              .map(({ m, turn }) => (
                <li key={turn}>
                  <button
                    type="button"
                    className={turn === picking.at ? 'current' : turn > picking.at ? 'future' : undefined}
                    onClick={() => jump(turn)}
                    aria-label={`Turn ${turn}: ${formatToolMove(m)}`}
                  >
                    {formatToolMove(m)}
                  </button>
                </li>
              ))}
          </ol>
        )}
        {settings.blockages && state.blockages.length > 0 && (
          <ul className="blockages" aria-label="Blockages">
            {state.blockages.map((b) => (
              <li key={describeBlockage(state.lock, b)}>{describeBlockage(state.lock, b)}</li>
            ))}
          </ul>
        )}
        {footer}
        <details className="typed-moves">
          <summary>Type moves</summary>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              playTyped();
            }}
          >
            <input
              aria-label="Moves to play"
              value={typed}
              placeholder="hE hE hNE h+ wSW ."
              onChange={(e) => setTyped(e.target.value)}
            />
            <button type="submit">Play</button>
          </form>
          <p className="meta">
            This lock so far:{' '}
            <code>{formatMoveList(picking.moves.slice(0, picking.at)) || '(no moves)'}</code>
          </p>
        </details>
        <KeySettings keys={keys} onChange={setKeys} />
        <details className="rules">
          <summary>How to pick a lock</summary>
          <p>
            Empty the bolt's housing (top right) by pushing or pulling the bolt into the lock. Move the hook
            and the wrench with the pads, by tapping the board (tap a tool to choose it, then a cell next to
            it), or with the keys: by default the original's: hook <kbd>l</kbd> <kbd>h</kbd> east/west,{' '}
            <kbd>u</kbd> <kbd>b</kbd> north-east/south-west, <kbd>y</kbd> <kbd>n</kbd> north-west/south-east,{' '}
            <kbd>k</kbd> <kbd>j</kbd> turn; the same letters in capitals move the wrench, which keeps moving
            until blocked; space waits. <kbd>z</kbd> undo, <kbd>x</kbd> redo, <kbd>r</kbd> reset, <kbd>m</kbd>{' '}
            and a letter or digit sets that mark, <kbd>'</kbd> and the letter goes back to it, <kbd>p</kbd>{' '}
            replay. Change them under "Keys". Each turn has two phases: first the tools push, then the springs
            act. Orange arrows are forces that were blocked; purple ones the forces that blocked them.
          </p>
        </details>
      </aside>
    </section>
  );
}

function Pad({ title, active, onDir }: { title: string; active: boolean; onDir: (dir: number) => void }) {
  return (
    <fieldset className={`pad${active ? ' active' : ''}`}>
      <legend>{title}</legend>
      {PAD.map(({ dir, label }) => (
        <button
          key={dir}
          type="button"
          onClick={() => onDir(dir)}
          aria-label={`${title} ${HEX_DIRECTION_NAMES[dir]}`}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}

function preload(lock: Lock, moves: readonly ToolMove[] | undefined): Picking {
  const start = startPicking(lock);
  if (!moves?.length) return start;
  return goTo(playMoves(start, moves).picking, 0);
}

const prefersReducedMotion = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

function loadJson(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}
function saveJson(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private browsing or a full quota: kept for this visit only.
  }
}

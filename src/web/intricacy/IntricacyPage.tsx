import { useMemo, useState } from 'react';
import {
  colourAdjacentDiffer,
  colourByNature,
  describeBlockage,
  formatToolMove,
  type IntricacyState,
  intricacy,
  type Lock,
  parseLock,
  parseToolMove,
  type ToolMove,
} from '../../games/intricacy/index.ts';
import { HEX_DIRECTION_NAMES } from '../../grid/hex.ts';
import { usePageKeys } from '../keys.ts';
import { Status } from '../Status.tsx';
import { useStoredState } from '../storage.ts';
import { LockSvg } from './LockSvg.tsx';
import { EXAMPLE_LOCKS } from './locks.ts';

interface Settings {
  readonly colouring: 'nature' | 'adjacent';
  readonly blockages: boolean;
}
const DEFAULTS: Settings = { colouring: 'adjacent', blockages: true };
const isSettings = (v: unknown): v is Settings =>
  typeof v === 'object' &&
  v !== null &&
  ['nature', 'adjacent'].includes((v as Settings).colouring) &&
  typeof (v as Settings).blockages === 'boolean';

interface Picking {
  readonly name: string;
  /** Every state reached; `at` is the one on screen (redo goes forward again). */
  readonly states: readonly IntricacyState[];
  readonly moves: readonly ToolMove[];
  /** Adjacent-differ colours of each state, each derived from the one before so they do not flicker. */
  readonly colourings: readonly (readonly number[])[];
  readonly at: number;
  readonly mark: number | null;
}

const start = (name: string, lock: Lock): Picking => ({
  name,
  states: [intricacy.setup(lock, 0)],
  moves: [],
  colourings: [colourAdjacentDiffer(lock)],
  at: 0,
  mark: null,
});

function loadExample(name: string): Picking {
  const example =
    EXAMPLE_LOCKS.find((l) => l.name === name) ?? (EXAMPLE_LOCKS[0] as { name: string; text: string });
  const lock = parseLock(example.text);
  if (!lock.ok) throw new Error(`bundled lock ${example.name} is broken: ${lock.error}`);
  return start(example.name, lock.value);
}

// Screen directions for the on-screen pad, in the order the hex grid numbers them.
const PAD: readonly { dir: number; label: string }[] = [
  { dir: 2, label: '↖' },
  { dir: 1, label: '↗' },
  { dir: 3, label: '←' },
  { dir: 0, label: '→' },
  { dir: 4, label: '↙' },
  { dir: 5, label: '↘' },
];

export function IntricacyPage() {
  const [settings, setSettings] = useStoredState<Settings>(
    'tessera.intricacy.settings',
    DEFAULTS,
    isSettings,
  );
  const [picking, setPicking] = useState<Picking>(() => loadExample('tutorial/pull'));
  const [message, setMessage] = useState('');
  const state = picking.states[picking.at] as IntricacyState;

  // Adjacent-differ colours come from the history, each derived from the one before.
  const colours = useMemo(
    () =>
      settings.colouring === 'nature'
        ? colourByNature(state.lock)
        : (picking.colourings[picking.at] as readonly number[]),
    [state, picking, settings.colouring],
  );

  const move = (m: ToolMove) => {
    const next = intricacy.play(state, m);
    if (!next.ok) {
      setMessage(next.error);
      return;
    }
    setMessage('');
    setPicking({
      ...picking,
      states: [...picking.states.slice(0, picking.at + 1), next.value],
      moves: [...picking.moves.slice(0, picking.at), m],
      colourings: [
        ...picking.colourings.slice(0, picking.at + 1),
        colourAdjacentDiffer(next.value.lock, picking.colourings[picking.at]),
      ],
      at: picking.at + 1,
    });
  };
  const goTo = (at: number) => {
    if (at < 0 || at >= picking.states.length) return;
    setMessage('');
    setPicking({ ...picking, at });
  };

  const setMark = () => {
    setPicking({ ...picking, mark: picking.at });
    setMessage(`Mark set at turn ${picking.at}.`);
  };
  const backToMark = () => {
    if (picking.mark !== null) goTo(picking.mark);
  };

  usePageKeys((event) => {
    const k = event.key;
    if (k === 'z') goTo(picking.at - 1);
    else if (k === 'x') goTo(picking.at + 1);
    else if (k === 'r') goTo(0);
    else if (k === 'm') setMark();
    else if (k === "'") backToMark();
    else if (k === ' ' || k === '.' || k === '5') move({ tool: 'wait' });
    else {
      // The original's keys: hook l h u b y n, turn k j; capitals move the wrench.
      const parsed = parseToolMove(k);
      if (!parsed.ok) return false;
      move(parsed.value);
    }
    return true;
  });

  const openFile = async (file: File | undefined) => {
    if (!file) return;
    const text = await file.text();
    const lock = parseLock(file.name.endsWith('.json') ? safeJson(text) : text);
    if (!lock.ok) {
      setMessage(`${file.name}: ${lock.error}`);
      return;
    }
    setPicking(start(file.name, lock.value));
    setMessage('');
  };

  const last = picking.moves[picking.at - 1];
  return (
    <section className="game intricacy">
      <h1>Intricacy</h1>
      <div className="board-wrap">
        <LockSvg
          lock={state.lock}
          colours={colours}
          blockages={state.blockages}
          showBlockages={settings.blockages}
          open={state.opened}
        />
      </div>
      <aside className="side">
        <Status
          text={
            state.opened
              ? `Open! ${state.turns} turns.`
              : `Turn ${picking.at}${last ? `, last ${formatToolMove(last)}` : ''}.`
          }
          over={state.opened}
          message={message}
        />
        <div className="pads">
          <Pad title="Hook" onDir={(dir) => move({ tool: 'hook', dir })} />
          <div className="pad-extra">
            <button type="button" onClick={() => move({ tool: 'hook', turn: 1 })} title="key k">
              ⟲ turn
            </button>
            <button type="button" onClick={() => move({ tool: 'hook', turn: -1 })} title="key j">
              ⟳ turn
            </button>
            <button type="button" onClick={() => move({ tool: 'wait' })} title="space or .">
              Wait
            </button>
          </div>
          <Pad title="Wrench" onDir={(dir) => move({ tool: 'wrench', dir })} />
        </div>
        <div className="buttons">
          <button
            type="button"
            onClick={() => goTo(picking.at - 1)}
            disabled={picking.at === 0}
            title="key z"
          >
            Undo
          </button>
          <button
            type="button"
            onClick={() => goTo(picking.at + 1)}
            disabled={picking.at + 1 >= picking.states.length}
            title="key x"
          >
            Redo
          </button>
          <button type="button" onClick={() => goTo(0)} disabled={picking.at === 0} title="key r">
            Reset
          </button>
          <button type="button" onClick={setMark} title="key m">
            Mark
          </button>
          <button type="button" onClick={backToMark} disabled={picking.mark === null} title="key '">
            Back to mark
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
        </div>
        <label>
          Lock{' '}
          <select
            aria-label="Lock"
            value={picking.name}
            onChange={(e) => setPicking(loadExample(e.target.value))}
          >
            {EXAMPLE_LOCKS.map((l) => (
              <option key={l.name} value={l.name}>
                {l.name}
              </option>
            ))}
            {!EXAMPLE_LOCKS.some((l) => l.name === picking.name) && (
              <option value={picking.name}>{picking.name}</option>
            )}
          </select>
        </label>
        <label className="file">
          Open a lock file{' '}
          <input type="file" accept=".lock,.txt,.json" onChange={(e) => void openFile(e.target.files?.[0])} />
        </label>
        {settings.blockages && state.blockages.length > 0 && (
          <ul className="blockages" aria-label="Blockages">
            {state.blockages.map((b) => (
              <li key={describeBlockage(state.lock, b)}>{describeBlockage(state.lock, b)}</li>
            ))}
          </ul>
        )}
        <details className="rules">
          <summary>How to pick a lock</summary>
          <p>
            Empty the bolt's housing (top right) by pushing or pulling the bolt into the lock. Move the hook
            and the wrench with the pads or the original's keys: hook <kbd>l</kbd> <kbd>h</kbd> east/west,{' '}
            <kbd>u</kbd> <kbd>b</kbd> north-east/south-west, <kbd>y</kbd> <kbd>n</kbd> north-west/south-east,{' '}
            <kbd>k</kbd> <kbd>j</kbd> turn; the same letters in capitals move the wrench, which keeps moving
            until blocked; space waits. <kbd>z</kbd> undo, <kbd>x</kbd> redo, <kbd>r</kbd> reset, <kbd>m</kbd>{' '}
            mark, <kbd>'</kbd> back to the mark. Orange arrows are forces that were blocked; purple ones the
            forces that blocked them.
          </p>
        </details>
      </aside>
    </section>
  );
}

function Pad({ title, onDir }: { title: string; onDir: (dir: number) => void }) {
  return (
    <fieldset className="pad">
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

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

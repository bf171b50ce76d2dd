import { useEffect, useMemo, useState } from 'react';
import {
  addBall,
  addSpring,
  colourAdjacentDiffer,
  type Edit,
  eraseAt,
  formatMoveList,
  KEY_DIRECTIONS,
  type Lock,
  lockProblems,
  lockToText,
  MAX_SIZE,
  MIN_SIZE,
  mergeBlocks,
  parseLockText,
  pieceAt,
  pieceCells,
  placeBlock,
  placePivot,
  standardLock,
  type ToolMove,
} from '../../../games/intricacy/index.ts';
import { HEX_DIRECTIONS, type Hex, hex, hexAdd, hexLength } from '../../../grid/index.ts';
import { usePageKeys } from '../../keys.ts';
import { count } from '../../plural.ts';
import { IntricacyNav } from '../IntricacyNav.tsx';
import { LockSvg } from '../LockSvg.tsx';
import { Picker } from '../Picker.tsx';
import { ZoomableLock } from '../ZoomableLock.tsx';
import {
  deleteSavedLock,
  loadDraft,
  lockFileText,
  parseMoves,
  saveDraft,
  savedLocks,
  saveLock,
  solutionInFile,
} from './saved.ts';

type Tool = 'block' | 'pivot' | 'ball' | 'spring' | 'merge' | 'erase';
const TOOLS: readonly { id: Tool; label: string; help: string }[] = [
  {
    id: 'block',
    label: 'Block',
    help: 'Tap an empty cell for a new block; next to the chosen block to grow it; on a block to choose it.',
  },
  {
    id: 'pivot',
    label: 'Pivot',
    help: "Tap an empty cell for a pivot centre; next to the chosen pivot's centre to add an arm; on an arm to remove it.",
  },
  { id: 'ball', label: 'Ball', help: 'Tap an empty cell for a ball.' },
  {
    id: 'spring',
    label: 'Spring',
    help: "Tap the root (a block cell or a pivot's centre), then the end (a cell of another block) in a straight line.",
  },
  { id: 'merge', label: 'Merge', help: 'Tap one block, then another: they become one block.' },
  { id: 'erase', label: 'Erase', help: 'Tap a block cell, an arm, a pivot centre, a ball, or a spring.' },
];

const DEFAULT_SIZE = 5;

function initial(): { name: string; lock: Lock; solution: ToolMove[] | null } {
  const draft = loadDraft();
  const parsed = draft ? parseLockText(draft.text) : null;
  if (draft && parsed?.ok)
    return { name: draft.name, lock: parsed.value, solution: parseMoves(draft.solution) };
  return { name: 'my-lock', lock: standardLock(DEFAULT_SIZE), solution: null };
}

/**
 * The lock editor: place and erase pieces, springs and arms, merge blocks, see the lock's
 * problems as they arise, test it (pick it; the moves that open it are kept as its solution),
 * and save it in the browser or as a .lock file, or load one.
 */
export function EditorPage() {
  const [start] = useState(initial);
  const [name, setName] = useState(start.name);
  const [lock, setLockState] = useState<Lock>(start.lock);
  const [history, setHistory] = useState<{ past: Lock[]; future: Lock[] }>({ past: [], future: [] });
  const [solution, setSolution] = useState<readonly ToolMove[] | null>(start.solution);
  const [tool, setTool] = useState<Tool>('block');
  const [selected, setSelected] = useState<number | null>(null);
  const [first, setFirst] = useState<Hex | null>(null);
  const [message, setMessage] = useState('');
  const [testing, setTesting] = useState(0); // 0: editing; otherwise the test run's serial
  const [saved, setSaved] = useState(savedLocks);
  const [size, setSize] = useState(start.lock.size);

  const text = useMemo(() => lockToText(lock), [lock]);
  const problems = useMemo(() => lockProblems(lock), [lock]);
  const colours = useMemo(() => colourAdjacentDiffer(lock), [lock]);
  useEffect(
    () => saveDraft({ name, text, solution: solution ? formatMoveList(solution) : null }),
    [name, text, solution],
  );

  const setLock = (next: Lock) => {
    if (next === lock) return;
    setHistory({ past: [...history.past.slice(-99), lock], future: [] });
    setLockState(next);
    setSolution(null); // a changed lock needs testing again
  };
  const undo = () => {
    const prev = history.past.at(-1);
    if (!prev) return;
    setHistory({ past: history.past.slice(0, -1), future: [lock, ...history.future] });
    setLockState(prev);
    setSolution(null);
    setSelected(null);
  };
  const redo = () => {
    const next = history.future[0];
    if (!next) return;
    setHistory({ past: [...history.past, lock], future: history.future.slice(1) });
    setLockState(next);
    setSolution(null);
    setSelected(null);
  };

  const apply = (r: Edit) => {
    if (!r.ok) {
      setMessage(r.error);
      return;
    }
    setMessage('');
    setLock(r.lock);
    if (r.selected !== undefined) setSelected(r.selected);
  };

  const tap = (h: Hex) => {
    if (tool === 'block') apply(placeBlock(lock, h, selected));
    else if (tool === 'pivot') apply(placePivot(lock, h, selected));
    else if (tool === 'ball') apply(addBall(lock, h));
    else if (tool === 'erase') apply(eraseAt(lock, h));
    else if (tool === 'spring') {
      if (!first) {
        setFirst(h);
        setMessage('Now tap the spring’s end, on another block.');
        return;
      }
      setFirst(null);
      apply(addSpring(lock, first, h));
    } else if (tool === 'merge') {
      const at = pieceAt(lock, h);
      if (selected === null || lock.pieces[selected]?.kind !== 'block') {
        if (at === undefined || lock.pieces[at]?.kind !== 'block' || at < 2)
          return setMessage('Tap one of the lock’s blocks first.');
        setSelected(at);
        setMessage('Now tap the block to merge into it.');
        return;
      }
      apply(mergeBlocks(lock, selected, at));
    }
  };

  // The keyboard: the hook's keys move a cursor, Enter or . applies the tool there, 1–6 choose it.
  // Shown once the keyboard is used (taps need no cursor).
  const [cursor, setCursor] = useState<Hex | null>(null);
  usePageKeys((event) => {
    if (testing) return false; // the picker has the keys while testing
    const dir = KEY_DIRECTIONS[event.key];
    if (dir !== undefined) {
      const next = cursor ? hexAdd(cursor, HEX_DIRECTIONS[dir] as Hex) : hex(0, 0);
      if (hexLength(next) <= lock.size) setCursor(next);
      return true;
    }
    if (event.key === 'Enter' || event.key === '.') {
      if (cursor) tap(cursor);
      else setCursor(hex(0, 0));
    } else if (event.key >= '1' && event.key <= '6')
      chooseTool((TOOLS[Number(event.key) - 1] as (typeof TOOLS)[number]).id);
    else if (event.key === 'z') undo();
    else if (event.key === 'x') redo();
    else return false;
    return true;
  });

  const chooseTool = (t: Tool) => {
    setTool(t);
    setFirst(null);
    setSelected(null);
    setMessage(TOOLS.find((x) => x.id === t)?.help ?? '');
  };

  const newLock = () => {
    if (
      lock.pieces.length > 4 &&
      !window.confirm('Start a new, empty lock? The current one is lost unless saved.')
    )
      return;
    setLock(standardLock(size));
    setSelected(null);
    setMessage(`A new lock of size ${size}.`);
  };

  const load = (lockText: string, lockName: string, moves: string | null) => {
    const parsed = parseLockText(lockText);
    if (!parsed.ok) {
      setMessage(`${lockName}: ${parsed.error}`);
      return;
    }
    setHistory({ past: [...history.past, lock], future: [] });
    setLockState(parsed.value);
    setSize(parsed.value.size);
    setSolution(parseMoves(moves));
    setName(lockName.replace(/\.lock$/, ''));
    setSelected(null);
    setMessage(`Loaded ${lockName}.`);
  };
  const openFile = async (file: File | undefined) => {
    if (!file) return;
    const fileText = await file.text();
    load(fileText, file.name, solutionInFile(fileText));
  };
  const save = () => {
    const trimmed = name.trim();
    if (!trimmed) return setMessage('Give the lock a name first.');
    const error = saveLock(trimmed, text, solution);
    setSaved(savedLocks());
    setMessage(error ?? `Saved “${trimmed}” in this browser${solution ? ' with its solution' : ''}.`);
  };
  const download = () => {
    const blob = new Blob([lockFileText(text, solution)], { type: 'text/plain' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${name.trim() || 'lock'}.lock`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  if (testing) {
    return (
      <>
        <IntricacyNav />
        <Picker key={testing} lock={lock} title={`Testing ${name}`} onOpened={(moves) => setSolution(moves)}>
          <div className="buttons">
            <button type="button" onClick={() => setTesting(0)}>
              Back to editing
            </button>
          </div>
          <p className="meta" aria-live="polite">
            {solution
              ? `Solution recorded: ${count(solution.length, 'move')}.`
              : 'Open the lock to record a solution.'}
          </p>
        </Picker>
      </>
    );
  }

  const sel = selected === null ? undefined : lock.pieces[selected];
  const marked = [...(sel ? pieceCells(sel) : []), ...(first ? [first] : [])];
  return (
    <>
      <IntricacyNav />
      <section className="game intricacy editor">
        <h1>Lock editor</h1>
        <div className="board-wrap">
          <ZoomableLock size={lock.size}>
            <LockSvg
              lock={lock}
              colours={colours}
              blockages={[]}
              showBlockages={false}
              open={false}
              onCell={tap}
              marked={marked}
              cursor={cursor ?? undefined}
              label={`Lock being edited, size ${lock.size}`}
            />
          </ZoomableLock>
        </div>
        <aside className="side">
          <fieldset className="tools">
            <legend>Tool</legend>
            {TOOLS.map((t, i) => (
              <button
                key={t.id}
                type="button"
                className={`toggle${tool === t.id ? ' on' : ''}`}
                aria-pressed={tool === t.id}
                onClick={() => chooseTool(t.id)}
                title={`${t.help} (key ${i + 1})`}
              >
                {t.label}
              </button>
            ))}
          </fieldset>
          {message && (
            <p className="meta" role="status">
              {message}
            </p>
          )}
          <div className="buttons">
            <button type="button" onClick={undo} disabled={history.past.length === 0}>
              Undo edit
            </button>
            <button type="button" onClick={redo} disabled={history.future.length === 0}>
              Redo edit
            </button>
            <button
              type="button"
              onClick={() => setTesting(Date.now())}
              disabled={problems.length > 0}
              title={
                problems.length > 0
                  ? 'Fix the problems first'
                  : 'Pick the lock; opening it records its solution'
              }
            >
              Test
            </button>
          </div>
          <div className={`validity${problems.length ? ' bad' : ' good'}`} aria-live="polite">
            {problems.length === 0 ? (
              <p>
                The lock is valid.{' '}
                {solution
                  ? `Solution recorded: ${count(solution.length, 'move')}.`
                  : 'Test it to record a solution.'}
              </p>
            ) : (
              <ul aria-label="Problems">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            )}
            <p className="meta">
              {count(lock.pieces.length - 4, 'piece')}, {count(lock.springs.length, 'spring')}.
            </p>
          </div>
          <div className="buttons">
            <label>
              Name{' '}
              <input
                aria-label="Lock name"
                value={name}
                onChange={(e) => setName(e.target.value)}
                size={14}
              />
            </label>
            <button type="button" onClick={save}>
              Save
            </button>
            <button type="button" onClick={download}>
              Download .lock
            </button>
          </div>
          <label className="file">
            Open a .lock file{' '}
            <input type="file" accept=".lock,.txt" onChange={(e) => void openFile(e.target.files?.[0])} />
          </label>
          {Object.keys(saved).length > 0 && (
            <ul className="saved-locks" aria-label="Saved locks">
              {Object.entries(saved).map(([n, s]) => (
                <li key={n}>
                  <button type="button" onClick={() => load(s.text, n, s.solution)}>
                    Load {n}
                  </button>{' '}
                  {s.solution ? '✓ solved' : 'not solved'}{' '}
                  <button
                    type="button"
                    className="minor"
                    aria-label={`Delete ${n}`}
                    onClick={() => {
                      deleteSavedLock(n);
                      setSaved(savedLocks());
                    }}
                  >
                    ×
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="buttons">
            <label>
              Size{' '}
              <select aria-label="Size" value={size} onChange={(e) => setSize(Number(e.target.value))}>
                {Array.from({ length: MAX_SIZE - MIN_SIZE + 1 }, (_, i) => i + MIN_SIZE).map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" onClick={newLock}>
              New lock
            </button>
          </div>
          <details>
            <summary>Keys</summary>
            <p className="meta">
              <kbd>l</kbd> <kbd>h</kbd> <kbd>u</kbd> <kbd>b</kbd> <kbd>y</kbd> <kbd>n</kbd> move the cursor
              (the hook's keys), <kbd>Enter</kbd> or <kbd>.</kbd> uses the tool there, <kbd>1</kbd>–
              <kbd>6</kbd> choose the tool, <kbd>z</kbd> <kbd>x</kbd> undo and redo an edit.
            </p>
          </details>
          <details>
            <summary>Lock file</summary>
            <pre className="lock-text">{lockFileText(text, solution)}</pre>
          </details>
        </aside>
      </section>
    </>
  );
}

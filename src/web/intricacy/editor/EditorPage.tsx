import { useEffect, useMemo, useState } from 'react';
import {
  colourAdjacentDiffer,
  formatMoveList,
  lockProblems,
  lockToText,
  MAX_SIZE,
  MIN_SIZE,
  pieceCells,
} from '../../../games/intricacy/index.ts';
import { type Hex, hex } from '../../../grid/index.ts';
import { usePageKeys } from '../../keys.ts';
import { count } from '../../plural.ts';
import { IntricacyNav } from '../IntricacyNav.tsx';
import { LockSvg } from '../LockSvg.tsx';
import { Picker } from '../Picker.tsx';
import { ZoomableLock } from '../ZoomableLock.tsx';
import { CriticPanel, useCritic } from './CriticPanel.tsx';
import { cursorStep, editorKey } from './editor-keys.ts';
import { type EditorCommand, editorStep, startEditor, TOOLS } from './editor-session.ts';
import { SpringList } from './SpringList.tsx';
import { loadDraft, lockFileText, saveDraft, solutionInFile } from './saved.ts';
import { useSavedLocks } from './useSavedLocks.ts';

const DEFAULT_SIZE = 5;

/**
 * The lock editor: place and erase pieces, springs and arms, merge blocks, see the lock's
 * problems as they arise, test it (pick it; the moves that open it are kept as its solution),
 * and save it in the browser or as a .lock file, or load one. What each tap, key and button
 * does to the lock is decided in editor-session.ts and editor-keys.ts.
 */
export function EditorPage() {
  const [session, setSession] = useState(() => startEditor(loadDraft(), DEFAULT_SIZE));
  const { lock, name, solution, tool, selected, first, message, size } = session;
  const [testing, setTesting] = useState(0); // 0: editing; otherwise the test run's serial
  const locks = useSavedLocks();
  const { saved } = locks;
  const run = (command: EditorCommand) => setSession((s) => editorStep(s, command));
  const say = (text: string) => run({ kind: 'say', message: text });

  const text = useMemo(() => lockToText(lock), [lock]);
  const problems = useMemo(() => lockProblems(lock), [lock]);
  const colours = useMemo(() => colourAdjacentDiffer(lock), [lock]);
  const critic = useCritic(lock);
  // Stepping through the critic's solution, the board shows the lock after that many moves.
  const stepped = critic.step > 0 ? critic.positions[critic.step] : undefined;
  useEffect(
    () => saveDraft({ name, text, solution: solution ? formatMoveList(solution) : null }),
    [name, text, solution],
  );

  const tap = (cell: Hex) => run({ kind: 'tap', cell });
  const undo = () => run({ kind: 'undo' });
  const redo = () => run({ kind: 'redo' });
  const chooseTool = (t: (typeof TOOLS)[number]['id']) => run({ kind: 'tool', tool: t });

  // The keyboard moves a cursor (shown once the keyboard is used: taps need no cursor).
  const [cursor, setCursor] = useState<Hex | null>(null);
  usePageKeys((event) => {
    if (testing) return false; // the picker has the keys while testing
    const key = editorKey(event.key);
    if (!key) return false;
    if (key.kind === 'cursor') {
      const next = cursorStep(cursor, key.dir, lock.size);
      if (next) setCursor(next);
    } else if (key.kind === 'use') {
      if (cursor) tap(cursor);
      else setCursor(hex(0, 0));
    } else if (key.kind === 'tool') chooseTool(key.tool);
    else run(key);
    return true;
  });

  const newLock = () => {
    if (
      lock.pieces.length > 4 &&
      !window.confirm('Start a new, empty lock? The current one is lost unless saved.')
    )
      return;
    run({ kind: 'new' });
  };

  const load = (lockText: string, lockName: string, moves: string | null) =>
    run({ kind: 'load', text: lockText, name: lockName, solution: moves });
  const openFile = async (file: File | undefined) => {
    if (!file) return;
    const fileText = await file.text();
    load(fileText, file.name, solutionInFile(fileText));
  };
  const save = () => {
    const trimmed = name.trim();
    if (!trimmed) return say('Give the lock a name first.');
    void locks.save(trimmed, text, solution).then(say);
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
        <Picker
          key={testing}
          lock={lock}
          title={`Testing ${name}`}
          onOpened={(moves) => run({ kind: 'solved', moves })}
        >
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
              lock={stepped?.lock ?? lock}
              colours={colours}
              blockages={stepped?.blockages ?? []}
              showBlockages={stepped !== undefined}
              open={stepped?.opened ?? false}
              // A tap while stepping goes back to the lock as drawn, to edit it.
              onCell={stepped ? () => critic.setStep(0) : tap}
              marked={stepped ? [] : marked}
              cursor={stepped ? undefined : (cursor ?? undefined)}
              label={
                stepped
                  ? `The lock after move ${critic.step} of the critic's solution`
                  : `Lock being edited, size ${lock.size}`
              }
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
            <button type="button" onClick={undo} disabled={session.past.length === 0}>
              Undo edit
            </button>
            <button type="button" onClick={redo} disabled={session.future.length === 0}>
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
          <CriticPanel critic={critic} disabled={problems.length > 0} />
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
          <SpringList lock={lock} run={run} />
          <div className="buttons">
            <label>
              Name{' '}
              <input
                aria-label="Lock name"
                value={name}
                onChange={(e) => run({ kind: 'rename', name: e.target.value })}
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
          {locks.note && <p className="error">{locks.note}</p>}
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
                    onClick={() => void locks.remove(n).then((problem) => problem && say(problem))}
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
              <select
                aria-label="Size"
                value={size}
                onChange={(e) => run({ kind: 'resize', size: Number(e.target.value) })}
              >
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

/**
 * The lock editor: a cursor over the hex grid places and erases blocks, pivots and their arms,
 * balls and springs (and tensions springs, < and >), merges blocks; the lock's problems (validity.ts) show live beside it; "t"
 * tests the lock by picking it; "S" and "L" save and load lock files in the text format; "N"
 * starts a new empty lock of the same size (asking first when there are unsaved edits); "C" asks
 * the lock critic (critic.ts) for its verdict, and "(" ")" step the board through its solution.
 */
import { Text } from 'ink';
import { createElement as h, useEffect, useMemo, useState } from 'react';
import {
  addBall,
  addBlockCell,
  addPivot,
  addSpring,
  BOLT,
  colourAdjacentDiffer,
  colourByNature,
  type Edit,
  easyLockQuestion,
  eraseAt,
  formatHex,
  isOpenCell,
  type Lock,
  lockProblems,
  mergeBlocks,
  pieceAt,
  pieceLabel,
  resize,
  setSpringNatural,
  springLength,
  springOn,
  standardLock,
  type ToolMove,
  toggleArm,
  type Verdict,
} from '../../games/intricacy/index.ts';
import { HEX_DIRECTIONS, type Hex, hex, hexAdd } from '../../grid/index.ts';
import { configPath } from '../config.ts';
import { useKeys } from '../key-queue.ts';
import { count } from '../plural.ts';
import type { Theme } from '../theme.ts';
import { boardLines, boardWidth } from './board.ts';
import { useTuiCritic } from './critic.ts';
import { HelpScreen, shortHelp } from './help.ts';
import { actionOf, directionOf, type KeyConfig, keyName, keyNames } from './keys.ts';
import { boardAndPanel, panelWidth, useTerminalSize } from './layout.ts';
import { readLockFile, savedSolution, writeLockFile } from './lock-files.ts';
import { PickScreen } from './pick-screen.ts';

export const NEW_LOCK_SIZE = 5;

interface Props {
  readonly theme: Theme;
  readonly keys: KeyConfig;
  readonly notice?: string;
  readonly onExit: () => void;
  /** Start from this lock instead of an empty one. */
  readonly initial?: Lock;
  /** Offered in the panel (the metagame's "place this lock"): called with the lock and a solution. */
  readonly onDone?: {
    readonly label: string;
    /** Called after the critic's verdict, which the caller may show its designer. */
    readonly go: (lock: Lock, solution: readonly ToolMove[], verdict: Verdict) => void;
  };
}

interface Prompt {
  readonly kind: 'save' | 'load';
  readonly text: string;
}

export function EditorScreen({ theme, keys, notice, onExit, initial, onDone }: Props) {
  const [undo, setUndo] = useState(() => ({ locks: [initial ?? standardLock(NEW_LOCK_SIZE)], at: 0 }));
  const [cursor, setCursor] = useState<Hex>(hex(0, 0));
  const [selected, setSelected] = useState<Hex | null>(null);
  const [springFrom, setSpringFrom] = useState<Hex | null>(null);
  const [prompt, setPrompt] = useState<Prompt | null>(null);
  const [path, setPath] = useState(() => configPath('locks/new.lock'));
  const [testing, setTesting] = useState(false);
  const [solution, setSolution] = useState<readonly ToolMove[] | null>(null);
  const [byNature, setByNature] = useState(false);
  const [help, setHelp] = useState(false);
  const [message, setMessage] = useState(notice ?? '');
  // The lock as last saved, loaded or started: any other lock on screen has unsaved edits.
  const [savedLock, setSavedLock] = useState<Lock>(() => undo.locks[0] as Lock);
  // A step that would drop unsaved edits waits for y: a new empty lock, or leaving the editor.
  const [confirm, setConfirm] = useState<'new' | 'quit' | 'place' | null>(null);
  const lock = undo.locks[undo.at] as Lock;
  const problems = useMemo(() => lockProblems(lock), [lock]);
  const critic = useTuiCritic(lock);
  // Placing waits for the critic's verdict, and asks first if the lock is easy.
  const [placing, setPlacing] = useState(false);
  // An edit while the critic judges the lock to be placed calls the placing off.
  // biome-ignore lint/correctness/useExhaustiveDependencies: it is the new lock that calls it off
  useEffect(() => setPlacing(false), [lock]);
  const { verdict } = critic;
  useEffect(() => {
    if (!placing || !verdict || !onDone || !solution) return;
    setPlacing(false);
    const question = easyLockQuestion(verdict);
    if (!question) return onDone.go(lock, solution, verdict);
    setConfirm('place');
    setMessage(`${question} y/n`);
  }, [placing, verdict, onDone, solution, lock]);
  const { columns } = useTerminalSize();

  const commit = (next: Lock) => {
    setUndo({ locks: [...undo.locks.slice(0, undo.at + 1), next], at: undo.at + 1 });
    setSolution(null);
  };
  const apply = (edit: Edit, said?: string) => {
    if (!edit.ok) return setMessage(edit.error);
    commit(edit.lock);
    if (said) setMessage(said);
  };
  const selectedPiece = selected ? pieceAt(lock, selected) : undefined;
  const move = (dir: number) => {
    const to = hexAdd(cursor, HEX_DIRECTIONS[dir] as Hex);
    if (Math.max(Math.abs(to.x), Math.abs(to.y), Math.abs(to.x + to.y)) <= lock.size + 1) setCursor(to);
  };

  // A new empty lock is one more edit, so undo still brings the old one back.
  const newLock = () => {
    const empty = standardLock(lock.size);
    commit(empty);
    setSavedLock(empty);
    setCursor(hex(0, 0));
    setSelected(null);
    setSpringFrom(null);
    setMessage(`new empty lock of size ${lock.size}`);
  };

  const runPrompt = (p: Prompt) => {
    setPrompt(null);
    const file = p.text.trim();
    if (file === '') return setMessage('no file named');
    setPath(file);
    if (p.kind === 'save') {
      const written = writeLockFile(file, lock, solution);
      if (written.ok) setSavedLock(lock);
      return setMessage(written.ok ? `saved ${written.path}` : written.error);
    }
    const read = readLockFile(file);
    if (!read.ok) return setMessage(read.error);
    commit(read.value);
    setSavedLock(read.value);
    // commit forgets the solution of the lock before; the file may keep this one's.
    setSolution(savedSolution(file, read.value));
    setCursor(hex(0, 0));
    setSelected(null);
    setMessage(`loaded ${file}`);
  };

  // A pre-tensioned spring: its natural length made shorter or longer than placed.
  const tension = (by: -1 | 1) => {
    const i = springOn(lock, cursor);
    const spring = i === undefined ? undefined : lock.springs[i];
    if (i === undefined || !spring) return setMessage('no spring here: put the cursor on one or its anchor');
    const natural = spring.natural + by;
    const length = springLength(spring);
    const state =
      natural === length ? 'at rest' : natural < length ? 'stretched, it pulls' : 'compressed, it pushes';
    apply(
      setSpringNatural(lock, i, natural),
      `spring ${i + 1}: natural length ${natural}, placed ${length} (${state})`,
    );
  };

  const editorKeys = new Map<string, () => void>([
    [
      '+',
      () => {
        const made = addBlockCell(lock, cursor, selectedPiece);
        if (made.ok && made.selected !== selectedPiece) setSelected(cursor);
        apply(made);
      },
    ],
    [
      '*',
      () => {
        const made = addBlockCell(lock, cursor, undefined);
        if (made.ok) setSelected(cursor);
        apply(made, 'new block started: add cells with +');
      },
    ],
    [
      'enter',
      () => {
        const i = pieceAt(lock, cursor);
        setSelected(i === undefined ? null : cursor);
        setMessage(i === undefined ? 'nothing selected' : `selected ${pieceLabel(lock, i)}`);
      },
    ],
    ['M', () => apply(mergeBlocks(lock, selectedPiece, pieceAt(lock, cursor)), 'blocks merged')],
    [
      'o',
      () => {
        const made = addPivot(lock, cursor);
        if (made.ok) setSelected(cursor);
        apply(made, 'pivot placed: give it arms with -');
      },
    ],
    ['-', () => apply(toggleArm(lock, cursor, selectedPiece))],
    ['O', () => apply(addBall(lock, cursor))],
    [
      '~',
      () => {
        if (!springFrom) {
          setSpringFrom(cursor);
          return setMessage(
            `spring from ${formatHex(cursor)}: put the cursor on the end anchor and press ~ again`,
          );
        }
        setSpringFrom(null);
        apply(addSpring(lock, springFrom, cursor), 'spring added at its natural length');
      },
    ],
    ['<', () => tension(-1)],
    ['>', () => tension(1)],
    ['.', () => apply(eraseAt(lock, cursor))],
    ['[', () => apply(resize(lock, lock.size - 1), `size ${lock.size - 1}`)],
    [']', () => apply(resize(lock, lock.size + 1), `size ${lock.size + 1}`)],
    [
      't',
      () => {
        if (problems.length > 0) return setMessage('fix the problems listed before testing the lock');
        setTesting(true);
      },
    ],
    ['S', () => setPrompt({ kind: 'save', text: path })],
    ['L', () => setPrompt({ kind: 'load', text: path })],
    [
      'N',
      () => {
        if (lock === savedLock) return newLock();
        setConfirm('new');
        setMessage(`new empty lock of size ${lock.size}? The unsaved edits go (undo brings them back). y/n`);
      },
    ],
  ]);
  editorKeys.set('space', editorKeys.get('+') as () => void);
  editorKeys.set('delete', editorKeys.get('.') as () => void);
  editorKeys.set('C', () => {
    if (problems.length > 0) return setMessage('fix the problems listed before asking the critic');
    critic.start();
  });
  editorKeys.set(')', () => critic.setStep(Math.min(critic.step + 1, critic.lastStep)));
  editorKeys.set('(', () => critic.setStep(Math.max(critic.step - 1, 0)));
  if (onDone && solution && problems.length === 0)
    editorKeys.set('P', () => {
      setPlacing(true);
      if (!critic.verdict) critic.start();
    });

  // One key's effect; keys that arrive together (typed fast, or a loaded machine) wait in
  // `queued` and are handled one per render, each seeing the state the previous one left.
  const handleKey = (name: string) => {
    if (confirm) {
      setConfirm(null);
      if (name !== 'y') return setMessage(confirm === 'place' ? 'not placed' : 'kept the lock being edited');
      if (confirm === 'place') return onDone && solution && verdict && onDone.go(lock, solution, verdict);
      return confirm === 'new' ? newLock() : onExit();
    }
    // Stepping through the critic's solution, any other key goes back to the lock as drawn.
    if (critic.step > 0 && name !== '(' && name !== ')') {
      critic.setStep(0);
      return setMessage('back to the lock as drawn');
    }
    const own = editorKeys.get(name);
    if (own) return own();
    if (name === 'left') return move(3);
    if (name === 'right') return move(0);
    // Up and down alternate between the two diagonals so the cursor keeps its column.
    if (name === 'up') return move(cursor.y % 2 === 0 ? 1 : 2);
    if (name === 'down') return move(cursor.y % 2 !== 0 ? 4 : 5);
    const action = actionOf(keys.bindings, name);
    if (!action) return;
    const dir = directionOf(action);
    if (dir !== null) return move(dir);
    if (action === 'undo' || action === 'redo') {
      const at = undo.at + (action === 'undo' ? -1 : 1);
      if (at < 0 || at >= undo.locks.length) return setMessage(`nothing to ${action}`);
      setSolution(null);
      return setUndo({ ...undo, at });
    }
    if (action === 'colours') return setByNature(!byNature);
    if (action === 'help') return setHelp(true);
    if (action === 'quit') {
      if (lock === savedLock) return onExit();
      setConfirm('quit');
      return setMessage('leave the editor? The unsaved edits go (S saves them first). y/n');
    }
  };
  const [queued, setQueued] = useState<readonly string[]>([]);
  useEffect(() => {
    const [first, ...rest] = queued;
    if (first === undefined) return;
    // A key that opened a prompt, the help or the test screen takes the rest of the chunk away.
    if (prompt || help || testing) return setQueued([]);
    setQueued(rest);
    handleKey(first);
  });

  useKeys((input, key) => {
    if (testing) return;
    const name = keyName(input, key);
    if (help) return setHelp(false);
    if (prompt) {
      if (name === 'enter') return runPrompt(prompt);
      if (name === 'escape') return setPrompt(null);
      if (name === 'ctrl+u') return setPrompt({ ...prompt, text: '' });
      if (name === 'backspace' || name === 'delete')
        return setPrompt({ ...prompt, text: prompt.text.slice(0, -1) });
      if (input && !key.ctrl && !key.meta) setPrompt({ ...prompt, text: prompt.text + input });
      return;
    }
    setMessage('');
    const names = keyNames(input, key);
    setQueued((q) => [...q, ...names]);
  });

  if (testing) {
    return h(PickScreen, {
      lock,
      title: 'Testing the lock (quit returns to the editor)',
      theme,
      keys,
      onExit: () => setTesting(false),
      onSolved: (moves) => setSolution(moves),
    });
  }
  if (help) return h(HelpScreen, { keys, theme, what: 'edit' });

  const colours = byNature ? colourByNature(lock) : colourAdjacentDiffer(lock);
  const highlight = new Map<number, string>();
  if (selectedPiece !== undefined && selectedPiece > 0) highlight.set(selectedPiece, 'cyan');
  const { stepped } = critic;
  const board = stepped
    ? boardLines(stepped.lock, { colours })
    : boardLines(lock, { colours, cursor, highlight: theme.colour ? highlight : undefined });
  const width = panelWidth(columns, boardWidth(lock.size));
  const here = pieceAt(lock, cursor);
  const red = theme.colour ? 'red' : undefined;
  const panel = [
    h(Text, { key: 't', bold: true }, `Lock editor, size ${lock.size}`),
    h(
      Text,
      { key: 'c', wrap: 'wrap' },
      `Cursor ${formatHex(cursor)}${isOpenCell(lock, cursor) ? '' : ' (outside)'}${here !== undefined ? `: ${pieceLabel(lock, here)}` : ''}`,
    ),
    h(
      Text,
      { key: 's', wrap: 'wrap' },
      `Selected: ${selectedPiece !== undefined ? pieceLabel(lock, selectedPiece) : 'none'}`,
    ),
    problems.length === 0
      ? h(
          Text,
          { key: 'v', color: theme.colour ? 'green' : undefined, wrap: 'wrap' },
          `Valid lock.${solution ? ` Solved in ${count(solution.length, 'move')}.` : ' Test it with t.'}${
            lock.springs.some((sp) => sp.end === BOLT)
              ? ''
              : ' (The bolt hangs on no spring, so it never moves.)'
          }`,
        )
      : h(
          Text,
          { key: 'v', color: red, wrap: 'wrap' },
          `${problems.length} problem${problems.length > 1 ? 's' : ''}: ${problems.slice(0, 2).join('; ')}`,
        ),
    ...critic.lines.map((line, i) => h(Text, { key: `critic${i}`, wrap: 'wrap' }, line)),
    onDone && solution && problems.length === 0
      ? h(Text, { key: 'd', bold: true, wrap: 'wrap' }, `P: ${onDone.label}`)
      : null,
    prompt
      ? h(
          Text,
          { key: 'p', wrap: 'wrap', inverse: theme.colour },
          `${prompt.kind === 'save' ? 'Save to' : 'Load from'} (Enter, Esc cancels, ctrl+u clears): ${prompt.text}_`,
        )
      : null,
    message ? h(Text, { key: 'e', color: red, wrap: 'wrap' }, message) : null,
    h(Text, { key: 'k', dimColor: theme.colour, wrap: 'wrap' }, shortHelp(keys, 'edit')),
  ];
  return boardAndPanel(board, panel, width, theme);
}

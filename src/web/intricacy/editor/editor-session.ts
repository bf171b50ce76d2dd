/**
 * The lock editor's state and what each command does to it, as pure functions: the lock with
 * its undo and redo, the chosen tool and what it has half done (the chosen piece, a spring's
 * root), the solution recorded by testing, the name and the size for a new lock, and the
 * message line. EditorPage.tsx holds a session in React state; the decisions are here.
 */
import {
  addBall,
  addSpring,
  BOLT,
  blockName,
  type Edit,
  eraseAt,
  type Lock,
  mergeBlocks,
  parseLockText,
  pieceAt,
  placeBlock,
  placePivot,
  setSpringNatural,
  springLength,
  standardLock,
  type ToolMove,
} from '../../../games/intricacy/index.ts';
import type { Hex } from '../../../grid/index.ts';
import { parseMoves } from './saved.ts';

export type EditorTool = 'block' | 'pivot' | 'ball' | 'spring' | 'merge' | 'erase';

export const TOOLS: readonly { id: EditorTool; label: string; help: string }[] = [
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
    help: "Tap the root (a block cell or a pivot's centre), then the end (a cell of another block) in a straight line. Under Springs, a natural length shorter than placed pulls the end in; longer pushes it out.",
  },
  { id: 'merge', label: 'Merge', help: 'Tap one block, then another: they become one block.' },
  { id: 'erase', label: 'Erase', help: 'Tap a block cell, an arm, a pivot centre, a ball, or a spring.' },
];

/** How many earlier locks undo keeps. */
export const UNDO_DEPTH = 100;

export interface EditorSession {
  readonly lock: Lock;
  /** Earlier locks, the latest last (undo), and locks undone, the next first (redo). */
  readonly past: readonly Lock[];
  readonly future: readonly Lock[];
  /** The moves that opened this lock when tested; any change to the lock drops them. */
  readonly solution: readonly ToolMove[] | null;
  readonly name: string;
  /** The size of the next new lock. */
  readonly size: number;
  readonly tool: EditorTool;
  /** The piece the tool works on (a block to grow or merge into, a pivot to give arms). */
  readonly selected: number | null;
  /** A spring's root, tapped before its end. */
  readonly first: Hex | null;
  readonly message: string;
}

export type EditorCommand =
  | { readonly kind: 'tap'; readonly cell: Hex }
  | { readonly kind: 'tool'; readonly tool: EditorTool }
  | { readonly kind: 'undo' }
  | { readonly kind: 'redo' }
  | { readonly kind: 'new' }
  /** A lock file's text, named by its file or its saved name, with a solution if one is known. */
  | { readonly kind: 'load'; readonly text: string; readonly name: string; readonly solution: string | null }
  | { readonly kind: 'solved'; readonly moves: readonly ToolMove[] }
  | { readonly kind: 'rename'; readonly name: string }
  | { readonly kind: 'resize'; readonly size: number }
  /** Spring `spring`'s natural length, left where it is (a pre-tensioned spring when not its length). */
  | { readonly kind: 'natural'; readonly spring: number; readonly natural: number }
  | { readonly kind: 'say'; readonly message: string };

/** A session on a draft lock kept from the last visit, or on an empty lock of `size`. */
export function startEditor(
  draft: { name: string; text: string; solution: string | null } | null,
  size: number,
): EditorSession {
  const parsed = draft ? parseLockText(draft.text) : null;
  const lock = parsed?.ok ? parsed.value : standardLock(size);
  return {
    lock,
    past: [],
    future: [],
    solution: draft && parsed?.ok ? parseMoves(draft.solution) : null,
    name: draft && parsed?.ok ? draft.name : 'my-lock',
    size: lock.size,
    tool: 'block',
    selected: null,
    first: null,
    message: '',
  };
}

export function editorStep(s: EditorSession, c: EditorCommand): EditorSession {
  switch (c.kind) {
    case 'tap':
      return tap(s, c.cell);
    case 'tool':
      return {
        ...s,
        tool: c.tool,
        first: null,
        selected: null,
        message: TOOLS.find((t) => t.id === c.tool)?.help ?? '',
      };
    case 'undo':
      return undo(s);
    case 'redo':
      return redo(s);
    case 'new':
      return {
        ...changeLock(s, standardLock(s.size)),
        selected: null,
        message: `A new lock of size ${s.size}.`,
      };
    case 'load':
      return load(s, c.text, c.name, c.solution);
    case 'solved':
      return { ...s, solution: c.moves };
    case 'rename':
      return { ...s, name: c.name };
    case 'resize':
      return { ...s, size: c.size };
    case 'natural':
      return apply(s, setSpringNatural(s.lock, c.spring, c.natural));
    case 'say':
      return { ...s, message: c.message };
  }
}

/** The lock changed by an edit: the old one goes on the undo list and the solution is dropped. */
function changeLock(s: EditorSession, next: Lock): EditorSession {
  if (next === s.lock) return s;
  return { ...s, lock: next, past: [...s.past.slice(-(UNDO_DEPTH - 1)), s.lock], future: [], solution: null };
}

function apply(s: EditorSession, edit: Edit): EditorSession {
  if (!edit.ok) return { ...s, message: edit.error };
  const changed = changeLock({ ...s, message: '' }, edit.lock);
  return edit.selected === undefined ? changed : { ...changed, selected: edit.selected };
}

function tap(s: EditorSession, cell: Hex): EditorSession {
  const { lock, selected, first } = s;
  switch (s.tool) {
    case 'block':
      return apply(s, placeBlock(lock, cell, selected));
    case 'pivot':
      return apply(s, placePivot(lock, cell, selected));
    case 'ball':
      return apply(s, addBall(lock, cell));
    case 'erase':
      return apply(s, eraseAt(lock, cell));
    case 'spring':
      if (!first) return { ...s, first: cell, message: 'Now tap the spring’s end, on another block.' };
      return apply({ ...s, first: null }, addSpring(lock, first, cell));
    case 'merge': {
      const at = pieceAt(lock, cell);
      if (selected === null || lock.pieces[selected]?.kind !== 'block') {
        if (at === undefined || lock.pieces[at]?.kind !== 'block' || at < 2)
          return { ...s, message: 'Tap one of the lock’s blocks first.' };
        return { ...s, selected: at, message: 'Now tap the block to merge into it.' };
      }
      return apply(s, mergeBlocks(lock, selected, at));
    }
  }
}

function undo(s: EditorSession): EditorSession {
  const prev = s.past.at(-1);
  if (!prev) return s;
  return {
    ...s,
    lock: prev,
    past: s.past.slice(0, -1),
    future: [s.lock, ...s.future],
    solution: null,
    selected: null,
  };
}

function redo(s: EditorSession): EditorSession {
  const [next, ...rest] = s.future;
  if (!next) return s;
  return { ...s, lock: next, past: [...s.past, s.lock], future: rest, solution: null, selected: null };
}

function load(s: EditorSession, text: string, name: string, solution: string | null): EditorSession {
  const parsed = parseLockText(text);
  if (!parsed.ok) return { ...s, message: `${name}: ${parsed.error}` };
  return {
    ...changeLock(s, parsed.value),
    size: parsed.value.size,
    solution: parseMoves(solution),
    name: name.replace(/\.lock$/, ''),
    selected: null,
    message: `Loaded ${name}.`,
  };
}

/** A spring as the editor lists it, with its natural length beside its placed one. */
export interface SpringRow {
  readonly index: number;
  /** "the frame to block A". */
  readonly joins: string;
  readonly length: number;
  readonly natural: number;
  readonly tension: string;
}

const shortName = (lock: Lock, i: number): string => {
  const p = lock.pieces[i];
  if (i === 0) return 'the frame';
  if (i === BOLT) return 'the bolt';
  return p?.kind === 'block' ? `block ${blockName(lock, i)}` : `the ${p?.kind ?? 'piece'}`;
};

/** Every spring of the lock, in order, and what its natural length does. */
export function springRows(lock: Lock): SpringRow[] {
  return lock.springs.map((s, index) => {
    const length = springLength(s);
    const end = shortName(lock, s.end);
    const root = shortName(lock, s.root);
    return {
      index,
      joins: `${root} to ${end}`,
      length,
      natural: s.natural,
      tension:
        s.natural === length
          ? 'at rest'
          : s.natural < length
            ? `stretched: pulls ${end} towards ${root}`
            : `compressed: pushes ${end} away from ${root}`,
    };
  });
}

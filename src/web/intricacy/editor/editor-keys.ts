/**
 * The editor's keys: the hook's direction keys move a cursor over the lock, Enter or . uses
 * the tool at the cursor, 1–6 choose the tool, z and x undo and redo an edit.
 */
import { KEY_DIRECTIONS } from '../../../games/intricacy/index.ts';
import { HEX_DIRECTIONS, type Hex, hex, hexAdd, hexLength } from '../../../grid/index.ts';
import { type EditorTool, TOOLS } from './editor-session.ts';

export type EditorKey =
  | { readonly kind: 'cursor'; readonly dir: number }
  | { readonly kind: 'use' }
  | { readonly kind: 'tool'; readonly tool: EditorTool }
  | { readonly kind: 'undo' }
  | { readonly kind: 'redo' };

/** What a key does in the editor, or null for a key it leaves alone. */
export function editorKey(key: string): EditorKey | null {
  const dir = KEY_DIRECTIONS[key];
  if (dir !== undefined) return { kind: 'cursor', dir };
  if (key === 'Enter' || key === '.') return { kind: 'use' };
  const tool = key.length === 1 && key >= '1' && key <= '6' ? TOOLS[Number(key) - 1] : undefined;
  if (tool) return { kind: 'tool', tool: tool.id };
  if (key === 'z') return { kind: 'undo' };
  if (key === 'x') return { kind: 'redo' };
  return null;
}

/**
 * Where the cursor goes one step towards `dir`: it appears at the centre on the first step, and
 * stays where it is (null) rather than leave a lock of `size`.
 */
export function cursorStep(cursor: Hex | null, dir: number, size: number): Hex | null {
  const next = cursor ? hexAdd(cursor, HEX_DIRECTIONS[dir] as Hex) : hex(0, 0);
  return hexLength(next) <= size ? next : null;
}

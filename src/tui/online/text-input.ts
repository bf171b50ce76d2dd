/** Typing into a one-line field with Ink's input hook: printable characters and Backspace. */
import type { Key } from 'ink';

/** The field's new text, or null when the key is not an edit. */
export function editText(text: string, input: string, key: Key, maxLength = 100): string | null {
  if (key.backspace || key.delete) return text.slice(0, -1);
  if (key.ctrl && input === 'u') return '';
  if (key.ctrl || key.meta || key.return || key.tab || key.escape) return null;
  if (key.upArrow || key.downArrow || key.leftArrow || key.rightArrow) return null;
  // A paste arrives as one chunk; keep its printable characters.
  const printable = [...input].filter((c) => c >= ' ' && c !== '\x7f').join('');
  if (!printable) return null;
  return (text + printable).slice(0, maxLength);
}

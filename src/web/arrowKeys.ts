/**
 * The step an arrow key asks for on a board, as [columns right, rows down the screen], or null for
 * any other key. Every board page moves its keyboard cursor with these.
 */
export function arrowStep(key: string): readonly [number, number] | null {
  switch (key) {
    case 'ArrowLeft':
      return [-1, 0];
    case 'ArrowRight':
      return [1, 0];
    case 'ArrowUp':
      return [0, -1];
    case 'ArrowDown':
      return [0, 1];
    default:
      return null;
  }
}

/** Whether the key plays at the cursor (Enter or Space, as on a button). */
export const isChooseKey = (key: string): boolean => key === 'Enter' || key === ' ';

/**
 * How Atom-4's eight colours look on the board (black 000 … white 111, by colour bit set): the
 * same in both page themes, since the board is dark in both. Every piece carries its letter as
 * well, so colours are told apart without seeing colour (theme.test.ts checks the letters'
 * contrast on their pieces).
 */
export const SWATCHES = [
  '#1b1b1f',
  '#e03131',
  '#2f9e44',
  '#f2c500',
  '#1c64d6',
  '#9c36b5',
  '#15aabf',
  '#f8f9fa',
];

/** The letter on each piece (K is black). */
export const MARKS = ['K', 'R', 'G', 'Y', 'B', 'P', 'C', 'W'] as const;

/** Dark letters on light pieces, light letters on dark ones. */
export const MARK_INK = ['#fff', '#fff', '#1b1b1f', '#1b1b1f', '#fff', '#fff', '#1b1b1f', '#1b1b1f'];

/** Pieces too dark to stand out from the dark board by their fill (3:1) get a light outline
 * (atom4.css, `.piece.outlined`). */
export const OUTLINED: readonly string[] = ['K', 'B', 'P'];

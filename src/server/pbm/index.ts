/** The PBeM command language: commands in, one text reply out, over HTTP or mail. */
export { afterMoves } from './play.ts';
export { runPbm } from './run.ts';
export { isCommandWord, shownCommand, withoutWordsOf } from './secrets.ts';
